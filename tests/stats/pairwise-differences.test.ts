import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { differenceSelector } from '../../src/stats/pairwise-differences.js';
import { fuzzParameters } from '../helpers/fuzz.js';

/** How many x_i - y_j are below v (or at or below it), by binary search per x_i: O(n log n). */
function countDifferences(x: readonly number[], y: readonly number[], v: number, inclusive: boolean): number {
  const ascending = [...y].sort((a, b) => a - b);
  let count = 0;
  for (const a of x) {
    // x_i - y_j falls as y_j grows: find the first y_j whose difference is below (or at) v.
    let lo = 0;
    let hi = ascending.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const d = a - ascending[mid]!;
      if (inclusive ? d <= v : d < v) hi = mid;
      else lo = mid + 1;
    }
    count += ascending.length - lo;
  }
  return count;
}

describe('differenceSelector', () => {
  it('selects like a full sort, also past the size where it stops sorting everything', () => {
    // at least 70 x 60 = 4200 differences: more than it sorts at once; integers give many ties
    const value = fc.oneof(fc.integer({ min: -40, max: 40 }), fc.double({ min: -1e3, max: 1e3, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 70, maxLength: 150 }),
        fc.array(value, { minLength: 60, maxLength: 150 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (x, y, ranks) => {
          const all = x.flatMap((a) => y.map((b) => a - b)).sort((a, b) => a - b);
          const select = differenceSelector(x, y);
          for (const r of ranks) {
            const k = 1 + Math.min(all.length - 1, Math.floor(r * all.length));
            expect(select(k)).toBe(all[k - 1]);
          }
          expect(select(1)).toBe(all[0]);
          expect(select(all.length)).toBe(all[all.length - 1]);
        },
      ),
      fuzzParameters(60),
    );
  });

  it('selects the k-th of 1e10 differences (1e5 values per side), checked by counting', () => {
    const x = Array.from({ length: 1e5 }, (_, i) => Math.sin(i) * 10 + 2);
    const y = Array.from({ length: 1e5 }, (_, i) => Math.cos(i * 1.3) * 10);
    const select = differenceSelector(x, y);
    for (const k of [1, 2.5e8, 5e9, 5e9 + 1, 9.9e9, 1e10]) {
      const v = select(k);
      expect(countDifferences(x, y, v, false)).toBeLessThan(k);
      expect(countDifferences(x, y, v, true)).toBeGreaterThanOrEqual(k);
    }
  });
});
