/**
 * "At what cost": the CPU time and peak memory of each benchmark process, as ordinary
 * measurements of a pseudo-benchmark "(process)", so compare.ts tests them base vs head like any
 * metric. A change that is 2% faster but takes 40% more memory shows up as such.
 *
 * CPU times come from the kernel in clock ticks (usually 10 ms). A CPU metric whose values are
 * only a few ticks long cannot show any change worth gating on, and its ties would leave the
 * comparison inconclusive forever, so it is left out for that suite and a warning says why.
 */
import type { Measurement, Run, Warning } from '../model.js';
import { quantization } from './too-short.js';

export const PROCESS_BENCHMARK = '(process)';

/** A CPU metric whose typical value spans fewer clock ticks than this is not compared. */
const MIN_TICKS_PER_VALUE = 10;

const COST_METRICS: { metric: string; unit: string; read(run: Run): number | null; ticked: boolean }[] = [
  { metric: 'cpu-user', unit: 's', read: (r) => (r.cpuUserMs === null ? null : r.cpuUserMs / 1000), ticked: true },
  { metric: 'cpu-sys', unit: 's', read: (r) => (r.cpuSysMs === null ? null : r.cpuSysMs / 1000), ticked: true },
  { metric: 'max-rss', unit: 'B', read: (r) => (r.maxRssKb === null ? null : r.maxRssKb * 1024), ticked: false },
];

/** Runs that count: a run that failed or measured nothing gets no cost (so "no benchmarks" stays visible). */
const measured = (run: Run) => run.error === undefined && run.measurements.length > 0;

/** suite -> metrics too coarse to compare, with their ticks per value. */
function tooCoarse(runs: readonly Run[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const suite of new Set(runs.map((r) => r.suite))) {
    const suiteRuns = runs.filter((r) => r.suite === suite && measured(r));
    for (const m of COST_METRICS.filter((c) => c.ticked)) {
      const values = suiteRuns.map(m.read).filter((v): v is number => v !== null);
      const q = quantization(values);
      if (q && q.distinct <= q.n / 2 && q.stepsPerValue !== null && q.stepsPerValue < MIN_TICKS_PER_VALUE) {
        const coarse = out.get(suite) ?? new Map<string, number>();
        coarse.set(m.metric, q.stepsPerValue);
        out.set(suite, coarse);
      }
    }
  }
  return out;
}

/** The runs with their cost measurements appended (new objects; the inputs are not changed). */
export function withProcessCost(runs: readonly Run[]): Run[] {
  const coarse = tooCoarse(runs);
  return runs.map((run) => {
    if (!measured(run)) return run;
    const cost: Measurement[] = [];
    for (const m of COST_METRICS) {
      const value = m.read(run);
      if (value === null || !Number.isFinite(value) || coarse.get(run.suite)?.has(m.metric)) continue;
      cost.push({ benchmark: PROCESS_BENCHMARK, metric: m.metric, unit: m.unit, better: 'lower', values: [value] });
    }
    return cost.length === 0 ? run : { ...run, measurements: [...run.measurements, ...cost] };
  });
}

/** Why a suite has no cpu-user or cpu-sys comparison. */
export function costWarnings(runs: readonly Run[]): Warning[] {
  const warnings: Warning[] = [];
  for (const [suite, metrics] of tooCoarse(runs)) {
    for (const [metric, ticks] of metrics) {
      warnings.push({
        code: 'cost-too-coarse',
        message: `${suite}: ${metric} not compared: each run takes only ~${ticks.toFixed(1)} clock ticks of it, too few to show a change`,
      });
    }
  }
  return warnings;
}
