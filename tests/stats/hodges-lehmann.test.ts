import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hodgesLehmann, mannWhitneyU, percentChange, StatsError } from '../../src/stats/index.js';
import { expectAbsolute, expectRelative, loadCases } from './reference.js';

interface Case {
  x: number[];
  y: number[];
  ties: boolean;
  exact: boolean;
  conf_level: number;
  W: number;
  p: number;
  estimate: number;
  ci: [number, number];
}

describe('hodgesLehmann against R wilcox.test(conf.int = TRUE, correct = TRUE)', () => {
  const cases = loadCases<Case>('hodges_lehmann.json');
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const r = hodgesLehmann(c.x, c.y, { confLevel: c.conf_level });
    expect(r.exact).toBe(c.exact);
    const expectClose = c.exact
      ? (a: number, e: number) => expectRelative(a, e, 1e-9)
      : (a: number, e: number) => expectAbsolute(a, e, 1e-4);
    expectClose(r.estimate, c.estimate);
    expectClose(r.ci[0], c.ci[0]);
    expectClose(r.ci[1], c.ci[1]);
  });

  it.each(cases.map((c, i) => [i, c] as const))("case %i: W and p match mannWhitneyU (R's printed 12 digits)", (_, c) => {
    const u = mannWhitneyU(c.x, c.y, { method: c.exact ? 'exact' : 'asymptotic' });
    expectRelative(u.u1, c.W, 1e-9);
    expectRelative(u.p, c.p, 1e-9);
  });
});

describe('hodgesLehmann properties', () => {
  const values = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 60 });

  it('the shift of (x + c, x) is c', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: -500, max: 500 }), (x, c) => {
        const r = hodgesLehmann(
          x.map((v) => v + c),
          x,
        );
        expect(r.estimate).toBe(c);
        expect(r.ci[0]).toBeLessThanOrEqual(c);
        expect(r.ci[1]).toBeGreaterThanOrEqual(c);
      }),
    );
  });

  it('agrees with sorting every pairwise difference', () => {
    fc.assert(
      fc.property(values, values, (x, y) => {
        const diffs = x.flatMap((a) => y.map((b) => a - b)).sort((a, b) => a - b);
        const n = diffs.length;
        const median = n % 2 ? diffs[(n - 1) / 2] : (diffs[n / 2 - 1]! + diffs[n / 2]!) / 2;
        const r = hodgesLehmann(x, y);
        expect(r.estimate).toBe(median);
        expect(diffs).toContain(r.ci[0]);
        expect(diffs).toContain(r.ci[1]);
        expect(r.ci[0]).toBeLessThanOrEqual(r.estimate);
        expect(r.ci[1]).toBeGreaterThanOrEqual(r.estimate);
      }),
    );
  });
});

describe('hodgesLehmann edge cases', () => {
  it('rejects bad input with a message', () => {
    expect(() => hodgesLehmann([], [1])).toThrow(StatsError);
    expect(() => hodgesLehmann([1], [Number.NaN])).toThrow(/y\[0\] is NaN/);
    expect(() => hodgesLehmann([1], [2], { confLevel: 1 })).toThrow(/confLevel/);
  });

  it('gives a defined result for one value per side and for all-equal samples', () => {
    expect(hodgesLehmann([5], [3])).toEqual({ estimate: 2, ci: [2, 2], confLevel: 0.95, exact: true });
    expect(hodgesLehmann([4, 4, 4], [4, 4])).toEqual({ estimate: 0, ci: [0, 0], confLevel: 0.95, exact: false });
  });

  // Its speed (well under a second) is measured in `npm run bench` (bench/stats.ts), not here.
  it('selects among 1e10 pairwise differences for 1e5 samples per side', () => {
    const x = Array.from({ length: 1e5 }, (_, i) => Math.sin(i) * 10 + 2);
    const y = Array.from({ length: 1e5 }, (_, i) => Math.cos(i * 1.3) * 10);
    const r = hodgesLehmann(x, y);
    expect(r.exact).toBe(false);
    expect(r.estimate).toBeGreaterThan(r.ci[0]);
    expect(r.estimate).toBeLessThan(r.ci[1]);
    expect(Math.abs(r.estimate - 2)).toBeLessThan(0.2);
  });
});

describe('percentChange', () => {
  it('reports the median ratio head/base as a percent', () => {
    const base = [100, 102, 98, 101, 99];
    const head = base.map((v) => v * 1.1);
    const r = percentChange(base, head);
    expect(r.changePct).toBeCloseTo(10, 10);
    expect(r.ci[0]).toBeLessThan(10);
    expect(r.ci[1]).toBeGreaterThan(10);
  });

  it('needs positive values', () => {
    expect(() => percentChange([1, 0], [1])).toThrow(/base has values <= 0/);
    expect(() => percentChange([1], [-1])).toThrow(/head has values <= 0/);
  });
});
