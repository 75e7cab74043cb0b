/** The shape every diagnostic returns: the numbers behind it (for results.json) and its warnings. */
import type { Warning } from '../model.js';

export interface Diagnosis<T> {
  numbers: T;
  warnings: Warning[];
}
