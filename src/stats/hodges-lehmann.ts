import { StatsError, requireConfLevel, requireFinite, requireNonEmpty } from './errors.js';
import { normalQuantile } from './normal.js';
import { differenceSelector } from './pairwise-differences.js';
import { rankAverage } from './ranks.js';
import { uQuantile } from './u-distribution.js';

export interface ShiftEstimate {
  /** Hodges-Lehmann shift x - y: the median of all pairwise differences x_i - y_j. */
  estimate: number;
  ci: [number, number];
  confLevel: number;
  /** Whether the interval comes from the exact U distribution (no ties, both n < 50). */
  exact: boolean;
}

/** R uses the exact interval below this size (note: strictly below, unlike the U test's 50). */
const EXACT_BELOW_N = 50;

/**
 * Hodges-Lehmann shift of x relative to y with its confidence interval, as R's
 * wilcox.test(x, y, conf.int = TRUE, correct = TRUE). Both interval ends are pairwise
 * differences x_i - y_j; which ones is read off the U distribution:
 * - exact (no ties, both n < 50): the qu-th smallest and qu-th largest difference, with
 *   qu = qwilcox(alpha / 2) (at least 1), exactly as R;
 * - otherwise: the differences where the tie-corrected, continuity-corrected z statistic
 *   crosses +-z(1 - alpha/2). R finds the same points with uniroot(tol = 1e-4) and so lands
 *   within 1e-4 of them; here they are computed exactly.
 * The estimate is the median of the differences in both cases (where R's uniroot may stop
 * anywhere on the flat stretch between the two middle differences).
 */
export function hodgesLehmann(x: readonly number[], y: readonly number[], opts: { confLevel?: number } = {}): ShiftEstimate {
  requireNonEmpty(x, 'x');
  requireNonEmpty(y, 'y');
  requireFinite(x, 'x');
  requireFinite(y, 'y');
  const confLevel = opts.confLevel ?? 0.95;
  requireConfLevel(confLevel);
  const n1 = x.length;
  const n2 = y.length;
  const total = n1 * n2;
  const select = differenceSelector(x, y);
  const kth = (k: number): number => select(Math.min(total, Math.max(1, k)));
  const middle = Math.ceil(total / 2);
  const estimate = total % 2 === 1 ? kth(middle) : (kth(middle) + kth(middle + 1)) / 2;
  const alpha = 1 - confLevel;

  const ties = rankAverage([...x, ...y]).tieTerm > 0;
  if (!ties && n1 < EXACT_BELOW_N && n2 < EXACT_BELOW_N) {
    const qu = Math.max(1, uQuantile(n1, n2, alpha / 2));
    return { estimate, ci: [kth(qu), kth(total - qu + 1)], confLevel, exact: true };
  }

  // Between two neighbouring distinct differences, no value of x - d ties with y, so the
  // standard deviation of U only sees the ties within x and within y.
  const withinTies = rankAverage(x).tieTerm + rankAverage(y).tieTerm;
  const n = n1 + n2;
  const sd = Math.sqrt((total / 12) * (n + 1 - withinTies / (n * (n - 1))));
  const zq = normalQuantile(1 - alpha / 2);
  // With c(d) the number of differences above d, z(d) = (c - total/2 - 0.5 sign(c - total/2)) / sd
  // falls as d grows. It first drops to +zq or below just past the (total - c)-th smallest
  // difference, where c is the largest count with z <= zq: that difference is the lower
  // end. The upper end is found the same way for -zq.
  const lowerCount = Math.floor(total / 2 + 0.5 + zq * sd);
  const upperCount = Math.floor(total / 2 - 0.5 - zq * sd);
  return { estimate, ci: [kth(total - lowerCount), kth(total - upperCount)], confLevel, exact: false };
}

/**
 * Percent change of head relative to base, with its confidence interval.
 *
 * Computed as the Hodges-Lehmann shift of log(head) against log(base), back-transformed:
 * 100 * (exp(shift) - 1). Benchmark noise is multiplicative (a slower machine scales every
 * run), so on the log scale a change is a shift and the shift model behind HL holds; the
 * back-transformed value is the median of all ratios head_i / base_j, and because rank
 * intervals are invariant under monotone maps the interval carries over exactly. Dividing a
 * linear shift by the base median instead would ignore the base median's own uncertainty.
 */
export function percentChange(
  base: readonly number[],
  head: readonly number[],
  opts: { confLevel?: number } = {},
): { changePct: number; ci: [number, number] } {
  for (const [name, values] of [
    ['base', base],
    ['head', head],
  ] as const) {
    requireFinite(values, name);
    if (values.some((v) => v <= 0)) {
      throw new StatsError(`${name} has values <= 0: a percent change needs positive values`);
    }
  }
  const shift = hodgesLehmann(head.map(Math.log), base.map(Math.log), opts);
  const toPct = (logRatio: number): number => 100 * Math.expm1(logRatio);
  return { changePct: toPct(shift.estimate), ci: [toPct(shift.ci[0]), toPct(shift.ci[1])] };
}
