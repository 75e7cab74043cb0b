/**
 * The smallest two-sided p-value a rank test can give at a sample size: the p of the most extreme
 * arrangement (every head value beyond every base value, or every paired difference of one sign),
 * from the exact null distributions. Below it no data can go, so a level under it can never be
 * reached: a gate held to it cannot fail.
 */
import { signedRankCdf } from './signed-rank.js';
import { uCdf } from './u-distribution.js';

/** Past this many values in all the smallest p is far below any level benchgate uses (2 / C(100, 50) ~ 2e-29). */
const TINY_PAST = 100;

/** Mann-Whitney, samples of m and n: 2 / C(m + n, m), at most 1. */
export function smallestMannWhitneyP(m: number, n: number): number {
  if (m < 1 || n < 1) return 1;
  if (m + n > TINY_PAST) return 0;
  return Math.min(1, 2 * uCdf(m, n)[0]!);
}

/** Wilcoxon signed-rank, n pairs with no zero difference: 2 / 2^n, at most 1. */
export function smallestSignedRankP(n: number): number {
  if (n < 1) return 1;
  if (n > TINY_PAST) return 0;
  return Math.min(1, 2 * signedRankCdf(n)[0]!);
}
