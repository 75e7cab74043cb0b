import { describe, expect, it } from '@jest/globals';
import { INTERLEAVED, SEQUENTIAL } from '../../bench/sim/schedules.js';

describe('schedules', () => {
  it('interleaved runs every round once per side, each round back to back, first side balanced', () => {
    const slots = INTERLEAVED.slots(10, 42);
    expect(slots).toHaveLength(20);
    for (let round = 1; round <= 10; round++) {
      const pair = slots.slice(2 * (round - 1), 2 * round);
      expect(pair.map((s) => s.round)).toEqual([round, round]);
      expect(pair.map((s) => s.side).sort()).toEqual(['base', 'head']);
      expect(pair.map((s) => s.position)).toEqual([0, 1]);
    }
    const headFirst = slots.filter((s) => s.side === 'head' && s.position === 0).length;
    expect(headFirst).toBe(5);
  });

  it('interleaved order depends on the seed; sequential never changes', () => {
    const order = (seed: number) =>
      INTERLEAVED.slots(10, seed)
        .map((s) => s.side)
        .join();
    expect(new Set([1, 2, 3, 4, 5].map(order)).size).toBeGreaterThan(1);
    expect(SEQUENTIAL.slots(3, 1)).toEqual(SEQUENTIAL.slots(3, 2));
  });

  it('sequential runs all base rounds, then all head rounds', () => {
    expect(SEQUENTIAL.slots(3, 7).map((s) => `${s.side}${s.round}`)).toEqual(['base1', 'base2', 'base3', 'head1', 'head2', 'head3']);
  });
});
