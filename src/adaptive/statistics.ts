/**
 * The test a sequential look applies to one benchmark: a two-sided p-value (compared with the
 * look's nominal boundary) and the percent change with its confidence interval (for the
 * threshold and the equivalence stop).
 *
 * - `mann-whitney`: the two samples, unpaired (benchgate's fixed-rounds test): U p-value and
 *   the Hodges-Lehmann ratio of head to base with its interval (percentChange).
 * - `signed-rank`: the per-round log ratios log(head / base), paired by round, so that what a
 *   round does to both sides cancels: Wilcoxon signed-rank p-value (exact up to 50 rounds
 *   without ties) and the one-sample Hodges-Lehmann estimate (median of the Walsh averages) with
 *   the interval R's wilcox.test(d, conf.int = TRUE) gives.
 *
 * Exact p-values are valid at every look on their own; the group-sequential boundaries treat
 * the looks' statistics as jointly normal, which rank statistics are asymptotically.
 *
 * A look mostly needs only "is the interval inside ±threshold?": both intervals are order
 * statistics of a set of differences (pairwise, or Walsh averages), so that is a count of the
 * differences beyond each end, done on the sorted samples without building the n^2 set. The
 * estimate and the interval themselves are computed when asked for (a rejection, a report).
 */
import { hodgesLehmann, median, mannWhitneyU, normalQuantile, percentChange, wilcoxonSignedRank } from '../stats/index.js';
import { signedRankCdf } from '../stats/signed-rank.js';
import { uQuantile } from '../stats/u-distribution.js';

export type SequentialTestName = 'mann-whitney' | 'signed-rank';

export interface Change {
  changePct: number;
  ci: [number, number];
}

export interface LookStatistic {
  /** Two-sided p-value of "no change". */
  p: number;
  /** Samples per side (paired rounds). */
  n: number;
  /** Whether the interval lies strictly inside (-thresholdPct, +thresholdPct). */
  within(thresholdPct: number): boolean;
  /** The estimate and its interval (computed on first use). */
  change(): Change;
}

/** Per-round values of one benchmark: base[i] and head[i] come from the same round. */
export interface PairedSamples {
  base: number[];
  head: number[];
}

/** percentChange's interval is exact below this n (hodges-lehmann.ts, as R). */
const EXACT_BELOW_N = 50;

const toPct = (logRatio: number): number => 100 * Math.expm1(logRatio);

function memo<T>(compute: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= compute());
}

/** null when the samples cannot be tested (fewer than 2 pairs, or a value that is not finite). */
export function lookStatistic(test: SequentialTestName, samples: PairedSamples, confLevel = 0.95): LookStatistic | null {
  const { base, head } = samples;
  if (base.length !== head.length) throw new Error(`paired samples differ in length: ${base.length} base, ${head.length} head`);
  if (base.length < 2 || [...base, ...head].some((v) => !Number.isFinite(v))) return null;
  if ([...base, ...head].some((v) => v <= 0)) return rawScaleStatistic(test, samples, confLevel);
  const n = base.length;
  if (test === 'mann-whitney') {
    const mw = mannWhitneyU(base, head);
    const change = memo(() => percentChange(base, head, { confLevel }));
    if (mw.method !== 'exact' || n >= EXACT_BELOW_N) return { p: mw.p, n, change, within: (t) => inside(change().ci, t) };
    // Exact case (as percentChange): the interval is the qu-th smallest and largest log ratio.
    const qu = Math.max(1, uQuantile(n, n, (1 - confLevel) / 2));
    const logHead = sortedLogs(head);
    const logBase = sortedLogs(base);
    return {
      p: mw.p,
      n,
      change,
      within: (t) =>
        countDifferencesAtMost(logHead, logBase, Math.log1p(-t / 100)) < qu &&
        countDifferencesAtLeast(logHead, logBase, Math.log1p(t / 100)) < qu,
    };
  }
  const d = head.map((h, i) => Math.log(h / base[i]!));
  const change = memo(() => {
    const shift = pairedShift(d, confLevel);
    return { changePct: toPct(shift.estimate), ci: [toPct(shift.ci[0]), toPct(shift.ci[1])] as [number, number] };
  });
  const qu = Math.max(1, signedRankQuantile(n, (1 - confLevel) / 2));
  const sorted = Float64Array.from(d).sort();
  return {
    p: wilcoxonSignedRank(d, { alternative: 'two-sided', method: 'auto', correction: true }).p,
    n,
    change,
    within: (t) => countWalshAtMost(sorted, Math.log1p(-t / 100)) < qu && countWalshAtMost(negated(sorted), -Math.log1p(t / 100)) < qu,
  };
}

