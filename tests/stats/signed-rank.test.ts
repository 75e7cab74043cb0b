import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { StatsError, wilcoxonSignedRank, type Alternative } from '../../src/stats/index.js';
import { expectRelative, loadCases } from './reference.js';

interface Case {
  d: number[];
  alternative: Alternative;
  method: 'exact' | 'approx';
  correction: boolean;
  statistic: number;
  p: number;
}

describe('wilcoxonSignedRank against scipy.stats.wilcoxon', () => {
  const cases = loadCases<Case>('wilcoxon_signed_rank.json');
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const method = c.method === 'approx' ? 'asymptotic' : 'exact';
    const r = wilcoxonSignedRank(c.d, { alternative: c.alternative, method, correction: c.correction });
    expectRelative(r.statistic, c.statistic, 1e-9);
    expectRelative(r.p, c.p, 1e-9);
    expect(r.method).toBe(method);
  });
});

describe('wilcoxonSignedRank properties', () => {
  const differences = fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -100, max: 100, noNaN: true })), {
    minLength: 1,
    maxLength: 60,
  });

  it('p lies in [0, 1] and negating d swaps the one-sided alternatives', () => {
    fc.assert(
      fc.property(differences, (d) => {
        const negated = d.map((v) => -v);
        for (const alternative of ['two-sided', 'less', 'greater'] as const) {
          const p = wilcoxonSignedRank(d, { alternative }).p;
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        expect(wilcoxonSignedRank(negated, { alternative: 'less' }).p).toBeCloseTo(wilcoxonSignedRank(d, { alternative: 'greater' }).p, 12);
        expect(wilcoxonSignedRank(negated).p).toBeCloseTo(wilcoxonSignedRank(d).p, 12);
      }),
    );
  });
});

describe('wilcoxonSignedRank edge cases', () => {
  it('rejects empty input and non-finite values', () => {
    expect(() => wilcoxonSignedRank([])).toThrow(StatsError);
    expect(() => wilcoxonSignedRank([0.1, Number.NaN])).toThrow(/d\[1\] is NaN/);
  });

  it('gives p = 1 when every difference is zero, and drops zeros otherwise', () => {
    expect(wilcoxonSignedRank([0, 0, 0]).p).toBe(1);
    const withZero = wilcoxonSignedRank([0, 1, 2, 3], { alternative: 'greater' });
    expect(withZero.method).toBe('asymptotic');
    expect(withZero.statistic).toBe(6);
  });

  it('is defined for one and two differences', () => {
    expect(wilcoxonSignedRank([0.5])).toEqual({ statistic: 0, p: 1, method: 'exact' });
    expect(wilcoxonSignedRank([0.5, 0.25], { alternative: 'greater' }).p).toBe(0.25);
  });

  it("refuses 'exact' with ties", () => {
    expect(() => wilcoxonSignedRank([1, -1, 2], { method: 'exact' })).toThrow(/no ties/);
  });

  it('handles 1e5 differences on the asymptotic path', () => {
    const d = Array.from({ length: 1e5 }, (_, i) => Math.sin(i) + 0.01);
    const r = wilcoxonSignedRank(d);
    expect(r.method).toBe('asymptotic');
    expect(r.p).toBeLessThan(0.05);
  });
});
