import { describe, expect, it } from '@jest/globals';
import { planRounds } from '../../src/runner/schedule.js';

describe('planRounds', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const orders = (seed: number) => planRounds(20, 2, seed).map((r) => r.order.join());
    expect(orders(42)).toEqual(orders(42));
    expect(orders(42)).not.toEqual(orders(43));
  });

  it('numbers warmups before the measured rounds 1..N', () => {
    const plan = planRounds(3, 2, 1);
    expect(plan.map((r) => [r.round, r.warmup])).toEqual([
      [-1, true],
      [0, true],
      [1, false],
      [2, false],
      [3, false],
    ]);
  });

  it('runs each side once per round and balances who goes first', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const measured = planRounds(10, 0, seed);
      for (const r of measured) expect([...r.order].sort()).toEqual(['base', 'head']);
      expect(measured.filter((r) => r.order[0] === 'base')).toHaveLength(5);
    }
  });

  // Seeds 0..999 are what people type (--seed 1 in the docs and CI). Each must give a uniform
  // round order: the first round's choice is a fair coin across seeds, and so are longer prefixes.
  const SEEDS = Array.from({ length: 1000 }, (_, seed) => seed);

  it('makes round 1 head-first for half the seeds 0..999, within binomial error', () => {
    const headFirst = SEEDS.filter((seed) => planRounds(1, 0, seed)[0]!.order[0] === 'head').length;
    // n = 1000, p = 1/2: standard deviation 15.8; 3.3 of them is the two-sided 0.001 level.
    expect(Math.abs(headFirst - 500)).toBeLessThan(3.3 * Math.sqrt(1000 / 4));
  });

  it('spreads the first four blocks of rounds evenly over their 16 patterns (chi-square)', () => {
    // Rounds come in blocks of two (one base-first, one head-first): rounds 1, 3, 5, 7 hold a
    // block's random choice each, so 8 rounds give 4 independent coin flips per seed.
    const counts = new Array<number>(16).fill(0);
    for (const seed of SEEDS) {
      const plan = planRounds(8, 0, seed);
      const pattern = [0, 2, 4, 6].reduce((bits, i) => bits * 2 + (plan[i]!.order[0] === 'head' ? 1 : 0), 0);
      counts[pattern]!++;
    }
    const expected = SEEDS.length / 16;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 15 degrees of freedom: 37.7 is the 0.001 critical value.
    expect(chiSquare).toBeLessThan(37.7);
  });
});
