/**
 * A branch's records regrouped per benchmark: one point per record (the head commit and its
 * median, or the link's change), in record order. Change points read the medians of one machine
 * class, because a median measured on another CPU is another series; counts are read across
 * machines. Creep reads the links, which compare two commits on one machine and so need no class.
 */
import { identityKey } from '../analysis/identity.js';
import type { Better } from '../model.js';
import type { BenchmarkRecord, HistoryRecord, MachineClass } from './record.js';

export interface BenchmarkId {
  suite: string;
  benchmark: string;
  metric: string;
  complexityN?: number;
}

export interface SeriesPoint {
  /** The record's base and head commits: the point is the head's. */
  base: string;
  head: string;
  record: BenchmarkRecord;
  /** The confidence level of the link's interval. */
  level: number;
}

export interface BenchmarkSeries {
  id: BenchmarkId;
  unit: string;
  better: Better;
  /** The machine class the points share; null for counts read across machines and for links. */
  machine: MachineClass | null;
  points: SeriesPoint[];
}

export function machineLabel(m: MachineClass | null): string {
  if (m === null) return 'any machine';
  return `${m.cpuModel ?? 'unknown CPU'}, ${m.cpuCount ?? '?'} cores`;
}

function group(
  records: readonly HistoryRecord[],
  classOf: (r: HistoryRecord, b: BenchmarkRecord) => MachineClass | null,
): BenchmarkSeries[] {
  const byKey = new Map<string, BenchmarkSeries>();
  for (const r of records) {
    for (const b of r.benchmarks) {
      const id: BenchmarkId = {
        suite: r.suite,
        benchmark: b.benchmark,
        metric: b.metric,
        ...(b.complexityN !== undefined && { complexityN: b.complexityN }),
      };
      const machine = classOf(r, b);
      const key = JSON.stringify([identityKey(id), machine?.cpuModel ?? null, machine?.cpuCount ?? null, machine === null]);
      let series = byKey.get(key);
      if (!series) byKey.set(key, (series = { id, unit: b.unit, better: b.better, machine, points: [] }));
      series.points.push({ base: r.base, head: r.head, record: b, level: r.intervalLevel });
    }
  }
  return [...byKey.values()];
}

/** Series of absolute medians: one per benchmark and machine class (counts: one per benchmark). */
export function medianSeries(records: readonly HistoryRecord[]): BenchmarkSeries[] {
  return group(records, (r, b) => (b.deterministic || r.measure === 'instructions' ? null : r.machine)).map((s) => ({
    ...s,
    points: s.points.filter((p) => p.record.headMedian !== null && p.record.headMedian > 0),
  }));
}

/** Series of links (per-link changes with intervals): one per benchmark, whatever the machine. */
export function linkSeries(records: readonly HistoryRecord[]): BenchmarkSeries[] {
  return group(records, () => null).map((s) => ({
    ...s,
    points: s.points.filter((p) => p.record.changePct !== null && p.record.interval !== null),
  }));
}
