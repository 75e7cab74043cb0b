import { describe, expect, it } from '@jest/globals';
import { perOpCounts } from '../../src/counts/per-op.js';
import type { Run, Side } from '../../src/model.js';
import { measurement, run } from '../builders.js';

/** One count run: `count` instructions for `benchmark` at `work` iterations. */
function countRun(benchmark: string, side: Side, round: number, work: number, count: number, extra: Partial<Run> = {}): Run {
  const m = measurement({ benchmark, metric: 'instructions', unit: 'instructions', values: [count], deterministic: true });
  return { ...run({ side, round, measurements: [m], ...extra }), benchmark, work } as Run;
}

describe('perOpCounts', () => {
  it('differences the two works of each repetition, pairing by key whatever the log order', () => {
    const runs = [
      countRun('A', 'base', 2, 200, 5000 + 200 * 11),
      countRun('A', 'head', 1, 100, 5000 + 100 * 12),
      countRun('A', 'base', 1, 200, 5000 + 200 * 10),
      countRun('A', 'base', 1, 100, 5000 + 100 * 10),
      countRun('A', 'head', 1, 200, 5000 + 200 * 12),
      countRun('A', 'base', 2, 100, 5000 + 100 * 11),
      countRun('B', 'base', 1, 10, 70),
      countRun('B', 'base', 1, 30, 110),
    ];
    const out = perOpCounts(runs);
    expect(out.get('A')).toEqual({ base: [10, 11], head: [12] });
    expect(out.get('B')).toEqual({ base: [2], head: [] });
  });

  it('leaves out a repetition missing one of its pair or whose run failed, and whole-suite runs', () => {
    const runs = [
      countRun('A', 'base', 1, 100, 1000),
      countRun('A', 'base', 1, 200, 2000),
      countRun('A', 'base', 2, 100, 1000),
      countRun('A', 'base', 3, 100, 1000),
      countRun('A', 'base', 3, 200, 2000, { error: 'crashed' }),
      run({ side: 'base', round: 1 }),
    ];
    expect([...perOpCounts(runs)]).toEqual([['A', { base: [10], head: [] }]]);
  });
});
