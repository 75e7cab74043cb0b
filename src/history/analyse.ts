/** A branch's history to its findings: change points on medians, creep on chained links. */
import { median } from '../stats/index.js';
import { findCreep, chain, CREEP_DEFAULTS, type CreepFinding, type CreepOptions } from './creep.js';
import { findChangePoints, type ChangePointFinding } from './detect.js';
import { CHANGE_POINT_DEFAULTS, type ChangePointOptions } from './e-divisive.js';
import type { HistoryRecord } from './record.js';
import { linkSeries, medianSeries } from './series.js';

export interface HistoryReport {
  branch: string;
  records: number;
  changePointOptions: ChangePointOptions;
  creepOptions: CreepOptions;
  changePoints: ChangePointFinding[];
  creep: CreepFinding[];
  /**
   * How wide a chain of the last links is, as a half width in percent (the median over
   * benchmarks): creep smaller than this cannot be told from noise. Null with fewer than 2 links.
   */
  chainHalfWidthPct: number | null;
}

export function analyseHistory(
  branch: string,
  records: readonly HistoryRecord[],
  changePointOptions: ChangePointOptions = CHANGE_POINT_DEFAULTS,
  creepOptions: CreepOptions = CREEP_DEFAULTS,
): HistoryReport {
  const links = linkSeries(records);
  const widths = links.flatMap((s) => {
    const c = chain(s, creepOptions);
    return c === null ? [] : [(c.interval[1] - c.interval[0]) / 2];
  });
  return {
    branch,
    records: records.length,
    changePointOptions,
    creepOptions,
    changePoints: findChangePoints(medianSeries(records), changePointOptions),
    creep: findCreep(links, creepOptions),
    chainHalfWidthPct: widths.length === 0 ? null : median(widths),
  };
}
