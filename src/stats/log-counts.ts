/**
 * The arithmetic of the count rule (src/analysis/decisions/count-rule.ts, docs/counts.md) on
 * per-op counts: a side's mean of log counts, Δ between the sides and their within-side sum of
 * squares, the spread pooled over several benchmarks, the F test that keeps a far noisier
 * benchmark out of the pool, and the t quantile the interval takes.
 */
import { fisherFSf } from './f-distribution.js';
import { studentTQuantile } from './student-t.js';

/** A log-scale variance with its degrees of freedom. */
export interface Spread {
  variance: number;
  df: number;
}

/** Δ (difference of the sides' means of log counts) and the within-side sum of squares and df over both sides. */
export interface LogStats {
  d: number;
  ss: number;
  df: number;
  nBase: number;
  nHead: number;
}

/** The t quantile per (level, df): the rule asks for the same few at every look, and bisection is slow. */
const quantiles = new Map<string, number>();
export function tQuantile(p: number, df: number): number {
  const key = `${p}:${df}`;
  let q = quantiles.get(key);
  if (q === undefined) quantiles.set(key, (q = studentTQuantile(p, df)));
  return q;
}

/** One side's mean of log counts and within-side sum of squares, without allocating. */
function logMoments(values: readonly number[]): { mean: number; ss: number } {
  let sum = 0;
  for (const v of values) sum += Math.log(v);
  const mean = sum / values.length;
  let ss = 0;
  for (const v of values) ss += (Math.log(v) - mean) ** 2;
  return { mean, ss };
}

export function logStats(base: readonly number[], head: readonly number[]): LogStats {
  const b = logMoments(base);
  const h = logMoments(head);
  return {
    d: h.mean - b.mean,
    ss: b.ss + h.ss,
    df: Math.max(0, base.length - 1) + Math.max(0, head.length - 1),
    nBase: base.length,
    nHead: head.length,
  };
}

export function allPositive(base: readonly number[], head: readonly number[]): boolean {
  for (const side of [base, head]) for (const v of side) if (!(v > 0 && Number.isFinite(v))) return false;
  return true;
}

/** A difference of log counts as a percent change. */
export const pct = (logRatio: number): number => Math.expm1(logRatio) * 100;

/** The variance pooled over benchmarks' sums of squares and df; null when they have no df. */
export function pooledSpread(parts: readonly { ss: number; df: number }[]): Spread | null {
  const df = parts.reduce((a, c) => a + c.df, 0);
  return df > 0 ? { variance: parts.reduce((a, c) => a + c.ss, 0) / df, df } : null;
}

/** Whether a benchmark's own variance is above the pool's at the one-sided F level `guard` (its own df against the pool's). */
export function farAbovePool(part: { ss: number; df: number }, pool: Spread | null, guard: number): boolean {
  return (
    pool !== null &&
    part.df > 0 &&
    (pool.variance === 0 ? part.ss > 0 : fisherFSf(part.ss / part.df / pool.variance, part.df, pool.df) < guard)
  );
}
