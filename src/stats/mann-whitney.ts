import { StatsError, requireFinite, requireNonEmpty } from './errors.js';
import { normalSf } from './normal.js';
import { rankAverage } from './ranks.js';
import { uSf } from './u-distribution.js';

export type Alternative = 'two-sided' | 'less' | 'greater';

export interface MannWhitneyResult {
  /** U statistic of x: the number of pairs (x_i, y_j) with x_i > y_j, ties counting 1/2 (as scipy). */
  u1: number;
  /** n1 * n2 - u1. */
  u2: number;
  p: number;
  method: 'exact' | 'asymptotic';
}

export interface MannWhitneyOptions {
  /** 'less': x tends to be smaller than y; 'greater': larger. Default 'two-sided'. */
  alternative?: Alternative;
  /** Default 'auto': see EXACT_MAX_N. */
  method?: 'auto' | 'exact' | 'asymptotic';
}

/**
 * 'auto' uses the exact distribution when there are no ties and both samples have at most
 * 50 values (benchstat's limit), the normal approximation otherwise. Up to 50 the exact
 * table is cheap and cached; past it the normal approximation is already accurate (z tails
 * agree to a few percent of p at n = 50), and with ties the exact distribution does not apply.
 */
export const EXACT_MAX_N = 50;

/**
 * Mann-Whitney U test, as scipy.stats.mannwhitneyu. The asymptotic form corrects for ties
 * and applies the continuity correction (scipy use_continuity=True, R correct=TRUE). When
 * every value is equal there is no evidence of a difference: p = 1 (scipy returns NaN).
 */
export function mannWhitneyU(x: readonly number[], y: readonly number[], opts: MannWhitneyOptions = {}): MannWhitneyResult {
  requireNonEmpty(x, 'x');
  requireNonEmpty(y, 'y');
  requireFinite(x, 'x');
  requireFinite(y, 'y');
  const alternative = opts.alternative ?? 'two-sided';
  const n1 = x.length;
  const n2 = y.length;
  const { ranks, tieTerm } = rankAverage([...x, ...y]);
  let rankSumX = 0;
  for (let i = 0; i < n1; i++) rankSumX += ranks[i]!;
  const u1 = rankSumX - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;

  const method = resolveMethod(opts.method ?? 'auto', n1, n2, tieTerm > 0);
  // The statistic whose upper tail is the p-value (scipy's convention).
  const u = alternative === 'greater' ? u1 : alternative === 'less' ? u2 : Math.max(u1, u2);
  const oneSided = method === 'exact' ? uSf(n1, n2, u) : asymptoticUpperTail(u, n1, n2, tieTerm);
  const p = alternative === 'two-sided' ? Math.min(1, 2 * oneSided) : oneSided;
  return { u1, u2, p, method };
}

function resolveMethod(requested: 'auto' | 'exact' | 'asymptotic', n1: number, n2: number, ties: boolean): 'exact' | 'asymptotic' {
  const exactApplies = !ties && n1 <= EXACT_MAX_N && n2 <= EXACT_MAX_N;
  if (requested === 'auto') return exactApplies ? 'exact' : 'asymptotic';
  if (requested === 'exact' && !exactApplies) {
    throw new StatsError(
      ties
        ? 'the exact Mann-Whitney distribution assumes no ties; use method "auto" or "asymptotic"'
        : `the exact Mann-Whitney distribution is computed for n <= ${EXACT_MAX_N} per sample; use "auto" or "asymptotic"`,
    );
  }
  return requested;
}

/** P(U >= u) under the normal approximation with tie and continuity corrections. */
function asymptoticUpperTail(u: number, n1: number, n2: number, tieTerm: number): number {
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (!(variance > 0)) return 1; // every value tied: no evidence either way
  return normalSf((u - (n1 * n2) / 2 - 0.5) / Math.sqrt(variance));
}
