/** The shape every diagnostic returns: the numbers behind it (for results.json) and its warnings. */
import type { Warning } from '../model.js';

export interface Diagnosis<T> {
  numbers: T;
  warnings: Warning[];
}

/** One side's per-run values in round order: the series drift and the round-order plot use. */
export interface RoundSeries {
  rounds: number[];
  values: number[];
}
