/** Hand-built history records for the history tests. */
import { RECORD_SCHEMA_VERSION, type BenchmarkRecord, type HistoryRecord } from '../../src/history/record.js';

export function benchmarkRecord(over: Partial<BenchmarkRecord> = {}): BenchmarkRecord {
  return {
    benchmark: 'BenchmarkParse',
    metric: 'time',
    unit: 'ns/op',
    better: 'lower',
    deterministic: false,
    changePct: 0,
    interval: [-1, 1],
    verdict: 'unchanged',
    thresholdPct: 2,
    baseMedian: 100,
    headMedian: 100,
    ...over,
  };
}

/** Commit i of a branch: "c0001"…; record i links commit i-1 to commit i. */
export const commit = (i: number): string => `c${String(i).padStart(4, '0')}`;

export function historyRecord(i: number, benchmarks: BenchmarkRecord[], over: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    branch: 'main',
    suite: 'go',
    base: commit(i - 1),
    head: commit(i),
    recordedAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
    measure: 'time',
    machine: { cpuModel: 'AMD EPYC 7763', cpuCount: 4 },
    intervalLevel: 0.95,
    benchmarks,
    ...over,
  };
}
