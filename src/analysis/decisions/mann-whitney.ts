/**
 * Mann-Whitney U with the Hodges-Lehmann percent change: the test of every timed comparison in
 * fixed rounds (docs/statistics.md). Changed when p is below the level the family gives it and
 * the change is at least the threshold; significant but smaller is unchanged. Not significant is
 * `inconclusive` here: compare.ts then says whether the data rule out a change that matters.
 */
import type { ComparisonDecision } from '../decision.js';
import { rankMeasures } from './rank-measures.js';
import { changedVerdict } from './verdict.js';

export const mannWhitney: ComparisonDecision = {
  name: 'mann-whitney',
  applies: (base, head) => base.length >= 2 && head.length >= 2 && rankMeasures(base, head).change !== null,
  decide(base, head, { thresholdPct, level, better = 'lower' }) {
    const { mw, change } = rankMeasures(base, head);
    const changePct = change?.changePct ?? 0;
    const significant = mw.p < level;
    return {
      name: 'mann-whitney',
      statistic: { name: 'U of base', value: mw.u1 },
      p: mw.p,
      interval: change?.ci ?? null,
      level,
      assumes: `nothing about the shape of either side: a rank test on one value per run (${mw.method === 'exact' ? 'exact U distribution' : 'normal approximation, ties corrected'})`,
      verdict: !significant ? 'inconclusive' : Math.abs(changePct) >= thresholdPct ? changedVerdict(changePct, better) : 'unchanged',
    };
  },
};
