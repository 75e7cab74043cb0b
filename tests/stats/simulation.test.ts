import { describe, expect, it } from '@jest/globals';
import { DEFAULTS } from '../../src/config.js';
import { adjustPValues, createRng, mannWhitneyU } from '../../src/stats/index.js';
import { binomialUpperBound, normalSample, simulatedPower } from './simulation.js';

describe('seeded simulation of the gate', () => {
  it('A/A: the default correction keeps the chance of any false flag in a 100-benchmark suite at or below alpha', () => {
    const { alpha, correction } = DEFAULTS;
    const suites = 2000;
    const rng = createRng(20261123);
    let suitesWithFlag = 0;
    for (let s = 0; s < suites; s++) {
      const p = Array.from({ length: 100 }, () => mannWhitneyU(normalSample(rng, 10), normalSample(rng, 10)).p);
      if (adjustPValues(p, correction).some((q) => q <= alpha)) suitesWithFlag++;
    }
    expect(suitesWithFlag / suites).toBeLessThanOrEqual(binomialUpperBound(alpha, suites));
  });

  it('power of one exact test, n = 10 per side, 1.5 sd shift, alpha 0.05, is at least 0.82', () => {
    const power = simulatedPower({ seed: 7, trials: 4000, n: 10, shiftInSd: 1.5, alpha: 0.05 });
    expect(power).toBeGreaterThanOrEqual(0.82);
    expect(power).toBeLessThan(0.89); // theory and scipy: about 0.855
  });
});
