/**
 * A distribution tag for one side's samples, from the data: `normal` when Shapiro-Wilk does not
 * reject normality, otherwise `bimodal/outliers` when there are far outliers or two separated
 * clusters, otherwise `skewed` (the usual shape of timings: a floor and a right tail).
 */
import { quantile } from '../stats/index.js';

export type DistributionTag = 'normal' | 'skewed' | 'bimodal/outliers';

export interface Shape {
  /** Sample skewness g1 (0 for symmetric data, positive for a right tail). */
  skewness: number;
  /** Values beyond Tukey's far fences (3 IQR outside the quartiles), on the log scale for positive data. */
  outliers: number;
  /**
   * Ashman's D of the best split of the sorted values into two clusters. A single normal
   * sample's best split gives about 2.7 and a uniform one about 3.5, so benchgate calls two
   * modes only above 4.
   */
  separation: number | null;
}

const FAR_FENCE_IQR = 3;
const BIMODAL_SEPARATION = 4;
/** The smaller cluster must hold at least this share of the values to count as a mode. */
const MIN_CLUSTER_SHARE = 0.1;

function mean(x: readonly number[]): number {
  return x.reduce((s, v) => s + v, 0) / x.length;
}

function skewness(x: readonly number[]): number {
  const m = mean(x);
  const m2 = mean(x.map((v) => (v - m) ** 2));
  const m3 = mean(x.map((v) => (v - m) ** 3));
  return m2 === 0 ? 0 : m3 / m2 ** 1.5;
}

function farOutliers(sorted: readonly number[]): number {
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const reach = FAR_FENCE_IQR * (q3 - q1);
  return sorted.filter((v) => v < q1 - reach || v > q3 + reach).length;
}

/** Ashman's D of the split of sorted values that minimises the within-cluster sum of squares. */
function bestSplitSeparation(sorted: readonly number[]): number | null {
  const n = sorted.length;
  const minSize = Math.max(2, Math.ceil(n * MIN_CLUSTER_SHARE));
  if (n < 2 * minSize) return null;
  const prefix = [0];
  const prefixSq = [0];
  for (const v of sorted) {
    prefix.push(prefix.at(-1)! + v);
    prefixSq.push(prefixSq.at(-1)! + v * v);
  }
  const clusterOf = (from: number, to: number) => {
    const size = to - from;
    const m = (prefix[to]! - prefix[from]!) / size;
    const ss = Math.max(0, prefixSq[to]! - prefixSq[from]! - size * m * m);
    return { m, ss, variance: ss / (size - 1) };
  };
  let best: { ss: number; d: number } | null = null;
  for (let k = minSize; k <= n - minSize; k++) {
    const low = clusterOf(0, k);
    const high = clusterOf(k, n);
    // Floored so two constant clusters give a huge but finite D (JSON has no Infinity).
    const spread = Math.max(Math.sqrt(low.variance + high.variance), Number.EPSILON * Math.max(Math.abs(high.m), 1));
    const d = (Math.SQRT2 * (high.m - low.m)) / spread;
    if (!best || low.ss + high.ss < best.ss) best = { ss: low.ss + high.ss, d };
  }
  return best!.d;
}

/**
 * Outliers and clusters are looked for on the log scale when every value is positive: timings
 * are multiplicative, and a long but smooth right tail (lognormal-like) is skew, not outliers.
 */
export function shapeOf(values: readonly number[]): Shape {
  const sorted = [...values].sort((a, b) => a - b);
  const scaled = sorted.every((v) => v > 0) ? sorted.map(Math.log) : sorted;
  return { skewness: skewness(sorted), outliers: farOutliers(scaled), separation: bestSplitSeparation(scaled) };
}

export function distributionTag(looksNormal: boolean, shape: Shape): DistributionTag {
  if (looksNormal) return 'normal';
  if (shape.outliers > 0 || (shape.separation ?? 0) > BIMODAL_SEPARATION) return 'bimodal/outliers';
  return 'skewed';
}

const SEVERITY: Record<DistributionTag, number> = { normal: 0, skewed: 1, 'bimodal/outliers': 2 };

/** The benchmark's tag: the less well-behaved of its two sides. */
export function worseTag(a: DistributionTag | null, b: DistributionTag | null): DistributionTag | null {
  if (a === null || b === null) return a ?? b;
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}
