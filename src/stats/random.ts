import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
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

const MASK64 = (1n << 64n) - 1n;

/**
 * splitmix64 (Steele, Lea and Flood 2014), the seeding Vigna recommends for the xoroshiro
 * family: each output is a well-mixed 64-bit function of the seed, so seeds 0, 1, 2... start
 * from unrelated states. Without it the state of a small seed is mostly zero bits and the
 * first outputs barely depend on the seed (round 1 ran head first for every seed 0..999).
 */
function splitmix64(seed: bigint): () => bigint {
  let state = seed;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
}

/** The 128-bit xoroshiro state of a seed, as pure-rand's four signed 32-bit words (high, low, high, low). */
function seededState(seed: number): number[] {
  const mix = splitmix64(BigInt.asUintN(64, BigInt(seed)));
  return [mix(), mix()].flatMap((word) => [Number(BigInt.asIntN(32, word >> 32n)), Number(BigInt.asIntN(32, word))]);
}

/**
 * xoroshiro128+ from pure-rand, its state filled by splitmix64 from the seed. Seeds are safe
 * integers (negative ones too); different seeds give different sequences.
 */
export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) throw new StatsError(`seed must be an integer, got ${seed}`);
  const generator = xoroshiro128plusFromState(seededState(seed));
  const next = (): number => uniformFloat64(generator);
  const int = (maxExclusive: number): number => {
    if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1) {
      throw new StatsError(`int() needs a positive integer bound, got ${maxExclusive}`);
    }
    return uniformInt(generator, 0, maxExclusive - 1);
  };
  // Box-Muller; 1 - next() lies in (0, 1], so the logarithm is finite.
  const normal = (mean = 0, sd = 1): number => mean + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    int,
    normal,
    lognormal: (mu, sigma) => Math.exp(normal(mu, sigma)),
    shuffle<T>(a: readonly T[]): T[] {
      const copy = [...a];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
