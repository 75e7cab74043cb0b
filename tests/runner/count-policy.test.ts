import { describe, expect, it } from '@jest/globals';
import { resolveConfig, sourced } from '../../src/config.js';
import { countPolicy } from '../../src/counts-policy.js';
import type { Run, Side } from '../../src/model.js';
import { measurement, run } from '../builders.js';

const config = (raw: Record<string, unknown> = {}) =>
  resolveConfig([sourced({ bench: 'go test -bench .', format: 'go', measure: 'instructions', ...raw }, (k) => `--${k}`)], '/repo');

/** One repetition of a benchmark on a side: the small and the large run, `perOp` apart per iteration. */
const repetition = (benchmark: string, side: Side, round: number, perOp: number): Run[] =>
  [1000, 2000].map((work) =>
    run({
      side,
      round,
      benchmark,
      work,
      measurements: [
        measurement({ benchmark, metric: 'instructions', unit: 'instructions', values: [5e6 + work * perOp], deterministic: true }),
      ],
    }),
  );

const runsOf = (perBenchmark: Record<string, { base: number[]; head: number[] }>): Run[] =>
  Object.entries(perBenchmark).flatMap(([name, sides]) =>
    (['base', 'head'] as const).flatMap((side) => sides[side].flatMap((v, i) => repetition(name, side, i + 1, v))),
  );

describe('countPolicy', () => {
  it('runs the count rule: settled benchmarks stop, one whose change sits at the threshold gets another repetition', () => {
    const policy = countPolicy(config());
    expect(policy.minRepetitions).toBeGreaterThanOrEqual(2);
    expect(policy.maxRepetitions).toBeGreaterThanOrEqual(policy.minRepetitions);
    const runs = runsOf({
      same: { base: [1000, 1001, 999], head: [1000, 1000.5, 999.5] },
      faster: { base: [1000, 1001, 999], head: [700, 701, 699] },
      // +2% ± noise against a 2% threshold: neither side of it yet.
      edge: { base: [1000, 1004, 996], head: [1020, 1026, 1014] },
    });
    expect(policy.stillOpen(runs)).toEqual(['edge']);
  });

  it('never asks for more of a benchmark one side lacks, nor of an ignored one', () => {
    const policy = countPolicy(config({ ignore: 'noisy*' }));
    const runs = runsOf({
      added: { base: [], head: [1000, 1001, 999] },
      noisyEdge: { base: [1000, 1004, 996], head: [1020, 1026, 1014] },
    });
    expect(policy.stillOpen(runs)).toEqual([]);
  });
});
