import type { AnalysisSettings } from '../model.js';
import { StatsError } from './errors.js';

/*
 * Adjusted p-values for many benchmarks compared at once, as R's p.adjust. Each result is
 * the smallest family level at which that hypothesis would be rejected, in input order.
 */

/** Holm's step-down: controls the family-wise error rate under any dependence. */
export function holm(p: readonly number[]): number[] {
  const m = p.length;
  return adjustSorted(p, 'ascending', (value, rank) => (m - rank) * value);
}

/** Benjamini-Hochberg step-up: controls the false discovery rate (independent or PRDS tests). */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const m = p.length;
  return adjustSorted(p, 'descending', (value, rank) => (m / (rank + 1)) * value);
}

/** The adjustment a configuration names ('none' returns the raw values). */
export function adjustPValues(p: readonly number[], correction: AnalysisSettings['correction']): number[] {
  if (correction === 'holm') return holm(p);
  if (correction === 'bh') return benjaminiHochberg(p);
  return [...p];
}

/**
 * Walks the p-values in ascending order of p (rank 0 = smallest) from the given end,
 * keeping the running maximum (step-down, from the smallest) or minimum (step-up, from the
 * largest) so that adjusted values keep the order of the raw ones.
 */
function adjustSorted(p: readonly number[], from: 'ascending' | 'descending', scale: (value: number, rank: number) => number): number[] {
  p.forEach((value, i) => {
    if (!(value >= 0 && value <= 1)) throw new StatsError(`p[${i}] is ${value}: p-values lie in [0, 1]`);
  });
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
  const adjusted = new Array<number>(p.length);
  let running = from === 'ascending' ? 0 : 1;
  for (let step = 0; step < order.length; step++) {
    const rank = from === 'ascending' ? step : order.length - 1 - step;
    const value = Math.min(1, scale(p[order[rank]!]!, rank));
    running = from === 'ascending' ? Math.max(running, value) : Math.min(running, value);
    adjusted[order[rank]!] = running;
  }
  return adjusted;
}
