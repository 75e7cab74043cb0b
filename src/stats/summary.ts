import type { Summary } from '../model.js';
import { StatsError, requireFinite, requireNonEmpty } from './errors.js';

/** Scales the MAD to estimate a normal standard deviation: 1 / qnorm(0.75). */
const MAD_TO_SD = 1.4826;

/**
 * The q-quantile of an ascending sample by numpy's default ("linear", Hyndman-Fan type 7)
 * definition: position h = (n - 1) q, interpolated between its neighbours. The interpolation
 * is numpy's too (lerp from the nearer end), so results agree to the last bit.
 * simple-statistics' quantileSorted uses another definition, hence this small function.
 */
export function quantile(sortedAscending: readonly number[], q: number): number {
  requireNonEmpty(sortedAscending, 'sample');
  if (!(q >= 0 && q <= 1)) throw new StatsError(`quantile needs q in [0, 1], got ${q}`);
  const h = (sortedAscending.length - 1) * q;
  const below = Math.floor(h);
  const a = sortedAscending[below]!;
  if (below === sortedAscending.length - 1) return a;
  const b = sortedAscending[below + 1]!;
  const t = h - below;
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

export function median(values: readonly number[]): number {
  return quantile(sortAscending(values), 0.5);
}

/** Median absolute deviation from the median, unscaled. */
export function mad(values: readonly number[]): number {
  const centre = median(values);
  return median(values.map((v) => Math.abs(v - centre)));
}

/**
 * n, centre and spread of one side's samples. cv is the robust coefficient of variation
 * MAD * 1.4826 / |median|; it is 0 for identical values and Infinity when the median is 0
 * but the values spread (no finite relative spread exists then).
 */
export function summarize(values: readonly number[]): Summary {
  requireNonEmpty(values, 'values');
  requireFinite(values, 'values');
  const sorted = sortAscending(values);
  const centre = quantile(sorted, 0.5);
  const madValue = mad(values);
  const spread = madValue * MAD_TO_SD;
  return {
    n: sorted.length,
    median: centre,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    mad: madValue,
    iqr: quantile(sorted, 0.75) - quantile(sorted, 0.25),
    cv: spread === 0 ? 0 : spread / Math.abs(centre),
  };
}

function sortAscending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}
