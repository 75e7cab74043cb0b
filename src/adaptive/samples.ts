/**
 * Runs -> per-round samples of each gating benchmark, the shape a sequential look needs:
 * one value per run (the run's median), paired with the other side of the same round.
 */
import type { Better, Measurement, Run, Side } from '../model.js';
import { median } from '../stats/index.js';
import type { PairedSamples } from './statistics.js';

export interface BenchmarkSeries {
  key: string;
  suite: string;
  benchmark: string;
  metric: string;
  better: Better;
  complexityN?: number;
  /** round -> the run's value per side. */
  values: Map<number, Partial<Record<Side, number>>>;
  /** Rounds in which a side's harness reported this benchmark failed. */
  failures: { side: Side; round: number; reason: string }[];
}

/** Whether a measurement takes part in the sequential decision (default: primary metrics). */
export type Gates = (m: Measurement) => boolean;

export const gatesPrimary: Gates = (m) => (m.role ?? 'primary') === 'primary';

export const seriesKey = (suite: string, m: Pick<Measurement, 'benchmark' | 'metric' | 'complexityN'>): string =>
  JSON.stringify([suite, m.benchmark, m.metric, m.complexityN ?? null]);

/** Adds the measurements of `runs` to `series` (created as benchmarks first appear). */
export function addRuns(series: Map<string, BenchmarkSeries>, runs: readonly Run[], gates: Gates): void {
  for (const run of runs) {
    for (const m of run.measurements) {
      if (!gates(m)) continue;
      const key = seriesKey(run.suite, m);
      let s = series.get(key);
      if (!s) {
        s = {
          key,
          suite: run.suite,
          benchmark: m.benchmark,
          metric: m.metric,
          better: m.better,
          ...(m.complexityN !== undefined && { complexityN: m.complexityN }),
          values: new Map(),
          failures: [],
        };
        series.set(key, s);
      }
      if (m.failed !== undefined || m.values.length === 0) {
        s.failures.push({ side: run.side, round: run.round, reason: m.failed ?? 'no values' });
        continue;
      }
      const entry = s.values.get(run.round) ?? {};
      entry[run.side] = m.values.length === 1 ? m.values[0]! : median(m.values);
      s.values.set(run.round, entry);
    }
  }
}

/** The rounds in which both sides have a value, in round order. */
export function pairedSamples(s: BenchmarkSeries): PairedSamples {
  const rounds = [...s.values.keys()].sort((a, b) => a - b);
  const base: number[] = [];
  const head: number[] = [];
  for (const r of rounds) {
    const v = s.values.get(r)!;
    if (v.base !== undefined && v.head !== undefined) {
      base.push(v.base);
      head.push(v.head);
    }
  }
  return { base, head };
}
