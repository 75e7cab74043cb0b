import type { GeomeanChange } from '../model.js';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { StatsError, requireConfLevel, requireFinite } from './errors.js';
import { studentTQuantile } from './student-t.js';

/**
 * Geometric mean of per-benchmark head/base ratios as a percent change, with a t interval
 * on the mean log ratio: benchmarks are the replicates here, each contributing one ratio of
 * medians, and the log makes a 2x slowdown and a 2x speed-up cancel. Null for fewer than
 * two ratios, where no interval exists.
 */
export function geomeanChange(ratios: readonly number[], opts: { confLevel?: number } = {}): GeomeanChange | null {
  requireFinite(ratios, 'ratios');
  ratios.forEach((r, i) => {
    if (r <= 0) throw new StatsError(`ratios[${i}] is ${r}: ratios of medians must be positive`);
  });
  const confLevel = opts.confLevel ?? 0.95;
  requireConfLevel(confLevel);
  const k = ratios.length;
  if (k < 2) return null;
  const logs = ratios.map(Math.log);
  const centre = mean(logs);
  const halfWidth = (studentTQuantile(1 - (1 - confLevel) / 2, k - 1) * sampleStandardDeviation(logs)) / Math.sqrt(k);
  const toPct = (logRatio: number): number => 100 * Math.expm1(logRatio);
  return { changePct: toPct(centre), ci: [toPct(centre - halfWidth), toPct(centre + halfWidth)], benchmarks: k };
}
