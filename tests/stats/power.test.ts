import { describe, expect, it } from '@jest/globals';
import { mannWhitneyPower, minDetectableEffectPct, ROUNDS_CAP, roundsNeeded, StatsError } from '../../src/stats/index.js';

describe('minDetectableEffectPct', () => {
  it('is the effect at which the model has 80% power', () => {
    const cv = 0.02;
    const mde = minDetectableEffectPct({ cv, n: 10, alpha: 0.05 });
    const shiftInSd = Math.log1p(mde / 100) / cv;
    expect(mannWhitneyPower({ shiftInSd, n: 10, alpha: 0.05 })).toBeCloseTo(0.8, 10);
  });

  it('shrinks with more rounds and grows with noise and stricter alpha', () => {
    const mde = (cv: number, n: number, alpha: number) => minDetectableEffectPct({ cv, n, alpha });
    expect(mde(0.02, 20, 0.05)).toBeLessThan(mde(0.02, 10, 0.05));
    expect(mde(0.04, 10, 0.05)).toBeGreaterThan(mde(0.02, 10, 0.05));
    expect(mde(0.02, 10, 0.001)).toBeGreaterThan(mde(0.02, 10, 0.05));
  });

  it('is Infinity when the exact test cannot reach alpha with so few rounds', () => {
    expect(minDetectableEffectPct({ cv: 0.01, n: 3, alpha: 0.05 })).toBe(Infinity); // 2/C(6,3) = 0.1
    expect(minDetectableEffectPct({ cv: 0.01, n: 1, alpha: 0.05 })).toBe(Infinity);
    expect(minDetectableEffectPct({ cv: 0, n: 10, alpha: 0.05 })).toBe(0);
  });
});

describe('roundsNeeded', () => {
  it('is the smallest n whose detectable effect reaches the target', () => {
    const opts = { cv: 0.02, effectPct: 2, alpha: 0.05 };
    const n = roundsNeeded(opts);
    expect(minDetectableEffectPct({ cv: 0.02, n, alpha: 0.05 })).toBeLessThanOrEqual(2);
    expect(minDetectableEffectPct({ cv: 0.02, n: n - 1, alpha: 0.05 })).toBeGreaterThan(2);
  });

  it('treats speed-ups like slowdowns of the same log size', () => {
    expect(roundsNeeded({ cv: 0.02, effectPct: -100 / 51, alpha: 0.05 })).toBe(roundsNeeded({ cv: 0.02, effectPct: 2, alpha: 0.05 }));
  });

  it('never goes below the rounds the exact test needs to reach alpha, nor below 2', () => {
    expect(roundsNeeded({ cv: 0.001, effectPct: 50, alpha: 0.0005 })).toBe(8); // 2/C(16,8) < 5e-4 < 2/C(14,7)
    expect(roundsNeeded({ cv: 0, effectPct: 5, alpha: 0.5 })).toBe(2);
  });

  it('returns the cap instead of Infinity', () => {
    expect(roundsNeeded({ cv: 0.05, effectPct: 0, alpha: 0.05 })).toBe(ROUNDS_CAP);
    expect(roundsNeeded({ cv: Infinity, effectPct: 5, alpha: 0.05 })).toBe(ROUNDS_CAP);
  });

  it('rejects unusable settings', () => {
    expect(() => roundsNeeded({ cv: -1, effectPct: 5, alpha: 0.05 })).toThrow(StatsError);
    expect(() => roundsNeeded({ cv: 0.1, effectPct: 5, alpha: 0 })).toThrow(/alpha/);
    expect(() => minDetectableEffectPct({ cv: 0.1, n: 10, alpha: 0.05, power: 1 })).toThrow(/power/);
  });
});
