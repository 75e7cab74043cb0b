import { describe, expect, it } from '@jest/globals';
import { quantile, StatsError, summarize } from '../../src/stats/index.js';

describe('quantile (numpy linear)', () => {
  it('matches numpy.percentile values', () => {
    // numpy.percentile([1, 2, 3, 4, 10], [0, 25, 50, 90, 99, 100])
    const sorted = [1, 2, 3, 4, 10];
    const expected = [1, 2, 3, 7.6, 9.76, 10];
    [0, 0.25, 0.5, 0.9, 0.99, 1].forEach((q, i) => expect(quantile(sorted, q)).toBeCloseTo(expected[i]!, 12));
    expect(quantile([7], 0.9)).toBe(7);
  });

  it('rejects empty samples and q outside [0, 1]', () => {
    expect(() => quantile([], 0.5)).toThrow(StatsError);
    expect(() => quantile([1], 1.5)).toThrow(/q in \[0, 1\]/);
  });
});

describe('summarize', () => {
  it('summarises an unsorted sample', () => {
    const s = summarize([4, 1, 10, 3, 2]);
    expect(s).toMatchObject({ n: 5, median: 3, min: 1, max: 10, mad: 1, iqr: 2, cv: 1.4826 / 3 });
    expect(s.p90).toBeCloseTo(7.6, 12);
    expect(s.p99).toBeCloseTo(9.76, 12);
  });

  it('is defined for one value and for identical values', () => {
    expect(summarize([2])).toMatchObject({ n: 1, median: 2, mad: 0, iqr: 0, cv: 0 });
    expect(summarize([0, 0, 0]).cv).toBe(0);
    expect(summarize([-1, 0, 1]).cv).toBe(Infinity);
  });

  it('rejects empty input, NaN and Infinity', () => {
    expect(() => summarize([])).toThrow(/values is empty/);
    expect(() => summarize([1, Number.NaN])).toThrow(/values\[1\] is NaN/);
    expect(() => summarize([-Infinity])).toThrow(/finite/);
  });
});
