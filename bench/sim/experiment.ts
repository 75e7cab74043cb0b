/**
 * One cell of a table: repeat a simulated job and count what each method reports. A cell is
 * plain data (it names its models), so it can run in any worker process; its generator is
 * seeded from its label, so a table reproduces exactly whichever process runs the cell.
 */
import { createRng } from '../../src/stats/index.js';
import { DRIFTS, type DriftKey } from './drift.js';
import { simulateJob } from './job.js';
import { METHODS, type MethodKey } from './methods.js';
import { NOISE_MODELS, type NoiseKey } from './noise.js';
import { SCHEDULES, type ScheduleKey } from './schedules.js';

export interface Cell {
  /** Unique per cell: the seed is derived from it. */
  label: string;
  benchmarks: number;
  rounds: number;
  noise: NoiseKey;
  cv: number;
  /** Relative slowdown of benchmark 0 (0 in A/A cells). */
  slowdown: number;
  schedule: ScheduleKey;
  drift: DriftKey;
  methods: MethodKey[];
  trials: number;
}

export interface CellResult {
  /** Per method: share of jobs with at least one flag (either direction) on an unchanged benchmark. */
  falseAlarm: number[];
  /** Per method: share of jobs in which the slowed benchmark 0 was reported slower. */
  detected: number[];
}

/** FNV-1a of the label: a stable 32-bit seed. */
export function seedOf(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function runCell(cell: Cell): CellResult {
  const rng = createRng(seedOf(cell.label));
  const spec = {
    ...cell,
    noise: NOISE_MODELS[cell.noise],
    schedule: SCHEDULES[cell.schedule],
    drift: DRIFTS[cell.drift],
  };
  const methods = cell.methods.map((key) => METHODS[key]);
  const falseAlarms = methods.map(() => 0);
  const detections = methods.map(() => 0);
  for (let t = 0; t < cell.trials; t++) {
    const job = simulateJob(spec, rng);
    methods.forEach((m, i) => {
      const flags = m.flags(job);
      const unchanged = cell.slowdown === 0 ? flags : flags.slice(1);
      if (unchanged.some((f) => f !== 0)) falseAlarms[i]!++;
      if (cell.slowdown !== 0 && flags[0] === 1) detections[i]!++;
    });
  }
  return {
    falseAlarm: falseAlarms.map((c) => c / cell.trials),
    detected: detections.map((c) => c / cell.trials),
  };
}
