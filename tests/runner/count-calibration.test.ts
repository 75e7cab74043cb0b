import { describe, expect, it } from '@jest/globals';
import { probeSize, workFromProbes } from '../../src/runner/counts.js';

describe('count calibration', () => {
  it('probes about 2 ms of native work, at least one iteration', () => {
    expect(probeSize(1000)).toBe(2000);
    expect(probeSize(5e9)).toBe(1);
    expect(probeSize(0)).toBe(1e9);
    // No time printed: one iteration, the safe side for a slow benchmark.
    expect(probeSize(null)).toBe(1);
  });

  it('sizes the small work so the benchmark dominates: 20 M instructions, or 10 × the fixed cost', () => {
    // 1,000 instructions an iteration, 2.6 M fixed: 26 M / 1,000.
    expect(workFromProbes(2000, 2_600_000 + 2_000_000, 2_600_000 + 4_000_000)).toEqual({ small: 26_000, large: 52_000 });
    // A tiny fixed cost: the 20 M floor.
    expect(workFromProbes(100, 1000 + 100 * 50, 1000 + 200 * 50)).toEqual({ small: 400_000, large: 800_000 });
    // A huge iteration: never below the probe.
    expect(workFromProbes(1, 3e9, 6e9)).toEqual({ small: 1, large: 2 });
    // Noise that makes the difference negative cannot give a negative or infinite size.
    expect(workFromProbes(10, 5e6, 4e6).small).toBeGreaterThan(0);
  });
});
