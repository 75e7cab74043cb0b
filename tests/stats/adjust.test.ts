import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { adjustPValues, benjaminiHochberg, holm, StatsError } from '../../src/stats/index.js';

// R: p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.5), "holm") and "BH"
const raw = [0.01, 0.04, 0.03, 0.005, 0.5];

describe('holm', () => {
  it("matches R's p.adjust", () => {
    const expected = [0.04, 0.09, 0.09, 0.025, 0.5];
    holm(raw).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 15));
  });
});

describe('benjaminiHochberg', () => {
  it("matches R's p.adjust", () => {
    const expected = [0.025, 0.05, 0.05, 0.025, 0.5];
    benjaminiHochberg(raw).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 15));
  });
});

describe('adjustPValues', () => {
  it('applies the correction a configuration names', () => {
    expect(adjustPValues(raw, 'holm')).toEqual(holm(raw));
    expect(adjustPValues(raw, 'bh')).toEqual(benjaminiHochberg(raw));
    expect(adjustPValues(raw, 'none')).toEqual(raw);
  });
});

describe('adjustments', () => {
  const pValues = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 50 });

  it('never lower a p-value, stay in [0, 1] and keep the order of the raw values', () => {
    fc.assert(
      fc.property(pValues, (p) => {
        for (const adjust of [holm, benjaminiHochberg]) {
          const adjusted = adjust(p);
          adjusted.forEach((a, i) => {
            expect(a).toBeGreaterThanOrEqual(p[i]!);
            expect(a).toBeLessThanOrEqual(1);
            p.forEach((other, j) => {
              if (p[i]! < other) expect(a).toBeLessThanOrEqual(adjusted[j]!);
            });
          });
        }
      }),
    );
  });

  it('Holm is never below BH', () => {
    fc.assert(
      fc.property(pValues, (p) => {
        const h = holm(p);
        benjaminiHochberg(p).forEach((b, i) => expect(h[i]).toBeGreaterThanOrEqual(b));
      }),
    );
  });

  it('handles no p-values and rejects values outside [0, 1]', () => {
    expect(holm([])).toEqual([]);
    expect(() => holm([0.5, Number.NaN])).toThrow(StatsError);
    expect(() => benjaminiHochberg([1.2])).toThrow(/p\[0\] is 1.2/);
  });
});
