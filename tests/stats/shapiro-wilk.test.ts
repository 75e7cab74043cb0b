import { describe, expect, it } from '@jest/globals';
import { shapiroWilk, StatsError } from '../../src/stats/index.js';
import { expectRelative, loadCases } from './reference.js';

interface Case {
  x: number[];
  distribution: string;
  W: number;
  p: number;
}

describe('shapiroWilk against scipy.stats.shapiro', () => {
  const cases = loadCases<Case>('shapiro.json');
  it.each(cases.map((c, i) => [i, c.x.length, c.distribution, c] as const))('case %i (n = %i, %s)', (_, __, ___, c) => {
    const r = shapiroWilk(c.x);
    expectRelative(r.w, c.W, 1e-9);
    expectRelative(r.p, c.p, 1e-6);
  });
});

describe('shapiroWilk edge cases', () => {
  it('needs 3 to 5000 values that are not all equal', () => {
    expect(() => shapiroWilk([1, 2])).toThrow(/3 to 5000 values, got 2/);
    expect(() => shapiroWilk(Array.from({ length: 5001 }, (_, i) => i))).toThrow(StatsError);
    expect(() => shapiroWilk([2, 2, 2])).toThrow(/all values are equal/);
    expect(() => shapiroWilk([1, 2, Infinity])).toThrow(/x\[2\] is Infinity/);
  });

  it('is unaffected by order, location and scale', () => {
    const x = [3.1, 2.7, 5.9, 4.4, 3.8, 4.1, 2.2, 6.3];
    const r = shapiroWilk(x);
    const moved = shapiroWilk([...x].reverse().map((v) => 10 + 3 * v));
    expect(moved.w).toBeCloseTo(r.w, 12);
    expect(moved.p).toBeCloseTo(r.p, 12);
  });
});
