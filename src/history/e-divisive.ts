/**
 * Change points in one series by E-Divisive means (Matteson and James, 2014) with the two-step
 * procedure of Hunter/Apache Otava (Fleming et al., ICPE 2023): E-Divisive with a Student t-test
 * on sliding windows finds "weak" change points at a relaxed level, then a merge step removes the
 * weakest until every one left passes the real level (and the minimum magnitude).
 *
 * The merge step judges a point by its t statistic between its two neighbouring segments. Otava
 * reads the plain t-test's p, as if the split had been chosen before looking; benchgate's
 * default reads the chance that the best of all the splits of those segments is that large
 * (stats/max-split-t.ts), which keeps flat series flat (docs/history.md, "Change points").
 *
 * Written from the method; tests/history/e-divisive.test.ts checks that the split step finds the
 * same indexes as Otava 0.8.0 on Otava's published series and on simulated ones.
 */
import { maxSplitTSf, studentTSf } from '../stats/index.js';

/** How the merge step reads a point's t statistic: as the best of its segments' splits, or as Otava does. */
export type Significance = 'max-split' | 't-test';

export interface ChangePointOptions {
  /** Width of the sliding windows of the split step (Otava: 50). */
  windowLength: number;
  /** The level a change point must pass (Otava: 0.001). */
  maxP: number;
  /** The smallest relative change kept (0.05 = 5%; Otava: 0). */
  minMagnitude: number;
  /** The p each point is held to maxP with (Otava: the plain t-test's). */
  significance: Significance;
}

/** Apache Otava's settings and rule: the plain t-test's p at the split E-Divisive chose. */
export const OTAVA_RULE: ChangePointOptions = { windowLength: 50, maxP: 0.001, minMagnitude: 0, significance: 't-test' };

/** benchgate's: Otava's settings, each point's p accounting for the search over split positions. */
export const CHANGE_POINT_DEFAULTS: ChangePointOptions = { ...OTAVA_RULE, significance: 'max-split' };

/** A change point at `index`: the first value of the new regime, and the t statistic between its neighbours. */
export interface ChangePoint {
  index: number;
  p: number;
  meanBefore: number;
  meanAfter: number;
  /** Population standard deviations (divisor n), as the test uses them. */
  sdBefore: number;
  sdAfter: number;
  nBefore: number;
  nAfter: number;
}

interface Candidate {
  index: number;
  qhat: number;
}

/** Half-open [start, stop) pieces of the series between sorted change point indexes. */
function segments(indexes: readonly number[], length: number): [number, number][] {
  const bounds = [0, ...indexes, length];
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i++) if (bounds[i] !== bounds[i + 1]) out.push([bounds[i]!, bounds[i + 1]!]);
  return out;
}

/**
 * The divergence Q̂(τ, κ) between x[s:τ] and x[τ:κ], maximised over s < τ < κ <= e: the
 * energy-distance statistic with α = 1, scaled by mn/(m+n). Sums of |xi - xj| over rectangles
 * come from a 2-D prefix sum, so one interval costs O(L²).
 */
class PairDistances {
  private readonly prefix: Float64Array;
  private readonly width: number;

  constructor(private readonly x: readonly number[]) {
    const n = x.length;
    this.width = n + 1;
    this.prefix = new Float64Array((n + 1) * (n + 1));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const at = (i + 1) * this.width + (j + 1);
        this.prefix[at] =
          Math.abs(x[i]! - x[j]!) +
          this.prefix[i * this.width + (j + 1)]! +
          this.prefix[(i + 1) * this.width + j]! -
          this.prefix[i * this.width + j]!;
      }
    }
  }

  /** Σ |x_i - x_j| for i in [a, b), j in [c, d). */
  private rect(a: number, b: number, c: number, d: number): number {
    const w = this.width;
    return this.prefix[b * w + d]! - this.prefix[a * w + d]! - this.prefix[b * w + c]! + this.prefix[a * w + c]!;
  }

  /** The best split of [start, end): the first maximum in (τ, κ) order, as Otava's argmax scans. */
  candidate(start: number, end: number): Candidate {
    let best: Candidate = { index: start + 1, qhat: -Infinity };
    for (let tau = start + 1; tau < end; tau++) {
      const n = tau - start;
      const withinX = this.rect(start, tau, start, tau) / 2;
      for (let kappa = tau + 1; kappa <= end; kappa++) {
        const m = kappa - tau;
        const cross = this.rect(start, tau, tau, kappa);
        const withinY = this.rect(tau, kappa, tau, kappa) / 2;
        let q = (2 / (m + n)) * cross;
        if (n > 1) q -= ((2 * m) / ((m + n) * (n - 1))) * withinX;
        if (m > 1) q -= ((2 * n) / ((m + n) * (m - 1))) * withinY;
        if (q > best.qhat) best = { index: tau, qhat: q };
      }
    }
    return best;
  }

  get length(): number {
    return this.x.length;
  }
}

