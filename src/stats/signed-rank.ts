import { StatsError, requireFinite, requireNonEmpty } from './errors.js';
import type { Alternative } from './mann-whitney.js';
import { normalCdf, normalSf } from './normal.js';
import { rankAverage } from './ranks.js';

export interface SignedRankResult {
  /** scipy's statistic: min(W+, W-) for two-sided, W+ (sum of ranks of positive d) otherwise. */
  statistic: number;
  p: number;
  method: 'exact' | 'asymptotic';
}

export interface SignedRankOptions {
  /** 'greater': d tends to be positive. Default 'two-sided'. */
  alternative?: Alternative;
  /** 'auto': exact when there are at most 50 differences, none zero and no ties among |d|. */
  method?: 'auto' | 'exact' | 'asymptotic';
  /**
   * Continuity correction of the normal approximation. Default true, unlike scipy's
   * wilcoxon (false): W+ is an integer, so the correction brings the normal tail closer to
   * the exact one, and it keeps this test consistent with mannWhitneyU and R's wilcox.test.
   */
  correction?: boolean;
}

const EXACT_MAX_N = 50;

/**
 * Wilcoxon signed-rank test on paired differences (e.g. per-round log(head / base)), as
 * scipy.stats.wilcoxon with zero_method 'wilcox': zero differences are dropped before
 * ranking. All differences zero: no evidence of a change, p = 1.
 */
export function wilcoxonSignedRank(d: readonly number[], opts: SignedRankOptions = {}): SignedRankResult {
  requireNonEmpty(d, 'd');
  requireFinite(d, 'd');
  const alternative = opts.alternative ?? 'two-sided';
  const nonZero = d.filter((v) => v !== 0);
  const hadZeros = nonZero.length < d.length;
  const n = nonZero.length;
  const { ranks, tieTerm } = rankAverage(nonZero.map(Math.abs));
  let wPlus = 0;
  nonZero.forEach((v, i) => {
    if (v > 0) wPlus += ranks[i]!;
  });
  const wMinus = (n * (n + 1)) / 2 - wPlus;
  const statistic = alternative === 'two-sided' ? Math.min(wPlus, wMinus) : wPlus;

  const exactApplies = n <= EXACT_MAX_N && tieTerm === 0 && !hadZeros;
  const requested = opts.method ?? 'auto';
  if (requested === 'exact' && !exactApplies) {
    throw new StatsError(
      `the exact signed-rank distribution needs at most ${EXACT_MAX_N} differences, none zero and no ties; use "auto" or "asymptotic"`,
    );
  }
  const method = requested === 'auto' ? (exactApplies ? 'exact' : 'asymptotic') : requested;
  if (n === 0) return { statistic, p: 1, method };
  const p = method === 'exact' ? exactP(wPlus, n, alternative) : asymptoticP(wPlus, n, tieTerm, alternative, opts.correction ?? true);
  return { statistic, p, method };
}

function exactP(wPlus: number, n: number, alternative: Alternative): number {
  const cdf = signedRankCdf(n);
  const atMost = (k: number): number => (k < 0 ? 0 : cdf[Math.min(k, cdf.length - 1)]!);
  const less = atMost(wPlus);
  // P(W+ >= w) = P(W+ <= n(n+1)/2 - w) by symmetry: read from the lower tail for precision.
  const greater = atMost(cdf.length - 1 - wPlus);
  if (alternative === 'less') return less;
  if (alternative === 'greater') return greater;
  return Math.min(1, 2 * Math.min(less, greater));
}

function asymptoticP(wPlus: number, n: number, tieTerm: number, alternative: Alternative, correction: boolean): number {
  const mean = (n * (n + 1)) / 4;
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1) - tieTerm / 2) / 24);
  let z = (wPlus - mean) / sd;
  if (correction) {
    const towards = alternative === 'greater' ? 1 : alternative === 'less' ? -1 : Math.sign(z);
    z -= (towards * 0.5) / sd;
  }
  if (alternative === 'greater') return normalSf(z);
  if (alternative === 'less') return normalCdf(z);
  return Math.min(1, 2 * normalSf(Math.abs(z)));
}

const cdfCache = new Map<number, Float64Array>();

/**
 * P(W+ <= k) for n untied, non-zero differences: each rank r is positive with probability
 * 1/2, so the counts are those of subset sums of 1..n (a knapsack table, O(n^3)).
 * Hand-written: no kept library has this distribution.
 */
export function signedRankCdf(n: number): Float64Array {
  let cdf = cdfCache.get(n);
  if (cdf) return cdf;
  const maxSum = (n * (n + 1)) / 2;
  const counts = new Float64Array(maxSum + 1);
  counts[0] = 1;
  for (let rank = 1; rank <= n; rank++) {
    for (let s = (rank * (rank + 1)) / 2; s >= rank; s--) counts[s]! += counts[s - rank]!;
  }
  cdf = new Float64Array(maxSum + 1);
  let running = 0;
  for (let s = 0; s <= maxSum; s++) {
    running += counts[s]!;
    cdf[s] = running / 2 ** n;
  }
  cdfCache.set(n, cdf);
  return cdf;
}
