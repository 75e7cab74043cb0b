/**
 * What the rank test measures of one comparison: Mann-Whitney's U and p, the Hodges-Lehmann
 * shift and the percent change with its interval. The same numbers whatever level a family then
 * holds them to, so they are computed once per pair of samples (the family's level is known only
 * after every member's p, and the verdict is asked again at it).
 */
import { hodgesLehmann, mannWhitneyU, median, percentChange, type MannWhitneyResult, type ShiftEstimate } from '../../stats/index.js';

export interface RankMeasures {
  mw: MannWhitneyResult;
  shift: ShiftEstimate;
  /** Percent change head vs base; null when the base median is 0 and a value is not positive. */
  change: { changePct: number; ci: [number, number] } | null;
}

/** Percent change head vs base and its interval; on the log scale when every value is positive. */
export function changeOf(base: readonly number[], head: readonly number[]): RankMeasures['change'] {
  if (base.every((v) => v > 0) && head.every((v) => v > 0)) return percentChange(base, head);
  const baseMedian = median(base);
  if (baseMedian === 0) return null;
  const hl = hodgesLehmann(head, base);
  const scale = 100 / Math.abs(baseMedian);
  return { changePct: hl.estimate * scale, ci: [hl.ci[0] * scale, hl.ci[1] * scale] };
}

const measured = new WeakMap<readonly number[], { head: readonly number[]; measures: RankMeasures }>();

/** The measures of these samples (at least 2 per side), computed once for the same pair of arrays. */
export function rankMeasures(base: readonly number[], head: readonly number[]): RankMeasures {
  const known = measured.get(base);
  if (known?.head === head) return known.measures;
  const measures = { mw: mannWhitneyU(base, head), shift: hodgesLehmann(head, base), change: changeOf(base, head) };
  measured.set(base, { head, measures });
  return measures;
}
