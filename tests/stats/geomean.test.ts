import { describe, expect, it } from '@jest/globals';
import { geomeanChange, StatsError } from '../../src/stats/index.js';

describe('geomeanChange', () => {
  it('cancels a 2x slowdown against a 2x speed-up', () => {
    const g = geomeanChange([2, 0.5])!;
    expect(g.changePct).toBeCloseTo(0, 12);
    expect(g.benchmarks).toBe(2);
    expect(g.ci[0]).toBeLessThan(0);
    expect(g.ci[1]).toBeGreaterThan(0);
  });

  it('uses a t interval on the log ratios', () => {
    // logs 0, 0.1, 0.2: mean 0.1, sd 0.1, t(0.975, 2) = 4.302652729749464
    const g = geomeanChange([1, Math.exp(0.1), Math.exp(0.2)])!;
    const half = (4.302652729749464 * 0.1) / Math.sqrt(3);
    expect(g.changePct).toBeCloseTo(100 * Math.expm1(0.1), 10);
    expect(g.ci[0]).toBeCloseTo(100 * Math.expm1(0.1 - half), 8);
    expect(g.ci[1]).toBeCloseTo(100 * Math.expm1(0.1 + half), 8);
  });

  it('is null below two benchmarks and rejects ratios that are not positive', () => {
    expect(geomeanChange([])).toBeNull();
    expect(geomeanChange([1.1])).toBeNull();
    expect(() => geomeanChange([1, 0])).toThrow(StatsError);
    expect(() => geomeanChange([1, Number.NaN])).toThrow(/ratios\[1\] is NaN/);
  });
});
