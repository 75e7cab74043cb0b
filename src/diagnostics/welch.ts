/**
 * Welch's unequal-variance t-test: the second opinion benchgate offers when both sides look
 * normal. Mann-Whitney stays the deciding test; a disagreement between the two is worth a look.
 */
import type { WelchResult } from '../model.js';
import { studentTSf } from '../stats/index.js';

function meanAndVariance(x: readonly number[]): { mean: number; variance: number } {
  const mean = x.reduce((s, v) => s + v, 0) / x.length;
  const variance = x.reduce((s, v) => s + (v - mean) ** 2, 0) / (x.length - 1);
  return { mean, variance };
}

/** Null when either side has fewer than 2 values or both have zero variance. */
export function welchTTest(base: readonly number[], head: readonly number[]): WelchResult | null {
  if (base.length < 2 || head.length < 2) return null;
  const a = meanAndVariance(base);
  const b = meanAndVariance(head);
  const va = a.variance / base.length;
  const vb = b.variance / head.length;
  if (va + vb === 0) return null;
  const t = (b.mean - a.mean) / Math.sqrt(va + vb);
  const df = (va + vb) ** 2 / (va ** 2 / (base.length - 1) + vb ** 2 / (head.length - 1));
  return { t, df, p: Math.min(1, 2 * studentTSf(Math.abs(t), df)) };
}
