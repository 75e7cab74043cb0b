import { describe, expect, it } from '@jest/globals';
import { createRng, StatsError } from '../../src/stats/index.js';

describe('createRng', () => {
  it('repeats its sequence for the same seed', () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return [rng.next(), rng.normal(), rng.int(10), rng.lognormal(0, 0.1)];
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('draws uniforms in [0, 1), integers in range and normals with the right moments', () => {
    const rng = createRng(7);
    const n = 20000;
    let sum = 0;
    let sumSquares = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      expect(u >= 0 && u < 1).toBe(true);
      const k = rng.int(3);
      expect([0, 1, 2]).toContain(k);
      const z = rng.normal(5, 2);
      sum += z;
      sumSquares += z * z;
    }
    const mean = sum / n;
    expect(Math.abs(mean - 5)).toBeLessThan(0.06); // 4 standard errors
    expect(Math.abs(Math.sqrt(sumSquares / n - mean * mean) - 2)).toBeLessThan(0.05);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = createRng(1).shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...shuffled].sort()).toEqual(input);
  });

  it('mixes small seeds: the first uniform of seeds 0..999 is spread evenly over [0, 1)', () => {
    const deciles = new Array<number>(10).fill(0);
    for (let seed = 0; seed < 1000; seed++) deciles[Math.floor(createRng(seed).next() * 10)]!++;
    // chi-square with 9 degrees of freedom: 27.9 is the 0.001 critical value.
    const chiSquare = deciles.reduce((sum, c) => sum + (c - 100) ** 2 / 100, 0);
    expect(chiSquare).toBeLessThan(27.9);
  });

  it('gives different sequences to seeds that agree modulo 2^32, and accepts negative seeds', () => {
    const first = (seed: number) => createRng(seed).next();
    expect(first(1)).not.toBe(first(1 + 2 ** 32));
    expect(first(-1)).not.toBe(first(1));
    expect(first(-1)).toBe(first(-1));
  });

  it('rejects seeds and bounds that are not integers', () => {
    expect(() => createRng(1.5)).toThrow(StatsError);
    expect(() => createRng(1).int(0)).toThrow(/positive integer/);
  });
});
