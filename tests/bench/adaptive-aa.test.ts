import { describe, expect, it } from '@jest/globals';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { runAdaptiveCell } from '../../bench/sim/adaptive.js';

/**
 * The default adaptive design keeps its promise: with base == head, at most alpha (0.5%) of pull
 * requests get any false flag, over every look and every benchmark. Seeded, through the real
 * driver. Suites of 10 benchmarks keep it fast; the guarantee does not depend on the suite's
 * size (bench section 6 measures 100).
 */
describe('adaptive default design, A/A', () => {
  it('flags at most 1% of unchanged pull requests (2,000 simulated, standard error 0.22% at 1%)', async () => {
    const trials = 2000;
    const r = await runAdaptiveCell({
      kind: 'adaptive',
      label: 'jest/adaptive-aa',
      benchmarks: 10,
      noise: 'normal',
      cv: 0.0266,
      slowdown: 0,
      drift: 'none',
      roundShare: 0,
      trials,
      rules: [{ design: ADAPTIVE_DESIGN, budget: ADAPTIVE_BUDGET }],
      anchors: [],
      anchorTrials: 0,
      maxRounds: ADAPTIVE_BUDGET.maxRounds,
    });
    expect(ADAPTIVE_DESIGN.alpha).toBeLessThanOrEqual(0.005);
    expect(r.rules[0]!.falseAlarm).toBeLessThanOrEqual(0.01);
    // The looks happened: benchmarks stopped at different rounds, not all at the last.
    expect(r.rules[0]!.saved).toBeGreaterThan(0);
  });
});
