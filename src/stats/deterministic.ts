/**
 * The deterministic rule, for counts the machine's noise cannot move (instructions under
 * cachegrind, a harness's own instruction counts; `Measurement.deterministic`).
 *
 * With at least 2 runs per side, when every run of a side counted the same (within
 * DETERMINISTIC_TOLERANCE of the side's median) the comparison needs no rank test: identical
 * sides are unchanged, and sides whose ranges do not overlap changed by exactly the ratio of
 * their counts. Anything looser (a JIT's or a GC thread's run-to-run variation) falls back to
 * the usual statistics.
 *
 * How it enters the multiple-comparison correction: it does not. A rank test is corrected
 * because noise alone can make it reject; a count that repeats exactly cannot differ between
 * sides by chance, so the decision carries no chance of a false alarm to spend α on. It is
 * made outside the family (p reported as 0 when the sides differ, 1 when they are equal, not
 * adjusted), and the family the correction spreads α over is the rank-tested benchmarks only,
 * so exact counts do not make the other benchmarks harder to flag. The practical threshold
 * still applies: an exact +0.5% is `unchanged` under a 2% threshold.
 */

import type { Comparison } from '../model.js';

/** Relative spread (max - min over the median) within which a side's counts are one value: 0.01%. */
export const DETERMINISTIC_TOLERANCE = 1e-4;

export type DeterministicOutcome =
  /** Both sides repeat one value, the same within the tolerance. */
  | { kind: 'equal' }
  /** Both sides repeat one value each, and their ranges are apart by more than the tolerance. */
  | { kind: 'different'; ratio: number };

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The side's range and median, or null when its values spread more than the tolerance. */
function steady(values: readonly number[], tolerance: number): { min: number; max: number; median: number } | null {
  const sorted = [...values].sort((a, b) => a - b);
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  const mid = median(sorted);
  return max - min <= tolerance * Math.abs(mid) ? { min, max, median: mid } : null;
}

/**
 * Decides a comparison of deterministic counts without a test, or returns null when the rule
 * does not apply (fewer than 2 values on a side, a side that varies, overlapping ranges that are
 * not equal, or a base of 0 that no ratio can be taken of).
 */
export function deterministicOutcome(
  base: readonly number[],
  head: readonly number[],
  tolerance = DETERMINISTIC_TOLERANCE,
): DeterministicOutcome | null {
  if (base.length < 2 || head.length < 2) return null;
  const b = steady(base, tolerance);
  const h = steady(head, tolerance);
  if (b === null || h === null) return null;
  if (Math.abs(h.median - b.median) <= tolerance * Math.max(Math.abs(b.median), Math.abs(h.median))) return { kind: 'equal' };
  const apart = h.min > b.max || h.max < b.min;
  if (!apart || b.median === 0) return null;
  return { kind: 'different', ratio: h.median / b.median };
}

/** What the rule assumes, for the reports. */
const EXACT_ASSUMES = 'every run counted the same: no chance of a false alarm to spend a level on';

/**
 * The rule applied to a comparison of deterministic counts whose change is known: the decided
 * comparison (verdict, test and p set), to be left out of the family, or null when the rule
 * does not apply and the usual test decides.
 */
export function decideDeterministic(
  c: Comparison,
  thresholdPct: number,
  level: number,
  tolerance = DETERMINISTIC_TOLERANCE,
): Comparison | null {
  if (!c.deterministic || c.changePct === null) return null;
  const outcome = deterministicOutcome(c.baseSamples, c.headSamples, tolerance);
  if (outcome === null) return null;
  const test = (p: number, interval: [number, number] | null) =>
    ({ name: 'exact-count', statistic: null, p, interval, level, assumes: EXACT_ASSUMES }) as const;
  const decided = { ...c, roundsNeeded: null };
  if (outcome.kind === 'equal') return { ...decided, test: test(1, c.changeCi), p: 1, pAdjusted: 1, verdict: 'unchanged' };
  const changePct = (outcome.ratio - 1) * 100;
  const changeCi: [number, number] = [changePct, changePct];
  const exact = { ...decided, test: test(0, changeCi), p: 0, pAdjusted: 0, changePct, changeCi };
  if (Math.abs(changePct) >= thresholdPct) {
    return { ...exact, verdict: (c.better === 'lower') === changePct > 0 ? 'regression' : 'improvement' };
  }
  const message = `every run counted the same, and the exact change of ${Math.abs(changePct).toFixed(3)}% is below the ${thresholdPct}% threshold`;
  return { ...exact, verdict: 'unchanged', warnings: [...c.warnings, { code: 'below-threshold', message }] };
}
