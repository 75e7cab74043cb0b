/** The noise grid shared by the false-alarm and power sections. */
import type { NoiseKey } from '../sim/noise.js';
import { NOISE_MODELS } from '../sim/noise.js';

export const NOISES = Object.keys(NOISE_MODELS) as NoiseKey[];
export const CVS = [0.01, 0.02, 0.05];
export const ROUNDS = [5, 10, 20];

export const cvLabel = (cv: number): string => `${Math.round(cv * 100)}%`;

/** Every (noise, cv, rounds) combination, in table order. */
export function noiseGrid(noises = NOISES, cvs = CVS, rounds = ROUNDS) {
  return noises.flatMap((noise) => cvs.flatMap((cv) => rounds.map((n) => ({ noise, cv, rounds: n }))));
}
