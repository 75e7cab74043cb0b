/**
 * "At what cost": the CPU time and peak memory of each benchmark process, as ordinary
 * measurements of a pseudo-benchmark "(process)", so the analysis tests them base vs head like any
 * metric. A change that is 2% faster but takes 40% more memory shows up as such.
 *
 * Some readings are too coarse to gate on, and are left out for that suite with a warning:
 * - CPU times come from the kernel in clock ticks (usually 10 ms). A CPU metric whose values are
 *   only a few ticks long cannot show any change worth gating on, and its ties would leave the
 *   comparison inconclusive forever.
 * - Peak RSS is sampled every RSS_SAMPLE_MS while the process tree runs. In a short run the last
 *   sample can fall well before the peak, or miss a short-lived child: two identical commands of
 *   ~60 ms read 21 and 41 MiB on this project's CI machine, and were flagged.
 */
import { RSS_SAMPLE_MS, type Measurement, type Run, type Warning } from '../model.js';
import { median } from '../stats/index.js';
import { quantization } from './too-short.js';

export const PROCESS_BENCHMARK = '(process)';

/** A CPU metric whose typical value spans fewer clock ticks than this is not compared. */
const MIN_TICKS_PER_VALUE = 10;

/** Peak RSS is compared only when a typical run spans at least this many samples. */
const MIN_RSS_SAMPLES_PER_RUN = 10;

type CostMetric = {
  metric: string;
  unit: string;
  read(run: Run): number | null;
  /** Why this suite's readings are too coarse to compare, or null when they are fine. */
  tooCoarse(runs: readonly Run[], values: number[]): string | null;
};

function fewTicks(_runs: readonly Run[], values: number[]): string | null {
  const q = quantization(values);
  if (q && q.distinct <= q.n / 2 && q.stepsPerValue !== null && q.stepsPerValue < MIN_TICKS_PER_VALUE) {
    return `each run takes only ~${q.stepsPerValue.toFixed(1)} clock ticks of it, too few to show a change`;
  }
  return null;
}

function fewRssSamples(runs: readonly Run[]): string | null {
  const typicalWallMs = median(runs.map((r) => r.wallMs));
  if (typicalWallMs >= MIN_RSS_SAMPLES_PER_RUN * RSS_SAMPLE_MS) return null;
  return `runs last ~${Math.round(typicalWallMs)} ms and peak memory is sampled every ${RSS_SAMPLE_MS} ms, too seldom to catch the peak (needs runs of ${MIN_RSS_SAMPLES_PER_RUN * RSS_SAMPLE_MS} ms)`;
}

const COST_METRICS: CostMetric[] = [
  { metric: 'cpu-user', unit: 's', read: (r) => (r.cpuUserMs === null ? null : r.cpuUserMs / 1000), tooCoarse: fewTicks },
  { metric: 'cpu-sys', unit: 's', read: (r) => (r.cpuSysMs === null ? null : r.cpuSysMs / 1000), tooCoarse: fewTicks },
  { metric: 'max-rss', unit: 'B', read: (r) => (r.maxRssKb === null ? null : r.maxRssKb * 1024), tooCoarse: fewRssSamples },
];

/**
 * Runs that count: a run that failed or measured nothing gets no cost (so "no benchmarks" stays
 * visible), nor does one that ran only some benchmarks (rounds auto's later rounds): its cost
 * is not comparable with a whole-suite run's, so only whole-suite runs are compared.
 */
const measured = (run: Run) => run.error === undefined && run.measurements.length > 0 && run.open === undefined;

/** suite -> metrics too coarse to compare, with the reason. */
function tooCoarse(runs: readonly Run[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const suite of new Set(runs.map((r) => r.suite))) {
    const suiteRuns = runs.filter((r) => r.suite === suite && measured(r));
    for (const m of COST_METRICS) {
      const values = suiteRuns.map((run) => m.read(run)).filter((v): v is number => v !== null);
      const reason = values.length > 0 ? m.tooCoarse(suiteRuns, values) : null;
      if (reason) {
        const coarse = out.get(suite) ?? new Map<string, string>();
        coarse.set(m.metric, reason);
        out.set(suite, coarse);
      }
    }
  }
  return out;
}

/**
 * The runs with their cost measurements appended (new objects; the inputs are not changed), and
 * why a suite has no cpu-user, cpu-sys or max-rss comparison when its readings are too coarse.
 */
export function processCost(runs: readonly Run[]): { runs: Run[]; warnings: Warning[] } {
  const coarse = tooCoarse(runs);
  const withCost = runs.map((run) => {
    if (!measured(run)) return run;
    const cost: Measurement[] = [];
    for (const m of COST_METRICS) {
      const value = m.read(run);
      if (value === null || !Number.isFinite(value) || coarse.get(run.suite)?.has(m.metric)) continue;
      cost.push({ benchmark: PROCESS_BENCHMARK, metric: m.metric, unit: m.unit, better: 'lower', values: [value] });
    }
    return cost.length === 0 ? run : { ...run, measurements: [...run.measurements, ...cost] };
  });
  const warnings: Warning[] = [];
  for (const [suite, metrics] of coarse) {
    for (const [metric, reason] of metrics) {
      warnings.push({ code: 'cost-too-coarse', message: `${suite}: ${metric} not compared: ${reason}` });
    }
  }
  return { runs: withCost, warnings };
}
