/**
 * Timing-noise models for the simulation. Each draws the multiplicative noise of one
 * benchmark in one run around 1; `cv` sets the scale of the noise body, so the three models
 * are compared at the same nominal CV while their shapes differ.
 */
import type { Rng } from '../../src/stats/index.js';

export interface NoiseModel {
  name: string;
  /** How the shape is built, for the tables' legend. */
  description: string;
  draw(rng: Rng, cv: number): number;
}

/** Share of runs hit by a slow outlier (an interrupt, a GC pause, a noisy neighbour). */
const OUTLIER_RATE = 0.05;
/** Mean size of an outlier, in units of cv: a hit adds Exponential(10 cv) to the time. */
const OUTLIER_MEAN_CVS = 10;
/** Bimodal: share of runs in the slow mode and its distance from the fast one, in cv. */
const SLOW_MODE_RATE = 0.3;
const MODE_GAP_CVS = 2;

export const NORMAL: NoiseModel = {
  name: 'normal',
  description: '1 + cv * N(0, 1)',
  draw: (rng, cv) => 1 + cv * rng.normal(),
};

export const HEAVY_TAILED: NoiseModel = {
  name: 'log-normal + outliers',
  description: `exp(cv * N(0, 1)), and in ${OUTLIER_RATE * 100}% of runs times (1 + Exp(mean ${OUTLIER_MEAN_CVS} cv))`,
  draw: (rng, cv) => {
    const body = Math.exp(cv * rng.normal());
    if (rng.next() >= OUTLIER_RATE) return body;
    return body * (1 - OUTLIER_MEAN_CVS * cv * Math.log(1 - rng.next()));
  },
};

export const BIMODAL: NoiseModel = {
  name: 'bimodal',
  description: `1 + (cv / 2) * N(0, 1), shifted by ${MODE_GAP_CVS} cv in ${SLOW_MODE_RATE * 100}% of runs (two layouts or clock states)`,
  draw: (rng, cv) => {
    const slow = rng.next() < SLOW_MODE_RATE ? MODE_GAP_CVS * cv : 0;
    return 1 + slow + (cv / 2) * rng.normal();
  },
};

export const NOISE_MODELS = { normal: NORMAL, heavy: HEAVY_TAILED, bimodal: BIMODAL };
export type NoiseKey = keyof typeof NOISE_MODELS;
