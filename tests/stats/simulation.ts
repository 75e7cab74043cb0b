import { createRng, mannWhitneyU, type Rng } from '../../src/stats/index.js';

export function normalSample(rng: Rng, n: number, mean = 0): number[] {
  return Array.from({ length: n }, () => rng.normal(mean, 1));
}

/** Fraction of seeded trials in which the two-sided exact Mann-Whitney test rejects at alpha. */
export function simulatedPower(opts: { seed: number; trials: number; n: number; shiftInSd: number; alpha: number }): number {
  const rng = createRng(opts.seed);
  let rejected = 0;
  for (let t = 0; t < opts.trials; t++) {
    const base = normalSample(rng, opts.n);
    const head = normalSample(rng, opts.n, opts.shiftInSd);
    if (mannWhitneyU(base, head, { method: 'exact' }).p <= opts.alpha) rejected++;
  }
  return rejected / opts.trials;
}

/** Upper end of a one-sided binomial tolerance: p plus three standard errors. */
export function binomialUpperBound(p: number, trials: number): number {
  return p + 3 * Math.sqrt((p * (1 - p)) / trials);
}
