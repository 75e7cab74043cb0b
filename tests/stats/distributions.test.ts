import { describe, expect, it } from '@jest/globals';
import { fisherFSf, normalCdf, normalQuantile, normalSf, StatsError, studentTQuantile, studentTSf } from '../../src/stats/index.js';
import { expectRelative } from './reference.js';

describe('normal distribution', () => {
  it('knows familiar quantiles', () => {
    expectRelative(normalQuantile(0.975), 1.959963984540054, 1e-15);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(-Infinity);
  });

  it('inverts its own CDF across the range, including far tails', () => {
    for (const p of [1e-300, 1e-100, 1e-20, 1e-8, 0.001, 0.02, 0.3, 0.5, 0.7, 0.99, 1 - 1e-12]) {
      expectRelative(normalCdf(normalQuantile(p)), p, 1e-12);
    }
  });

  it('keeps relative precision in the upper tail', () => {
    expectRelative(normalSf(10), 7.619853024160527e-24, 1e-14);
    expect(normalSf(-3) + normalSf(3)).toBeCloseTo(1, 15);
  });

  it('rejects p outside [0, 1]', () => {
    expect(() => normalQuantile(1.5)).toThrow(StatsError);
  });
});

describe('Student t distribution', () => {
  it('matches table quantiles t(0.975, df)', () => {
    const table: [number, number][] = [
      [1, 12.706204736174703],
      [2, 4.302652729749464],
      [5, 2.570581835636314],
      [10, 2.228138851986274],
      [30, 2.042272456301238],
    ];
    for (const [df, t] of table) expectRelative(studentTQuantile(0.975, df), t, 1e-10);
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228138851986274, 10);
  });

  it('has the Cauchy tail for one degree of freedom', () => {
    expectRelative(studentTSf(1, 1), 0.25, 1e-13);
    expectRelative(studentTSf(-1, 1), 0.75, 1e-13);
  });
});

describe('fisherFSf', () => {
  it('matches the t distribution for one numerator df, and a tabled quantile', () => {
    expect(fisherFSf(2.5 ** 2, 1, 12)).toBeCloseTo(2 * studentTSf(2.5, 12), 12);
    // F(4, 40) upper 5% point is 2.606 (scipy.stats.f.ppf(0.95, 4, 40) = 2.6059749)
    expect(fisherFSf(2.6059749, 4, 40)).toBeCloseTo(0.05, 6);
    expect(fisherFSf(0, 3, 3)).toBe(1);
  });
});
