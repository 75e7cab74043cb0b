import { describe, expect, it } from '@jest/globals';
import { createRng, maxSplitTSf, StatsError, studentTSf, type Rng } from '../../src/stats/index.js';

/** The largest |pooled t| over the n - 1 splits of x: what a change-point search maximises. */
function largestSplitT(x: readonly number[]): number {
  const n = x.length;
  let sum = 0;
  let squares = 0;
  for (const v of x) {
    sum += v;
    squares += v * v;
  }
  const total = squares - (sum * sum) / n;
  let best = 0;
  let left = 0;
  for (let k = 1; k < n; k++) {
    left += x[k - 1]!;
    const between = ((k * (n - k)) / n) * (left / k - (sum - left) / (n - k)) ** 2;
    best = Math.max(best, ((n - 2) * between) / (total - between));
  }
  return Math.sqrt(best);
}

/** The simulated null tail: sorted largest |t| of `runs` normal series of n. */
function nullMaxima(rng: Rng, n: number, runs: number): number[] {
  return Array.from({ length: runs }, () => largestSplitT(Array.from({ length: n }, () => rng.normal()))).sort((a, b) => b - a);
}

describe('maxSplitTSf', () => {
  // Seeded: the same maxima every run. At each size, the bound at the simulated 1% and 5% points
  // is at least the simulated tail (less three standard errors) and at most 2.5 times it.
  it.each([
    [5, 20_000],
    [10, 20_000],
    [30, 10_000],
    [100, 10_000],
    [500, 4_000],
  ])('bounds the tail of the largest split t of %i null values, and is no more than 2.5x it (%i runs)', (n, runs) => {
    const maxima = nullMaxima(createRng(33 + n), n, runs);
    for (const tail of [0.05, 0.01]) {
      const t = maxima[Math.floor(tail * runs)]!;
      const se = Math.sqrt((tail * (1 - tail)) / runs);
      expect(maxSplitTSf(t, n)).toBeGreaterThanOrEqual(tail - 3 * se);
      expect(maxSplitTSf(t, n)).toBeLessThanOrEqual(2.5 * tail);
    }
  });

  it("is far above the plain t-test at the same t over many splits, and Bonferroni's twice it over two", () => {
    const plain = (t: number, n: number) => 2 * studentTSf(t, n - 2);
    expect(maxSplitTSf(4.4, 500) / plain(4.4, 500)).toBeGreaterThan(50);
    // Three values have two splits: Bonferroni's bound is twice the plain p.
    expect(maxSplitTSf(30, 3)).toBeCloseTo(2 * plain(30, 3), 12);
  });

  it('falls as t grows, reads |t|, and is at most 1', () => {
    const ps = [0, 3, 3.5, 4, 5, 8].map((t) => maxSplitTSf(t, 100));
    for (let i = 1; i < ps.length; i++) expect(ps[i]!).toBeLessThan(ps[i - 1]!);
    expect(ps[0]).toBe(1);
    expect(maxSplitTSf(-4, 100)).toBe(maxSplitTSf(4, 100));
    expect(maxSplitTSf(Infinity, 100)).toBe(0);
  });

  it('refuses fewer than 3 values and a NaN t', () => {
    expect(() => maxSplitTSf(3, 2)).toThrow(StatsError);
    expect(() => maxSplitTSf(Number.NaN, 10)).toThrow(StatsError);
  });
});
