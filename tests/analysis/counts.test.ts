import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../src/analysis/index.js';
import { verdictText } from '../../src/report/rows.js';
import type { Run, Side } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';
import { measurement, run } from '../builders.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const SMALL = 1000;
const LARGE = 2000;
const STARTUP = 3e6;

/** The two count runs of one repetition: start-up plus `perOp` per iteration at each work, in the order given. */
function repetition(benchmark: string, side: Side, round: number, perOp: number): Run[] {
  return [LARGE, SMALL].map((work) => {
    const m = measurement({
      benchmark,
      metric: 'instructions',
      unit: 'instructions',
      values: [STARTUP + perOp * work],
      deterministic: true,
    });
    return { ...run({ side, round, measurements: [m] }), benchmark, work } as Run;
  });
}

/**
 * A count log: 8 benchmarks with a 0.2% log spread per op, 'Slower' +10% on head, 'Edge' +2%
 * (never decidable against a 2% threshold), each repetition run until its benchmark would close.
 */
function countLog(): Run[] {
  const rng = createRng(7);
  const runs: Run[] = [];
  const plan: [string, number, number][] = [
    ...Array.from({ length: 6 }, (_, i): [string, number, number] => [`Quiet${i}`, 0, 3]),
    ['Slower', 10, 3],
    ['Edge', 2, 6],
  ];
  for (const [name, change, reps] of plan) {
    for (let round = 1; round <= reps; round++) {
      for (const side of ['head', 'base'] as Side[]) {
        const perOp = 500 * (side === 'head' ? 1 + change / 100 : 1) * Math.exp(rng.normal(0, 0.002));
        runs.push(...repetition(name, side, round, perOp));
      }
    }
  }
  return runs;
}

describe('analyze on a count log', () => {
  it('replays the count rule: the regression found, the quiet decided unchanged, the edge inconclusive with its interval', () => {
    const result = analyze({ header: testHeader(), runs: countLog(), end: null, settings: TEST_SETTINGS });
    const by = new Map(result.comparisons.map((c) => [c.benchmark, c]));
    expect(result.comparisons).toHaveLength(8);
    const slower = by.get('Slower')!;
    expect(slower).toMatchObject({
      metric: 'instructions',
      verdict: 'regression',
      test: { name: 'count-rule', p: null },
      p: null,
      gating: true,
    });
    expect(slower.changePct).toBeCloseTo(10, 0);
    expect(slower.changeCi![0]).toBeGreaterThan(2);
    expect(slower.baseSamples).toHaveLength(3);
    for (let i = 0; i < 6; i++) expect(by.get(`Quiet${i}`)!.verdict).toBe('unchanged');
    const edge = by.get('Edge')!;
    expect(edge.verdict).toBe('inconclusive');
    expect(edge.baseSamples).toHaveLength(6);
    expect(edge.changeCi![0]).toBeLessThan(2);
    expect(edge.changeCi![1]).toBeGreaterThan(2);
    expect(result.verdict).toBe('fail');
    expect(result.failures.noResults).toBe(false);
    expect(result.comparisons[0]!.benchmark).toBe('Slower');
    expect(verdictText(slower)).toBe('regression: decided after 3 repetitions');
    expect(verdictText(by.get('Quiet0')!)).toBe('unchanged: within ±2% after 3 repetitions');
    expect(verdictText(edge)).toBe('inconclusive after 6 repetitions');
  });

  it('reports a benchmark only head has as added, and one whose base runs failed as failed', () => {
    const runs = [
      ...repetition('New', 'head', 1, 100),
      ...repetition('Broken', 'head', 1, 100),
      { ...repetition('Broken', 'base', 1, 100)[0]!, error: 'crashed', measurements: [] },
    ];
    const by = new Map(
      analyze({ header: testHeader(), runs, end: null, settings: TEST_SETTINGS }).comparisons.map((c) => [c.benchmark, c.verdict]),
    );
    expect(by.get('New')).toBe('added');
    expect(by.get('Broken')).toBe('failed');
  });
});
