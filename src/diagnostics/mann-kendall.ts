/**
 * The Mann-Kendall trend test: does a series tend to rise or fall with time? It uses only the
 * signs of the pairwise differences, so one slow outlier round cannot fake a trend, and it
 * needs no assumption about the shape of the drift (linear, step, saw-tooth).
 */
import type { TrendTest } from '../model.js';
import { normalSf } from '../stats/index.js';

/** Exact distribution without ties is the inversion count of a random permutation (Mahonian numbers). */
const EXACT_MAX_N = 50;

/** Built once per n: every comparison of a run has the same number of rounds. */
const inversionCache = new Map<number, number[]>();

function inversionCounts(n: number): number[] {
  const cached = inversionCache.get(n);
  if (cached) return cached;
  let counts = [1];
  for (let k = 2; k <= n; k++) {
    const next = new Array<number>(counts.length + k - 1).fill(0);
    // Inserting the k-th element adds 0..k-1 inversions.
    for (let i = 0; i < counts.length; i++) {
      for (let add = 0; add < k; add++) next[i + add]! += counts[i]!;
    }
    counts = next;
  }
  inversionCache.set(n, counts);
  return counts;
}

/** P(|S| >= |s|) when every order is equally likely; S = pairs - 2 * inversions. */
function exactP(n: number, s: number): number {
  if (s === 0) return 1;
  const counts = inversionCounts(n);
  const pairs = (n * (n - 1)) / 2;
  let total = 0;
  let tail = 0;
  counts.forEach((count, inversions) => {
    total += count;
    if (pairs - 2 * inversions >= Math.abs(s)) tail += count;
  });
  return Math.min(1, (2 * tail) / total);
}

export function mannKendall(x: readonly number[]): TrendTest {
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) s += Math.sign(x[j]! - x[i]!);
  }
  const tieSizes = new Map<number, number>();
  for (const v of x) tieSizes.set(v, (tieSizes.get(v) ?? 0) + 1);
  let tieTerm = 0;
  for (const t of tieSizes.values()) tieTerm += t * (t - 1) * (2 * t + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18;
  const z = variance > 0 ? (s - Math.sign(s)) / Math.sqrt(variance) : 0;
  const hasTies = tieSizes.size < n;
  const exact = !hasTies && n <= EXACT_MAX_N;
  const p = n < 2 || variance === 0 ? 1 : exact ? exactP(n, s) : Math.min(1, 2 * normalSf(Math.abs(z)));
  return { n, s, tau: n < 2 ? 0 : s / ((n * (n - 1)) / 2), z, p, method: exact ? 'exact' : 'normal' };
}

/** Sen's slope: the median of the pairwise slopes, a robust "change per unit of t". */
export function senSlope(t: readonly number[], x: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      if (t[j] !== t[i]) slopes.push((x[j]! - x[i]!) / (t[j]! - t[i]!));
    }
  }
  if (slopes.length === 0) return 0;
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 === 1 ? slopes[mid]! : (slopes[mid - 1]! + slopes[mid]!) / 2;
}
