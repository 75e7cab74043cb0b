import { describe, expect, it } from '@jest/globals';
import { boundaries, nominalP } from '../../src/adaptive/boundaries.js';
import { decideLook, isLook, plannedLooks, type AdaptiveDesign, type LookInput } from '../../src/adaptive/design.js';
import type { LookStatistic } from '../../src/adaptive/statistics.js';

const design: AdaptiveDesign = { alpha: 0.01, spending: 'obrien-fleming', test: 'mann-whitney', thresholdPct: 2, confLevel: 0.95 };
const schedule = { minRounds: 10, lookEvery: 5, maxRounds: 30 };

/** A statistic with a given p, estimate and interval. */
const stat = (p: number, changePct: number, ci: [number, number]): LookStatistic => ({
  p,
  n: 10,
  within: (t) => ci[0] > -t && ci[1] < t,
  change: () => ({ changePct, ci }),
});

const input = (key: string, s: LookStatistic | null, rejected = false): LookInput => ({ key, stat: s, looks: [30], rejected });

describe('the look schedule', () => {
  it('looks after the first block, every k rounds, and always at the last round', () => {
    expect(plannedLooks(schedule)).toEqual([10, 15, 20, 25, 30]);
    expect(plannedLooks({ minRounds: 8, lookEvery: 10, maxRounds: 25 })).toEqual([8, 18, 25]);
    expect(isLook(9, schedule)).toBe(false);
  });
});

describe('decideLook', () => {
  // At the last look with a single look of its own, the boundary is the fixed-sample one.
  const level = (m: number) => nominalP(boundaries(design.alpha / m, design.spending, [1])[0]!);

  it('flags a significant change beyond the threshold, in its direction', () => {
    const out = decideLook(design, schedule, 2, 0, [input('a', stat(1e-6, 8, [5, 11])), input('b', stat(1e-6, -8, [-11, -5]))]);
    expect(out.map((o) => o.decision)).toEqual([
      { kind: 'changed', sign: 1 },
      { kind: 'changed', sign: -1 },
    ]);
  });

  it('passes the alpha of a rejected benchmark to the others (Holm), and only then', () => {
    const between = (level(3) + level(2)) / 2; // rejected at alpha / 2, not at alpha / 3
    const alone = decideLook(design, schedule, 3, 0, [input('a', stat(between, 5, [3, 7])), input('b', stat(0.5, 0, [-5, 5]))]);
    expect(alone[0]!.rejected).toBe(false);
    const after = decideLook(design, schedule, 3, 0, [
      input('a', stat(between, 5, [3, 7])),
      input('b', stat(0.5, 0, [-5, 5])),
      input('c', stat(1e-9, 9, [7, 11])),
    ]);
    expect(after.map((o) => o.rejected)).toEqual([true, false, true]);
    expect(after[0]!.decision).toEqual({ kind: 'changed', sign: 1 });
    // A rejection at an earlier look counts the same.
    const earlier = decideLook(design, schedule, 3, 1, [input('a', stat(between, 5, [3, 7]))]);
    expect(earlier[0]!.rejected).toBe(true);
  });

  it('does not shrink the family when benchmarks stop for equivalence', () => {
    // Two of three closed as unchanged: the last is still tested at alpha / 3.
    const out = decideLook(design, schedule, 3, 0, [input('a', stat((level(3) + level(1)) / 2, 5, [3, 7]))]);
    expect(out[0]!.rejected).toBe(false);
  });

  it('stops for equivalence when the interval lies inside ±threshold, and keeps a small significant change open', () => {
    const out = decideLook(design, schedule, 2, 0, [input('a', stat(0.3, 0.1, [-1.5, 1.9])), input('b', stat(1e-9, 1.2, [0.8, 2.4]))]);
    expect(out[0]!.decision).toEqual({ kind: 'equivalent' });
    expect(out[1]!).toMatchObject({ rejected: true, decision: { kind: 'open' } });
  });

  it('leaves a benchmark without a statistic open', () => {
    expect(decideLook(design, schedule, 1, 0, [input('a', null)])[0]!.decision).toEqual({ kind: 'open' });
  });
});
