import { describe, expect, it } from '@jest/globals';
import { compareRuns } from '../../src/analysis/index.js';
import type { AnalysisSettings, Measurement, Run, Side } from '../../src/model.js';
import { DETERMINISTIC_TOLERANCE, deterministicOutcome } from '../../src/stats/deterministic.js';
import { run } from '../builders.js';

describe('deterministicOutcome', () => {
  it('decides identical sides and sides of different constant counts', () => {
    expect(deterministicOutcome([100, 100], [100, 100])).toEqual({ kind: 'equal' });
    expect(deterministicOutcome([100, 100, 100], [104, 104])).toEqual({ kind: 'different', ratio: 1.04 });
    expect(deterministicOutcome([5e9, 5e9 + 1], [4e9, 4e9])).toEqual({ kind: 'different', ratio: 4e9 / (5e9 + 0.5) });
  });

  it('treats variation within the tolerance as one value', () => {
    const jitter = 1e6 * DETERMINISTIC_TOLERANCE * 0.5;
    expect(deterministicOutcome([1e6, 1e6 + jitter], [1e6 + jitter, 1e6])).toEqual({ kind: 'equal' });
    expect(deterministicOutcome([1e6, 1e6 + jitter], [1.04e6, 1.04e6 + jitter])?.kind).toBe('different');
  });

  it('leaves everything else to the statistics', () => {
    expect(deterministicOutcome([100], [104, 104])).toBeNull(); // one run on a side
    expect(deterministicOutcome([100, 100.5], [104, 104])).toBeNull(); // base varies by 0.5%
    expect(deterministicOutcome([100, 100, 100.01], [100.01, 100.02, 100.02])).toBeNull(); // steady sides that touch: not equal, not apart
    expect(deterministicOutcome([0, 0], [3, 3])).toBeNull(); // no ratio of a zero base
  });
});

const settings: AnalysisSettings = { alpha: 0.05, thresholdPct: 2, correction: 'holm', sampling: 'run' };

/** `rounds` rounds of one deterministic count per side plus one noisy wall time. */
function runs(
  rounds: number,
  count: (side: Side, round: number) => number,
  extra: (side: Side, round: number) => Measurement[] = () => [],
): Run[] {
  const out: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const side of ['base', 'head'] as const) {
      const measurements: Measurement[] = [
        {
          benchmark: 'prog',
          metric: 'instructions',
          unit: 'instructions',
          better: 'lower',
          deterministic: true,
          values: [count(side, round)],
        },
        ...extra(side, round),
      ];
      out.push(run({ suite: 's', side, round, position: 0, startedAt: '', wallMs: 1, measurements }));
    }
  }
  return out;
}

const prog = (r: Run[], s = settings) => compareRuns(r, s).find((c) => c.benchmark === 'prog')!;

describe('the deterministic rule in compareRuns', () => {
  it('flags an exact +4% at 2 rounds, where a rank test cannot reach significance', () => {
    const c = prog(runs(2, (side) => (side === 'base' ? 1_000_000 : 1_040_000)));
    expect(c).toMatchObject({ verdict: 'regression', test: { name: 'exact-count', p: 0 }, p: 0, pAdjusted: 0, deterministic: true });
    expect(c.changePct).toBeCloseTo(4, 10);
    expect(c.changeCi).toEqual([c.changePct, c.changePct]);
  });

  it('calls identical counts unchanged, and an exact change below the threshold unchanged with a note', () => {
    expect(prog(runs(2, () => 1_000_000))).toMatchObject({ verdict: 'unchanged', test: { name: 'exact-count', p: 1 }, p: 1 });
    const small = prog(runs(3, (side) => (side === 'base' ? 1_000_000 : 1_005_000)));
    expect(small.verdict).toBe('unchanged');
    expect(small.warnings.map((w) => w.code)).toContain('below-threshold');
    expect(prog(runs(2, (side) => (side === 'base' ? 1_000_000 : 960_000))).verdict).toBe('improvement');
  });

  it('falls back to the rank test when the counts vary from run to run', () => {
    const c = prog(runs(2, (side, round) => (side === 'base' ? 1_000_000 : 1_040_000) * (1 + round * 0.003)));
    expect(c.test!.name).toBe('mann-whitney');
    expect(c.verdict).toBe('inconclusive');
  });

  it('applies only to measurements marked deterministic', () => {
    const r = runs(2, (side) => (side === 'base' ? 1_000_000 : 1_040_000));
    for (const run of r) delete run.measurements[0]!.deterministic;
    expect(prog(r).test!.name).toBe('mann-whitney');
  });

  it('does not enlarge the correction family of the other benchmarks', () => {
    // Two rank-tested benchmarks, fully separated at 4 rounds (exact p = 2/70 each): Holm over
    // the two of them adjusts each to 2p; had the exact count joined the family, it would be 3p.
    const noisyPair = (side: Side, round: number): Measurement[] =>
      ['a', 'b'].map((name) => ({
        benchmark: name,
        metric: 'time',
        unit: 's',
        better: 'lower' as const,
        values: [(side === 'base' ? 1 : 1.5) + round * 0.01],
      }));
    const all = compareRuns(
      runs(4, () => 1_000_000, noisyPair),
      settings,
    );
    const rankTested = all.filter((c) => c.benchmark !== 'prog');
    expect(rankTested.map((c) => c.benchmark).sort()).toEqual(['a', 'b']);
    for (const c of rankTested) expect(c.pAdjusted).toBeCloseTo(c.p! * 2, 10);
  });
});
