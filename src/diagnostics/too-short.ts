/**
 * Too short to trust, two ways. (1) The clock shows: a side's time values sit on a coarse grid
 * (few distinct values, each only tens of clock steps long), so the timer's resolution is a
 * visible part of every value. benchgate looks for the grid in the data instead of comparing
 * values with a nominal resolution, because batching harnesses legitimately report per-iteration
 * times far below the clock's. (2) Too few samples: with n per side the exact Mann-Whitney test
 * cannot reach the corrected significance level whatever the data.
 */
import type { Quantization, TooShortNumbers, Warning } from '../model.js';
import { median } from '../stats/index.js';
import type { Diagnosis } from './types.js';

/** A value spanning fewer clock steps than this carries more than 1% of rounding. */
const MIN_STEPS_PER_VALUE = 100;
const MIN_VALUES = 5;

export function quantization(values: readonly number[]): Quantization | null {
  if (values.length < MIN_VALUES) return null;
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  let step: number | null = null;
  for (let i = 1; i < distinct.length; i++) {
    const gap = distinct[i]! - distinct[i - 1]!;
    if (step === null || gap < step) step = gap;
  }
  const centre = Math.abs(median(values));
  return { n: values.length, distinct: distinct.length, step, stepsPerValue: step === null || step === 0 ? null : centre / step };
}

/** Values repeat a lot (at most half are distinct) and each spans few steps of the grid. */
function isCoarse(q: Quantization | null): boolean {
  return q !== null && q.distinct <= q.n / 2 && q.stepsPerValue !== null && q.stepsPerValue < MIN_STEPS_PER_VALUE;
}

/** 2 / C(n1 + n2, n1): both tails of the most extreme arrangement. */
export function minAttainableP(n1: number, n2: number): number {
  let combinations = 1;
  for (let i = 1; i <= n2; i++) combinations = (combinations * (n1 + i)) / i;
  return Math.min(1, 2 / combinations);
}

function roundsToReach(alphaPerTest: number): number {
  let n = 2;
  while (minAttainableP(n, n) >= alphaPerTest) n++;
  return n;
}

/**
 * `raw` are every value the harness printed per side (all iterations, all runs); `n` the
 * samples the test saw; `alphaPerTest` the corrected level (alpha / tests for Holm and BH).
 */
export function tooShortDiagnostic(
  raw: { base: readonly number[]; head: readonly number[] },
  isTime: boolean,
  n: { base: number; head: number },
  alphaPerTest: number,
): Diagnosis<TooShortNumbers> {
  const numbers: TooShortNumbers = {
    base: isTime ? quantization(raw.base) : null,
    head: isTime ? quantization(raw.head) : null,
    minAttainableP: minAttainableP(n.base, n.head),
    alphaPerTest,
    roundsToReachSignificance: roundsToReach(alphaPerTest),
  };
  const warnings: Warning[] = [];
  for (const side of ['base', 'head'] as const) {
    const q = numbers[side];
    if (!isCoarse(q)) continue;
    warnings.push({
      code: 'timer-resolution',
      message: `${side} values sit on a grid of ${q!.step!.toPrecision(3)} (${q!.distinct} distinct in ${q!.n}), only ~${Math.round(q!.stepsPerValue!)} steps per value: the clock's resolution shows; measure longer spans (more iterations per sample)`,
    });
  }
  // Below 2 per side analysis/compare.ts already says the test could not run.
  if (numbers.minAttainableP >= alphaPerTest && Math.min(n.base, n.head) >= 2) {
    warnings.push({
      code: 'never-significant',
      message: `with ${n.base} base and ${n.head} head samples the smallest attainable p is ${numbers.minAttainableP.toPrecision(2)}, above the corrected level ${alphaPerTest.toPrecision(2)}: no change can be significant; run at least ${numbers.roundsToReachSignificance} rounds`,
    });
  }
  return { numbers, warnings };
}
