/**
 * results.json: the whole analysis as data, for other tools and for `benchgate report`. Its
 * samples are capped (MAX_STORED_SAMPLES in all, each comparison's share evenly spaced, marked
 * `samplesThinned`): pooled sampling of a million-iteration run would otherwise write a file
 * larger than the fork relay reads (32 MiB, src/validate.ts). The statistics were computed on all.
 */
import type { Comparison, ComparisonResult } from '../model.js';

/** The most samples results.json keeps over all comparisons and both sides. */
export const MAX_STORED_SAMPLES = 400_000;
/** A comparison's share never drops below this per side. */
const MIN_PER_SIDE = 20;

/** `cap` values of `values`, evenly spaced in round order (all of them when they fit). */
function thinned(values: number[], cap: number): number[] {
  if (values.length <= cap) return values;
  return Array.from({ length: cap }, (_, i) => values[Math.floor((i * values.length) / cap)]!);
}

function stored(c: Comparison, perSide: number): Comparison {
  if (c.baseSamples.length <= perSide && c.headSamples.length <= perSide) return c;
  return { ...c, baseSamples: thinned(c.baseSamples, perSide), headSamples: thinned(c.headSamples, perSide), samplesThinned: true };
}

export function renderJson(result: ComparisonResult): string {
  const perSide = Math.max(MIN_PER_SIDE, Math.floor(MAX_STORED_SAMPLES / (2 * Math.max(1, result.comparisons.length))));
  return JSON.stringify({ ...result, comparisons: result.comparisons.map((c) => stored(c, perSide)) }, null, 2) + '\n';
}
