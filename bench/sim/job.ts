/**
 * One simulated pull request: a suite of benchmarks run for base and head in a schedule on
 * a drifting machine. Every run gives one value per benchmark (a run's own summary, which is
 * what benchgate samples by default), so a job is a table values[benchmark][side][round].
 */
import type { Run, Side } from '../../src/model.js';
import type { Rng } from '../../src/stats/index.js';
import type { Drift } from './drift.js';
import type { NoiseModel } from './noise.js';
import type { Schedule } from './schedules.js';

export interface JobSpec {
  benchmarks: number;
  rounds: number;
  noise: NoiseModel;
  cv: number;
  /** Relative slowdown of head on benchmark 0 (0.05 = 5% slower); the others are unchanged. */
  slowdown: number;
  schedule: Schedule;
  drift: Drift;
  /**
   * Share of the noise variance common to base and head of the same round (the machine's state
   * during a round), 0 by default. The round's factor exp(cv sqrt(share) N(0, 1)) multiplies
   * both sides of a benchmark; each run's own noise is drawn at cv sqrt(1 - share).
   */
  roundShare?: number;
}

export interface Job {
  /** values[benchmark][side][round - 1] */
  values: Record<Side, number[]>[];
  slots: { side: Side; round: number; position: number }[];
}

export function simulateJob(spec: JobSpec, rng: Rng): Job {
  const slots = spec.schedule.slots(spec.rounds, rng.int(2 ** 31));
  const values = Array.from({ length: spec.benchmarks }, () => ({
    base: new Array<number>(spec.rounds),
    head: new Array<number>(spec.rounds),
  }));
  const last = Math.max(1, slots.length - 1);
  const share = spec.roundShare ?? 0;
  // Drawn only when asked for, so that jobs without a shared component keep their sequences.
  const roundFactors =
    share > 0
      ? Array.from({ length: spec.rounds }, () =>
          Array.from({ length: spec.benchmarks }, () => Math.exp(spec.cv * Math.sqrt(share) * rng.normal())),
        )
      : null;
  const runCv = spec.cv * Math.sqrt(1 - share);
  slots.forEach((slot, i) => {
    const machine = spec.drift.factor(i / last);
    for (let b = 0; b < spec.benchmarks; b++) {
      const change = slot.side === 'head' && b === 0 ? 1 + spec.slowdown : 1;
      const shared = roundFactors ? roundFactors[slot.round - 1]![b]! : 1;
      values[b]![slot.side][slot.round - 1] = machine * change * shared * spec.noise.draw(rng, runCv);
    }
  });
  return { values, slots };
}

export const benchmarkName = (b: number): string => `bench${String(b).padStart(3, '0')}`;

/** The job as the Run records benchgate's pipeline would have logged. */
export function toRuns(job: Job): Run[] {
  return job.slots.map((slot) => ({
    suite: 'sim',
    side: slot.side,
    round: slot.round,
    position: slot.position,
    startedAt: '',
    wallMs: 0,
    cpuUserMs: null,
    cpuSysMs: null,
    maxRssKb: null,
    exitCode: 0,
    measurements: job.values.map((v, b) => ({
      benchmark: benchmarkName(b),
      metric: 'time',
      unit: 's',
      better: 'lower' as const,
      values: [v[slot.side][slot.round - 1]!],
    })),
  }));
}
