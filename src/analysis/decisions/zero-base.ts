/**
 * The zero-base rule: a base median of 0 with a value that is not positive has no percent change
 * to hold against the threshold, so the comparison is judged on Mann-Whitney's significance alone,
 * in the direction of the Hodges-Lehmann shift (the reports add a `no-percent-change` warning).
 */
import type { ComparisonDecision } from '../decision.js';
import { rankMeasures } from './rank-measures.js';
import { changedVerdict } from './verdict.js';

export const zeroBase: ComparisonDecision = {
  name: 'zero-base',
  applies: (base, head) => base.length >= 2 && head.length >= 2 && rankMeasures(base, head).change === null,
  decide(base, head, { thresholdPct, level, better = 'lower' }) {
    const { mw, shift } = rankMeasures(base, head);
    const significant = mw.p < level;
    // A zero shift has no direction: it is held to the threshold as a change of 0%.
    const verdict = !significant
      ? 'inconclusive'
      : shift.estimate !== 0 || thresholdPct === 0
        ? changedVerdict(shift.estimate, better)
        : 'unchanged';
    return {
      name: 'zero-base',
      statistic: { name: 'U of base', value: mw.u1 },
      p: mw.p,
      interval: null,
      level,
      assumes: 'nothing about the shape of either side; the base median is 0, so only the direction of the shift is judged, not its size',
      verdict,
    };
  },
};
