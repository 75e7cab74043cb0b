import type { Better, Verdict } from '../../model.js';

/** A change in the direction of `direction` (head − base, or its percent): worse is a regression. */
export function changedVerdict(direction: number, better: Better): Verdict {
  const worse = better === 'lower' ? direction > 0 : direction < 0;
  return worse ? 'regression' : 'improvement';
}
