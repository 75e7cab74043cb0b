/**
 * The order in which a job runs base and head: benchgate's interleaved seeded rounds
 * (the real planRounds) or the common sequential practice (all base runs, then all head runs).
 */
import type { Side } from '../../src/model.js';
import { planRounds } from '../../src/runner/schedule.js';

export interface Slot {
  side: Side;
  round: number;
  position: number;
}

export interface Schedule {
  name: string;
  /** The runs of one job in the order they execute. */
  slots(rounds: number, seed: number): Slot[];
}

export const INTERLEAVED: Schedule = {
  name: 'interleaved (planRounds)',
  slots: (rounds, seed) =>
    planRounds(rounds, 0, seed).flatMap((r) => r.order.map((side, position) => ({ side, round: r.round, position }))),
};

export const SEQUENTIAL: Schedule = {
  name: 'sequential',
  slots: (rounds) =>
    (['base', 'head'] as const).flatMap((side) =>
      Array.from({ length: rounds }, (_, i) => ({ side, round: i + 1, position: side === 'base' ? 0 : 1 })),
    ),
};

export const SCHEDULES = { interleaved: INTERLEAVED, sequential: SEQUENTIAL };
export type ScheduleKey = keyof typeof SCHEDULES;
