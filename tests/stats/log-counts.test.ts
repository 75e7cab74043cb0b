import { describe, expect, it } from '@jest/globals';
import { allPositive, farAbovePool, logStats, pct, pooledSpread, tQuantile } from '../../src/stats/log-counts.js';

describe('logStats', () => {
  it('gives Δ of the sides’ mean log counts and the within-side sum of squares over both', () => {
    // Python's math module: mean(log h) - mean(log b), and the two sides' sums of squared log deviations.
    const stats = logStats([100, 102, 98], [110, 111, 109]);
    expect(stats.d).toBeCloseTo(0.09541599046365246, 14);
    expect(stats.ss).toBeCloseTo(0.0009655395781855535, 16);
    expect(stats).toMatchObject({ df: 4, nBase: 3, nHead: 3 });
    expect(logStats([5], [7]).df).toBe(0);
  });

  it('turns a log ratio into a percent change', () => {
    expect(pct(Math.log(1.1))).toBeCloseTo(10, 12);
    expect(pct(0.09541599046365246)).toBeCloseTo(10.011639788322015, 10);
  });
});

describe('allPositive', () => {
  it('holds only for finite counts above 0 on both sides', () => {
    expect(allPositive([1, 2], [3])).toBe(true);
    for (const bad of [0, -1, Number.NaN, Infinity]) expect(allPositive([1, bad], [3])).toBe(false);
  });
});

describe('pooledSpread and farAbovePool', () => {
  it('pools sums of squares over their df, and has no pool without df', () => {
    expect(
      pooledSpread([
        { ss: 0.02, df: 4 },
        { ss: 0.01, df: 2 },
      ]),
    ).toEqual({ variance: 0.005, df: 6 });
    expect(pooledSpread([{ ss: 0, df: 0 }])).toBeNull();
  });

  it('keeps out a benchmark whose variance is beyond the F quantile at the guard, and only that one', () => {
    // F(4, 40) upper 5% point: 2.6059749 (scipy.stats.f.ppf(0.95, 4, 40)).
    const pool = { variance: 0.01, df: 40 };
    const at = (ratio: number) => ({ ss: 4 * 0.01 * ratio, df: 4 });
    expect(farAbovePool(at(2.6059749 * 1.01), pool, 0.05)).toBe(true);
    expect(farAbovePool(at(2.6059749 * 0.99), pool, 0.05)).toBe(false);
    expect(farAbovePool({ ss: 1e-9, df: 2 }, { variance: 0, df: 10 }, 0.05)).toBe(true);
    expect(farAbovePool({ ss: 0, df: 2 }, { variance: 0, df: 10 }, 0.05)).toBe(false);
    expect(farAbovePool(at(100), null, 0.05)).toBe(false);
    expect(farAbovePool({ ss: 1, df: 0 }, pool, 0.05)).toBe(false);
  });
});

describe('tQuantile', () => {
  it('is Student’s t quantile, the same on a second call', () => {
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228138851986274, 10);
    expect(tQuantile(0.975, 10)).toBe(tQuantile(0.975, 10));
  });
});
