/**
 * A distribution tag for one side's samples, from the data: `normal` when Shapiro-Wilk does not
 * reject normality, otherwise `bimodal/outliers` when there are far outliers or two separated
 * clusters, otherwise `skewed` (the usual shape of timings: a floor and a right tail).
 */
import type { DistributionTag, Shape } from '../model.js';
import { quantile } from '../stats/index.js';

/*
 * Both checks are calibrated so that a normal sample of any size is called bimodal/outliers
 * rarely. Large samples use the textbook bars: Tukey's far fence (3 IQR) and a split with
 * Ashman's D above 4 (a normal sample's best split gives about 2.7, a uniform one 3.5). Small
 * samples need higher bars: their quartiles and best split are noisy (at n = 10, 5% of normal
 * samples reach 3 IQR and 19% reach D = 4). The bars below follow the 99.5th percentile of
 * each statistic over 20,000 simulated normal samples per size from n = 8 to 200; the tests
 * check the resulting false-alarm rate.
 */
const fenceIqr = (n: number) => Math.max(3, 2.8 + 51 * n ** -1.3);
const separationBar = (n: number) => Math.max(4, 2.65 + 37 * n ** -0.9);
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

function farOutliers(sorted: readonly number[], fence: number): number {
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const reach = fence * (q3 - q1);
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
  const fence = fenceIqr(sorted.length);
  return {
    skewness: skewness(sorted),
    outliers: farOutliers(scaled, fence),
    fenceIqr: fence,
    separation: bestSplitSeparation(scaled),
    separationBar: separationBar(sorted.length),
  };
}

export function distributionTag(looksNormal: boolean, shape: Shape): DistributionTag {
  if (looksNormal) return 'normal';
  if (shape.outliers > 0 || (shape.separation ?? 0) > shape.separationBar) return 'bimodal/outliers';
  return 'skewed';
}

const SEVERITY: Record<DistributionTag, number> = { normal: 0, skewed: 1, 'bimodal/outliers': 2 };

/** The benchmark's tag: the less well-behaved of its two sides. */
export function worseTag(a: DistributionTag | null, b: DistributionTag | null): DistributionTag | null {
  if (a === null || b === null) return a ?? b;
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}
