import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { differenceSelector } from '../../src/stats/pairwise-differences.js';

describe('differenceSelector', () => {
  it('selects like a full sort, also past the size where it stops sorting everything', () => {
    // at least 70 x 60 = 4200 differences: more than it sorts at once; integers give many ties
    const value = fc.oneof(fc.integer({ min: -40, max: 40 }), fc.double({ min: -1e3, max: 1e3, noNaN: true }));
    fc.assert(
      fc.property(fc.array(value, { minLength: 70, maxLength: 150 }), fc.array(value, { minLength: 60, maxLength: 150 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }), (x, y, ranks) => {
        const all = x.flatMap((a) => y.map((b) => a - b)).sort((a, b) => a - b);
        const select = differenceSelector(x, y);
        for (const r of ranks) {
          const k = 1 + Math.min(all.length - 1, Math.floor(r * all.length));
          expect(select(k)).toBe(all[k - 1]);
        }
        expect(select(1)).toBe(all[0]);
        expect(select(all.length)).toBe(all[all.length - 1]);
      }),
      { numRuns: 60 },
    );
  });
});