/**
 * Values that are not all positive (0 allocs/op, a signed metric) have no log ratio: the same
 * tests on the raw scale (the rank tests of "no change" hold for any values), and the shift as a
 * percentage of the base median, as fixed rounds do (analysis/compare.ts). A base median of 0
 * has no percentage: any shift is then +-Infinity percent, so a significant one passes every
 * threshold (fixed rounds' zero-base rule: significance alone), and only an interval of exactly
 * 0 is inside it.
 */
function rawScaleStatistic(test: SequentialTestName, { base, head }: PairedSamples, confLevel: number): LookStatistic {
  const paired = test === 'signed-rank';
  const d = head.map((h, i) => h - base[i]!);
  const p = paired ? wilcoxonSignedRank(d, { alternative: 'two-sided', method: 'auto', correction: true }).p : mannWhitneyU(base, head).p;
  const scale = median(base);
  const toPctOfBase = (shift: number) => (shift === 0 ? 0 : scale === 0 ? Math.sign(shift) * Infinity : (100 * shift) / Math.abs(scale));
  const change = memo((): Change => {
    const shift = paired ? pairedShift(d, confLevel) : hodgesLehmann(head, base, { confLevel });
    return { changePct: toPctOfBase(shift.estimate), ci: [toPctOfBase(shift.ci[0]), toPctOfBase(shift.ci[1])] };
  });
  return { p, n: base.length, change, within: (t) => inside(change().ci, t) || change().ci.every((end) => end === 0) };
}

const inside = (ci: [number, number], t: number) => ci[0] > -t && ci[1] < t;

const sortedLogs = (values: readonly number[]) => Float64Array.from(values, Math.log).sort();

const negated = (sorted: Float64Array) => Float64Array.from(sorted, (v) => -v).reverse();

/** #{(i, j): h_i - b_j <= limit} for sorted h and b, in O(n). */
function countDifferencesAtMost(h: Float64Array, b: Float64Array, limit: number): number {
  let count = 0;
  let j = 0; // b[j..] are the b >= h_i - limit; the bound rises with i
  for (let i = 0; i < h.length; i++) {
    while (j < b.length && b[j]! < h[i]! - limit) j++;
    count += b.length - j;
  }
  return count;
}

/** #{(i, j): h_i - b_j >= limit}: the same count on the mirrored samples. */
function countDifferencesAtLeast(h: Float64Array, b: Float64Array, limit: number): number {
  return countDifferencesAtMost(negated(h), negated(b), -limit);
}

/** #{i <= j: (d_i + d_j) / 2 <= limit} for sorted d, in O(n). */
function countWalshAtMost(d: Float64Array, limit: number): number {
  let count = 0;
  let j = d.length - 1;
  for (let i = 0; i < d.length; i++) {
    // pairs (i, k) with i <= k <= j have d_i + d_k <= 2 limit
    while (j >= i && d[i]! + d[j]! > 2 * limit) j--;
    if (j < i) break;
    count += j - i + 1;
  }
  return count;
}

/**
 * One-sample Hodges-Lehmann estimate of the centre of d (the median of its n(n+1)/2 Walsh
 * averages) and its confidence interval: the qu-th smallest and qu-th largest Walsh average,
 * qu = qsignrank((1 - confLevel) / 2, n) (at least 1), as R's wilcox.test for n < 50. Larger n
 * reads qu from the normal approximation of the signed-rank statistic.
 */
export function pairedShift(d: readonly number[], confLevel = 0.95): { estimate: number; ci: [number, number] } {
  const n = d.length;
  const walsh = new Float64Array((n * (n + 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh[k++] = (d[i]! + d[j]!) / 2;
  walsh.sort();
  const total = walsh.length;
  const mid = total >> 1;
  const estimate = total % 2 === 1 ? walsh[mid]! : (walsh[mid - 1]! + walsh[mid]!) / 2;
  const qu = Math.max(1, signedRankQuantile(n, (1 - confLevel) / 2));
  return { estimate, ci: [walsh[qu - 1]!, walsh[total - qu]!] };
}

/** Smallest q with P(W+ <= q) >= p (R's qsignrank), with R's 10-epsilon allowance. */
function signedRankQuantile(n: number, p: number): number {
  if (n >= 50) {
    const mean = (n * (n + 1)) / 4;
    const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
    return Math.floor(mean + normalQuantile(p) * sd);
  }
  const cdf = signedRankCdf(n);
  const target = p - 10 * Number.EPSILON;
  let q = 0;
  while (q < cdf.length - 1 && cdf[q]! < target) q++;
  return q;
}
