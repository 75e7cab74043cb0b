/**
 * The numbers behind each diagnostic (src/diagnostics/: one check per module computes one part),
 * as results.json carries them and the renderers read them.
 */
import type { Side } from './measurement.js';

/** The numbers behind a comparison's diagnostics; each part is computed by one module of src/diagnostics/. */
export interface ComparisonDiagnostics {
  /** Complexity parameter this comparison was measured at (part of its identity, see analysis/identity.ts). */
  complexityN?: number;
  /** Each side's per-run values in round order (drift, sparklines, the round-order plot). */
  rounds?: Record<Side, RoundSeries>;
  percentiles?: PercentileNumbers;
  normality?: NormalityNumbers;
  drift?: DriftNumbers;
  tooShort?: TooShortNumbers;
  /** The Big-O fit of the family this size belongs to (shared by every size of the family). */
  complexity?: ComplexityNumbers;
  /** For inconclusive comparisons: the smallest change the data could have shown (null: none at this n). */
  minDetectableEffectPct?: number | null;
}

/** One side's per-run values in round order: the series drift and the round-order plot use. */
export interface RoundSeries {
  rounds: number[];
  values: number[];
}

/** The percentiles whose change the percentile diagnostic reports. */
export const PERCENTILES = ['min', 'median', 'p90', 'p99', 'max'] as const;

export type Percentile = (typeof PERCENTILES)[number];

export interface PercentileNumbers {
  /** Percent change head vs base of each percentile (null where base is 0). */
  changePct: Record<Percentile, number | null>;
  /** How much p90 and p99 had to get worse for the flag, in percent (null: no finite relative spread). */
  tailBarPct: number | null;
  tailRegression: boolean;
}

export type DistributionTag = 'normal' | 'skewed' | 'bimodal/outliers';

export interface Shape {
  /** Sample skewness g1 (0 for symmetric data, positive for a right tail). */
  skewness: number;
  /** Values beyond the far fences (`fenceIqr` IQR outside the quartiles), on the log scale for positive data. */
  outliers: number;
  fenceIqr: number;
  /** Ashman's D of the best split of the sorted values into two clusters; two modes above `separationBar`. */
  separation: number | null;
  separationBar: number;
}

export interface WelchResult {
  /** (mean head - mean base) / standard error: positive when head is larger. */
  t: number;
  /** Welch-Satterthwaite degrees of freedom (fractional). */
  df: number;
  /** Two-sided p-value. */
  p: number;
}

export interface SideNormality extends Shape {
  n: number;
  /** Shapiro-Wilk W and p; null when n < 3 or all values are equal. */
  w: number | null;
  p: number | null;
  tag: DistributionTag | null;
}

export interface NormalityNumbers {
  base: SideNormality;
  head: SideNormality;
  /** Only when both sides look normal. */
  welch: WelchResult | null;
  tag: DistributionTag | null;
}

export interface TrendTest {
  n: number;
  /** Sum over pairs i < j of sign(x_j - x_i). */
  s: number;
  /** Kendall's tau-a, s / (n(n-1)/2), in [-1, 1]. */
  tau: number;
  /** Normal score with tie-corrected variance and continuity correction (reported either way). */
  z: number;
  /** Two-sided p-value. */
  p: number;
  method: 'exact' | 'normal';
}

export interface SideDrift extends TrendTest {
  /** Sen's slope per round, as a percent of the side's median. */
  slopePctPerRound: number;
  /** Slope x (last round - first round): how far the side moved over the whole run, in percent. */
  totalPct: number;
}

export interface DriftNumbers {
  base: SideDrift | null;
  head: SideDrift | null;
  /** Trend of log(head / base) (or head - base) over the rounds where both sides have a value. */
  difference: TrendTest | null;
  /** True when a side drifted significantly and by a large amount. */
  large: boolean;
  /** Whether interleaving cancelled it: null without large drift. */
  protectedByInterleaving: boolean | null;
}

export interface Quantization {
  n: number;
  distinct: number;
  /** Smallest gap between distinct values: the visible clock step. */
  step: number | null;
  /** Median / step: how many clock steps one value spans. */
  stepsPerValue: number | null;
}

export interface TooShortNumbers {
  base: Quantization | null;
  head: Quantization | null;
  /** Smallest two-sided p the exact test can give for these sample sizes. */
  minAttainableP: number;
  /** The level the most significant benchmark must reach after the multiple-comparison correction. */
  alphaPerTest: number;
  /** Rounds per side the test needs to be able to reach alphaPerTest at all. */
  roundsToReachSignificance: number;
}

export interface ClassFit {
  name: string;
  constant: number;
  /** nanobench's normalised RMSE (0 = exact fit). */
  nrmse: number;
}

export interface SideFit {
  best: string;
  /** Every class, best first. */
  fits: ClassFit[];
}

/** One benchmark family's fit on both sides, as every size of the family carries it. */
export interface ComplexityNumbers {
  /** The benchmark name without its size suffix (Google Benchmark's "family/N"). */
  family: string;
  points: { base: [number, number][]; head: [number, number][] };
  base: SideFit;
  head: SideFit;
  classChange: boolean;
}

export interface Spread {
  median: number;
  max: number;
}

export interface EnvironmentNumbers {
  runsWithReadings: number;
  /** 1-minute load average at the end of each run. */
  loadAvg1: Spread | null;
  /** Share of CPU time stolen by the hypervisor during each run. */
  stealFraction: Spread | null;
  cpuCount: number | null;
  governor: string | null;
  turbo: boolean | null;
  /** One line per run: what the round-order plot and results.json show. */
  perRun: { side: string; round: number; loadAvg1: number | null; stealFraction: number | null }[];
}
