import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { StatsError } from './errors.js';

/** A seeded random source: the same seed gives the same sequence on every machine. */
export interface Rng {
  /** Uniform in [0, 1), 53 random bits. */
  next(): number;
  /** Normal with the given mean and standard deviation (default standard normal). */
  normal(mean?: number, sd?: number): number;
  /** exp(normal(mu, sigma)): the usual model of timing noise, multiplicative and positive. */
  lognormal(mu: number, sigma: number): number;
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** A shuffled copy (Fisher-Yates); the input is left as it was. */
  shuffle<T>(a: readonly T[]): T[];
}

/**
 * xoroshiro128+ from pure-rand. The generator takes 32 bits of seed: seeds are integers,
 * and two seeds equal modulo 2^32 give the same sequence.
 */
export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) throw new StatsError(`seed must be an integer, got ${seed}`);
  const generator = xoroshiro128plus(seed);
  const next = (): number => uniformFloat64(generator);
  const int = (maxExclusive: number): number => {
    if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1) {
      throw new StatsError(`int() needs a positive integer bound, got ${maxExclusive}`);
    }
    return uniformInt(generator, 0, maxExclusive - 1);
  };
  // Box-Muller; 1 - next() lies in (0, 1], so the logarithm is finite.
  const normal = (mean = 0, sd = 1): number =>
    mean + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    int,
    normal,
    lognormal: (mu, sigma) => Math.exp(normal(mu, sigma)),
    shuffle<T>(a: readonly T[]): T[] {
      const copy = [...a];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
}