function mean(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

function populationSd(xs: readonly number[], m: number): number {
  if (xs.length < 2) return 0;
  let ss = 0;
  for (const x of xs) ss += (x - m) ** 2;
  return Math.sqrt(ss / xs.length);
}

/**
 * Student's two-sample t statistic with pooled variance, fed population standard deviations the
 * way Otava feeds scipy's ttest_ind_from_stats, and its p read as `significance` says. A test that
 * cannot be computed (no spread and no difference) is p = 1: it gives no evidence of a change.
 */
function tTest(before: readonly number[], after: readonly number[], significance: Significance): Omit<ChangePoint, 'index'> {
  const meanBefore = mean(before);
  const meanAfter = mean(after);
  const sdBefore = populationSd(before, meanBefore);
  const sdAfter = populationSd(after, meanAfter);
  const [n1, n2] = [before.length, after.length];
  let p = 1;
  if (n1 + n2 > 2) {
    const df = n1 + n2 - 2;
    const pooled = ((n1 - 1) * sdBefore ** 2 + (n2 - 1) * sdAfter ** 2) / df;
    const t = (meanBefore - meanAfter) / Math.sqrt(pooled * (1 / n1 + 1 / n2));
    if (Number.isFinite(t)) p = significance === 't-test' ? Math.min(1, 2 * studentTSf(Math.abs(t), df)) : maxSplitTSf(t, n1 + n2);
    else if (meanBefore !== meanAfter) p = 0;
  }
  return { p, meanBefore, meanAfter, sdBefore, sdAfter, nBefore: n1, nAfter: n2 };
}

/** The test at `index`, between the pieces of `x` that surround it given the other change points. */
function testAt(x: readonly number[], index: number, pieces: readonly [number, number][], significance: Significance): ChangePoint {
  for (let i = 0; i < pieces.length; i++) {
    const [start, stop] = pieces[i]!;
    // An existing change point: its two neighbouring pieces.
    if (stop === index) return { index, ...tTest(x.slice(start, stop), x.slice(pieces[i + 1]![0], pieces[i + 1]![1]), significance) };
    // A new one: the piece it splits.
    if (start < index && index < stop) return { index, ...tTest(x.slice(start, index), x.slice(index, stop), significance) };
  }
  throw new Error(`change point ${index} lies in no piece of a series of ${x.length}`);
}

/** Plain E-Divisive on x: split the most divergent piece while its split passes the plain t-test at maxP (as Otava). */
function divisive(x: readonly number[], maxP: number): ChangePoint[] {
  const distances = new PairDistances(x);
  const found: ChangePoint[] = [];
  for (;;) {
    const pieces = segments(
      found.map((c) => c.index),
      distances.length,
    );
    let best: Candidate | null = null;
    for (const [start, stop] of pieces) {
      if (stop - start < 2) continue;
      const c = distances.candidate(start, stop);
      if (best === null || c.qhat > best.qhat) best = c;
    }
    if (best === null) return found;
    const point = testAt(x, best.index, pieces, 't-test');
    if (!(point.p <= maxP)) return found;
    found.push(point);
    found.sort((a, b) => a.index - b.index);
  }
}

/** Otava's first-pass level for the split step: looser, so the merge step has weak points to judge. */
function firstPassP(maxP: number): number {
  if (maxP < 0.05) return maxP * 10;
  return maxP < 0.5 ? maxP * 2 : maxP;
}

/**
 * Split step: E-Divisive on windows of `windowLength` at the first-pass level, advancing half a
 * window or past the last point found; the "weak" change points' indexes, in order.
 */
export function splitIndexes(x: readonly number[], { windowLength, maxP: finalP }: ChangePointOptions): number[] {
  const maxP = firstPassP(finalP);
  if (windowLength < 2) throw new Error('windowLength must be at least 2');
  const step = Math.floor(windowLength / 2);
  const indexes = new Set<number>();
  let start = 0;
  while (start < x.length) {
    const end = Math.min(start + windowLength, x.length);
    const found = divisive(x.slice(start, end), maxP).map((c) => c.index + start);
    for (const i of found) indexes.add(i);
    start = Math.max(found.at(-1) ?? 0, start + step);
  }
  return [...indexes].sort((a, b) => a - b);
}

/** The change points at sorted `indexes`, each tested between its neighbouring segments. */
export function pointsOn(x: readonly number[], indexes: readonly number[], significance: Significance): ChangePoint[] {
  const pieces = segments(indexes, x.length);
  return indexes.map((i) => testAt(x, i, pieces, significance));
}

/** max(|after/before - 1|, |before/after - 1|), 0 where a mean is 0 (Otava's magnitude). */
export function magnitude(c: ChangePoint): number {
  const forward = c.meanBefore === 0 ? 0 : c.meanAfter / c.meanBefore - 1;
  const backward = c.meanAfter === 0 ? 0 : c.meanBefore / c.meanAfter - 1;
  return Math.max(Math.abs(forward), Math.abs(backward));
}

/**
 * Merge step: drop the weakest point (highest p, or smallest change once all pass) and retest the
 * two whose neighbouring segments it joined, so every point is judged, and shown, on its final
 * segments. (Otava 0.8.0 retests the right neighbour and the one after it, leaving the left one's
 * numbers from a segment that no longer exists.)
 */
function merge(x: readonly number[], weak: readonly number[], options: ChangePointOptions): ChangePoint[] {
  const { maxP, minMagnitude, significance } = options;
  const kept = pointsOn(x, weak, significance);
  while (kept.length > 0) {
    let weakest = kept.reduce((w, c) => (c.p > w.p ? c : w));
    if (weakest.p < maxP) {
      weakest = kept.reduce((w, c) => (magnitude(c) < magnitude(w) ? c : w));
      if (magnitude(weakest) > minMagnitude) return kept;
    }
    const at = kept.indexOf(weakest);
    kept.splice(at, 1);
    const joined = segments(
      kept.map((c) => c.index),
      x.length,
    );
    for (const i of [at - 1, at]) if (i >= 0 && i < kept.length) kept[i] = testAt(x, kept[i]!.index, joined, significance);
  }
  return kept;
}

/** The change points of one series, in index order. */
export function changePoints(x: readonly number[], options: ChangePointOptions = CHANGE_POINT_DEFAULTS): ChangePoint[] {
  return merge(x, splitIndexes(x, options), options);
}
