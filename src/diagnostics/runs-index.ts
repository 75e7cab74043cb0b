/**
 * The per-run view of each comparison's data, which the Comparison itself does not keep: the
 * round of every sample (for drift and the round-order plot) and every raw value the harness
 * printed (for the clock-resolution check).
 */
import type { Run, Side } from '../model.js';
import { median } from '../stats/index.js';
import type { RoundSeries } from './types.js';

export interface RunData {
  /** One value per run (the run's median, the unit of replication) in round order. */
  series: Record<Side, RoundSeries>;
  raw: Record<Side, number[]>;
}

export function seriesKey(suite: string, benchmark: string, metric: string, complexityN: number | undefined): string {
  return JSON.stringify([suite, benchmark, metric, complexityN ?? null]);
}

export function indexRuns(runs: readonly Run[]): Map<string, RunData> {
  const index = new Map<string, RunData>();
  const ordered = [...runs].sort((a, b) => a.round - b.round || a.position - b.position);
  for (const run of ordered) {
    for (const m of run.measurements) {
      if (m.failed !== undefined || m.values.length === 0) continue;
      const key = seriesKey(run.suite, m.benchmark, m.metric, m.complexityN);
      let data = index.get(key);
      if (!data) {
        data = { series: { base: { rounds: [], values: [] }, head: { rounds: [], values: [] } }, raw: { base: [], head: [] } };
        index.set(key, data);
      }
      data.series[run.side].rounds.push(run.round);
      data.series[run.side].values.push(median(m.values));
      data.raw[run.side].push(...m.values);
    }
  }
  return index;
}
