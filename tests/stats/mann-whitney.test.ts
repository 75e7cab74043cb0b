import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mannWhitneyU, normalSf, StatsError, type Alternative } from '../../src/stats/index.js';
import { expectRelative, loadCases } from './reference.js';

interface Case {
  x: number[];
  y: number[];
  alternative: Alternative;
  method: 'exact' | 'asymptotic';
  U: number;
  p: number;
}

describe('mannWhitneyU against scipy.stats.mannwhitneyu', () => {
  const cases = loadCases<Case>('mannwhitney.json');
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const result = mannWhitneyU(c.x, c.y, { alternative: c.alternative, method: c.method });
    expectRelative(result.u1, c.U, 1e-9);
    expectRelative(result.p, c.p, 1e-9);
    expect(result.method).toBe(c.method);
  });

  it("'auto' picks what the rule says for every reference case", () => {
    for (const c of cases) {
      const ties = new Set([...c.x, ...c.y]).size < c.x.length + c.y.length;
      const expected = !ties && c.x.length <= 50 && c.y.length <= 50 ? 'exact' : 'asymptotic';
      expect(mannWhitneyU(c.x, c.y).method).toBe(expected);
    }
  });
});

const sample = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 });
const smallIntegers = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 });
const alternatives = fc.constantFrom<Alternative>('two-sided', 'less', 'greater');

describe('mannWhitneyU properties', () => {
  it('U1 + U2 = n1 n2 and p lies in [0, 1]', () => {
    fc.assert(
      fc.property(fc.oneof(sample, smallIntegers), fc.oneof(sample, smallIntegers), alternatives, (x, y, alternative) => {
        const r = mannWhitneyU(x, y, { alternative });
        expect(r.u1 + r.u2).toBe(x.length * y.length);
        expect(r.p).toBeGreaterThanOrEqual(0);
        expect(r.p).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('swapping the samples swaps U1 and U2, keeps the two-sided p and mirrors one-sided ones', () => {
    fc.assert(
      fc.property(fc.oneof(sample, smallIntegers), fc.oneof(sample, smallIntegers), (x, y) => {
        const forward = mannWhitneyU(x, y);
        const swapped = mannWhitneyU(y, x);
        expect(swapped.u1).toBe(forward.u2);
        expect(swapped.p).toBeCloseTo(forward.p, 12);
        expect(mannWhitneyU(y, x, { alternative: 'less' }).p).toBeCloseTo(mannWhitneyU(x, y, { alternative: 'greater' }).p, 12);
      }),
    );
  });

  it('is invariant under a strictly increasing transform', () => {
    const positive = fc.array(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(positive, positive, alternatives, (x, y, alternative) => {
        const raw = mannWhitneyU(x, y, { alternative });
        const logged = mannWhitneyU(x.map(Math.log), y.map(Math.log), { alternative });
        // log can merge values that differ in the last bit, so compare only when it did not
        fc.pre(new Set(x.map(Math.log)).size === new Set(x).size && new Set(y.map(Math.log)).size === new Set(y).size);
        fc.pre(new Set([...x, ...y].map(Math.log)).size === new Set([...x, ...y]).size);
        expect(logged).toEqual(raw);
      }),
    );
  });
});

describe('mannWhitneyU edge cases', () => {
  it('rejects empty samples, NaN and Infinity with a message', () => {
    expect(() => mannWhitneyU([], [1])).toThrow(StatsError);
    expect(() => mannWhitneyU([1], [])).toThrow(/y is empty/);
    expect(() => mannWhitneyU([1, Number.NaN], [1])).toThrow(/x\[1\] is NaN/);
    expect(() => mannWhitneyU([1], [Infinity])).toThrow(/y\[0\] is Infinity/);
  });

  it('gives p = 1 when every value is equal', () => {
    expect(mannWhitneyU([3, 3, 3], [3, 3])).toEqual({ u1: 3, u2: 3, p: 1, method: 'asymptotic' });
    expect(mannWhitneyU([3], [3]).p).toBe(1);
  });

  it('handles one and two values per side without NaN', () => {
    expect(mannWhitneyU([1], [2])).toEqual({ u1: 0, u2: 1, p: 1, method: 'exact' });
    const two = mannWhitneyU([1, 2], [3, 4], { alternative: 'less' });
    expect(two.p).toBeCloseTo(1 / 6, 15);
  });

  it("refuses 'exact' where it does not apply", () => {
    expect(() => mannWhitneyU([1, 1], [2], { method: 'exact' })).toThrow(/ties/);
    const big = Array.from({ length: 51 }, (_, i) => i);
    expect(() => mannWhitneyU(big, [100], { method: 'exact' })).toThrow(/n <= 50/);
  });

  // Its speed is measured in `npm run bench` (bench/stats.ts), not here.
  it('analyses 1e5 samples per side (asymptotic path) to the closed-form U and z', () => {
    // x = 0, 2, 4, ... and y = 2s + 1, 2s + 3, ...: x_i beats y_j exactly when j < i - s.
    const n = 1e5;
    const s = 2000;
    const x = Array.from({ length: n }, (_, i) => 2 * i);
    const y = Array.from({ length: n }, (_, j) => 2 * j + 1 + 2 * s);
    const r = mannWhitneyU(x, y);
    const u1 = ((n - s) * (n - s - 1)) / 2;
    expect(r).toMatchObject({ u1, u2: n * n - u1, method: 'asymptotic' });
    const z = (n * n - u1 - (n * n) / 2 - 0.5) / Math.sqrt(((n * n) / 12) * (2 * n + 1));
    expectRelative(r.p, 2 * normalSf(z), 1e-9);
    expect(r.p).toBeGreaterThan(0);
  });
});
