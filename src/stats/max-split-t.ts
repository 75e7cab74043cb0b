import { StatsError } from './errors.js';
import { studentTSf } from './student-t.js';

/*
 * How surprising the best split of a series is: an upper bound on
 *
 *   P( max over the n - 1 splits k of |T_k| >= t )
 *
 * for n independent normal values of one mean, where T_k is the pooled two-sample t statistic
 * between x[0:k] and x[k:n] (df n - 2). A change-point detector tests the split it searched
 * for; the plain t-test's p treats that split as chosen before looking, and on 500 values it is
 * about 70 times too small at p = 0.001.
 *
 * The bound is Naiman's inequality (Naiman 1986, Ann. Statist. 14: the volume of a tube around
 * a curve on the sphere). Under the null, u = (x - mean) / |x - mean| is uniform on the unit
 * sphere of the (n - 1)-dimensional space orthogonal to the constant vector, and T_k is a
 * function of the projection w_k = <u, e_k> on the unit contrast e_k of split k:
 * T² = (n - 2) w² / (1 - w²). The splits trace a curve e_1 … e_{n-1}; joined by great-circle
 * arcs it has length L, and for any w
 *
 *   P( max_k |<u, e_k>| >= w ) <= (L / π) (1 - w²)^((n - 3) / 2) + P( |T_{n-2}| >= t ).
 *
 * Bonferroni's (n - 1) P(|T_{n-2}| >= t) is a bound too, and the smaller one at a handful of
 * values (the tube counts the arcs between the splits, which the splits themselves never reach).
 * Their minimum is at most 2.5x the simulated tail at 5% and 1% for n from 5 to 500
 * (tests/stats/max-split-t.test.ts), and 1.3-1.7x at 0.001 for n from 10 to 500 (20,000 runs).
 */

/** Length of the curve of split contrasts: the angle between the contrasts of splits k and k + 1, summed. */
function contrastCurveLength(n: number): number {
  let length = 0;
  for (let k = 1; k < n - 1; k++) length += Math.acos(Math.sqrt((k * (n - k - 1)) / ((k + 1) * (n - k))));
  return length;
}

/** Upper bound on the chance that some split of n null values has |t| >= `t` (pooled Student t, df n - 2); at most 1. */
export function maxSplitTSf(t: number, n: number): number {
  if (!Number.isInteger(n) || n < 3) throw new StatsError(`a split t statistic needs at least 3 values, got ${n}`);
  const df = n - 2;
  const size = Math.abs(t);
  if (Number.isNaN(size)) throw new StatsError('t must be a number');
  if (size === Infinity) return 0;
  const one = 2 * studentTSf(size, df);
  const tube = (contrastCurveLength(n) / Math.PI) * Math.exp(-((n - 3) / 2) * Math.log1p((size * size) / df));
  return Math.min(1, tube + one, (n - 1) * one);
}
