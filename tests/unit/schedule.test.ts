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
});
