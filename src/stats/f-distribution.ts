import { StatsError } from './errors.js';
import { regularizedBeta } from './student-t.js';

/** P(F > f) for F ~ F(d1, d2): the regularized incomplete beta I_{d2/(d2 + d1 f)}(d2/2, d1/2). */
export function fisherFSf(f: number, d1: number, d2: number): number {
  if (!(d1 > 0 && d2 > 0)) throw new StatsError(`F distribution needs positive degrees of freedom, got ${d1}, ${d2}`);
  if (!(f > 0)) return 1;
  if (f === Infinity) return 0;
  return regularizedBeta(d2 / (d2 + d1 * f), d2 / 2, d1 / 2);
}
