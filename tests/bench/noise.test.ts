import { describe, expect, it } from '@jest/globals';
import { createRng, mad, median } from '../../src/stats/index.js';
import { BIMODAL, HEAVY_TAILED, NORMAL } from '../../bench/sim/noise.js';
import { DRIFTS } from '../../bench/sim/drift.js';

const draws = (model: typeof NORMAL, cv: number, n = 20000) => {
  const rng = createRng(3);
  return Array.from({ length: n }, () => model.draw(rng, cv));
};

describe('noise models', () => {
  it('normal noise has the requested spread around 1', () => {
    const x = draws(NORMAL, 0.02);
    expect(median(x)).toBeCloseTo(1, 2);
    expect(mad(x) * 1.4826).toBeCloseTo(0.02, 3);
  });

  it('the heavy-tailed model has a log-normal body and a long right tail', () => {
    const x = draws(HEAVY_TAILED, 0.02);
    expect(mad(x.map(Math.log)) * 1.4826).toBeGreaterThan(0.018);
    expect(mad(x.map(Math.log)) * 1.4826).toBeLessThan(0.024);
    const slow = x.filter((v) => v > 1 + 5 * 0.02).length / x.length;
    expect(slow).toBeGreaterThan(0.02);
    expect(slow).toBeLessThan(0.05);
    expect(Math.min(...x)).toBeGreaterThan(0.9);
  });

  it('the bimodal model puts 30% of runs in a slow mode two CVs away', () => {
    const x = draws(BIMODAL, 0.05);
    const slow = x.filter((v) => v > 1 + 0.05).length / x.length;
    expect(slow).toBeGreaterThan(0.25);
    expect(slow).toBeLessThan(0.35);
  });

  it('scales with cv: the same seed at twice the cv gives twice the deviation', () => {
    const a = draws(NORMAL, 0.01, 10);
    const b = draws(NORMAL, 0.02, 10);
    a.forEach((v, i) => expect(b[i]! - 1).toBeCloseTo(2 * (v - 1), 12));
  });
});

describe('drift models', () => {
  it('slow the machine by 5% at the end of the job, linearly or in one step', () => {
    expect(DRIFTS.none.factor(1)).toBe(1);
    expect(DRIFTS.linear.factor(0)).toBe(1);
    expect(DRIFTS.linear.factor(0.5)).toBeCloseTo(1.025, 12);
    expect(DRIFTS.linear.factor(1)).toBeCloseTo(1.05, 12);
    expect(DRIFTS.step.factor(0.49)).toBe(1);
    expect(DRIFTS.step.factor(0.5)).toBeCloseTo(1.05, 12);
  });
});
