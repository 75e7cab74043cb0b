/**
 * Was the machine steady while it measured? From the header's facts (governor, turbo, CPU
 * count) and the per-run readings (load average, CPU steal), in the spirit of nanobench's
 * warnings: a frequency that moves or a neighbour that takes the CPU adds noise no statistics
 * can remove, and the report should say so.
 */
import type { EnvironmentNumbers, HostEnvironment, Run, Spread, Warning } from '../model.js';
import { median } from '../stats/index.js';
import type { Diagnosis } from './types.js';

/** Steal above this in a typical run, or a peak above STEAL_MAX, means a noisy neighbour. */
const STEAL_MEDIAN = 0.02;
const STEAL_MAX = 0.1;

function spread(values: number[]): Spread | null {
  return values.length === 0 ? null : { median: median(values), max: Math.max(...values) };
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** `header` comes from a results log: its values are checked, not trusted to have their types. */
export function environmentDiagnostic(header: HostEnvironment, runs: readonly Run[]): Diagnosis<EnvironmentNumbers> {
  const withEnv = runs.filter((r) => r.env !== undefined);
  const numbers: EnvironmentNumbers = {
    runsWithReadings: withEnv.length,
    loadAvg1: spread(withEnv.map((r) => r.env!.loadAvg1).filter((v): v is number => numberOrNull(v) !== null)),
    stealFraction: spread(withEnv.map((r) => r.env!.stealFraction).filter((v): v is number => numberOrNull(v) !== null)),
    cpuCount: numberOrNull(header.cpuCount),
    governor: typeof header.governor === 'string' ? header.governor : null,
    turbo: typeof header.turbo === 'boolean' ? header.turbo : null,
    perRun: withEnv.map((r) => ({
      side: r.side,
      round: r.round,
      loadAvg1: numberOrNull(r.env!.loadAvg1),
      stealFraction: numberOrNull(r.env!.stealFraction),
    })),
  };
  const warnings: Warning[] = [];
  const steal = numbers.stealFraction;
  if (steal && (steal.median > STEAL_MEDIAN || steal.max > STEAL_MAX)) {
    warnings.push({
      code: 'cpu-steal',
      message: `the hypervisor took CPU time during the runs (steal median ${pct(steal.median)}, max ${pct(steal.max)}): expect extra noise; a dedicated runner gives steadier numbers`,
    });
  }
  const load = numbers.loadAvg1;
  if (load && numbers.cpuCount !== null && load.median > numbers.cpuCount) {
    warnings.push({
      code: 'high-load',
      message: `the machine was busy: load average ${load.median.toFixed(2)} (max ${load.max.toFixed(2)}) on ${numbers.cpuCount} CPUs during the runs`,
    });
  }
  if (numbers.governor !== null && numbers.governor !== 'performance') {
    warnings.push({
      code: 'cpu-governor',
      message: `CPU frequency governor is "${numbers.governor}", not "performance": the clock speed can change during the runs`,
    });
  }
  if (numbers.turbo === true) {
    warnings.push({ code: 'turbo', message: 'turbo boost is on: the clock speed depends on temperature and load, which adds noise' });
  }
  return { numbers, warnings };
}

function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}
