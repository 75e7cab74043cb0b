/**
 * Whether a gate can fail (analysis/reach.ts): the smallest exact p against the level the
 * correction holds the first rejection to, for fixed rounds and for each look of rounds auto.
 */
import { describe, expect, it } from '@jest/globals';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { adaptiveReach, fixedRoundsReach, planReach } from '../../src/analysis/reach.js';
import { mannWhitneyU, wilcoxonSignedRank } from '../../src/stats/index.js';
import { smallestMannWhitneyP, smallestSignedRankP } from '../../src/stats/smallest-p.js';
import { TEST_SETTINGS } from '../helpers/log-header.js';

describe('the smallest p', () => {
  it('is the exact test of the most extreme samples', () => {
    for (const n of [1, 2, 3, 4, 7]) {
      const base = Array.from({ length: n }, (_, i) => i);
      const head = base.map((v) => v + 100);
      expect(smallestMannWhitneyP(n, n)).toBeCloseTo(mannWhitneyU(base, head, { method: 'exact' }).p, 12);
      expect(smallestSignedRankP(n)).toBeCloseTo(
        wilcoxonSignedRank(
          head.map((h, i) => h - base[i]! + i),
          { method: 'exact' },
        ).p,
        12,
      );
    }
    expect(smallestMannWhitneyP(3, 3)).toBeCloseTo(0.1, 12);
  });
});

describe('fixed rounds', () => {
  const at = (rounds: number, family: number, correction: 'holm' | 'bh' | 'none' = 'holm') =>
    fixedRoundsReach({ rounds, alpha: 0.05, correction }, family);

  it('one benchmark needs 4 rounds at alpha 0.05 (3 rounds: smallest p 0.1)', () => {
    expect(at(1, 1)).toMatchObject({ canFail: false, minRounds: 4 });
    expect(at(3, 1)).toMatchObject({ canFail: false, minRounds: 4 });
    expect(at(4, 1)).toMatchObject({ canFail: true, minRounds: 4 });
  });

  it('Holm holds the first rejection to alpha / family; BH and none to alpha', () => {
    expect(at(5, 30)).toMatchObject({ canFail: false, minRounds: 7 });
    expect(at(5, 30, 'bh').canFail).toBe(true);
    expect(at(5, 30, 'none').canFail).toBe(true);
  });

  it('does not apply to counts, pooled samples, fail-on none or an empty family', () => {
    const s = { ...TEST_SETTINGS, rounds: 1 };
    expect(planReach(s, 1)?.canFail).toBe(false);
    expect(planReach({ ...s, measure: 'instructions' }, 1)).toBeNull();
    expect(planReach({ ...s, sampling: 'pooled' }, 1)).toBeNull();
    expect(planReach({ ...s, failOn: 'none' }, 1)).toBeNull();
    expect(planReach(s, 0)).toBeNull();
  });
});

describe('rounds auto', () => {
  const plan = (maxRounds: number, test: 'mann-whitney' | 'signed-rank' = 'mann-whitney') => ({
    ...ADAPTIVE_BUDGET,
    minRounds: Math.min(ADAPTIVE_BUDGET.minRounds, maxRounds),
    maxRounds,
    alpha: ADAPTIVE_DESIGN.alpha,
    spending: ADAPTIVE_DESIGN.spending,
    test,
  });

  it('the defaults can fail for a large family; a short max-rounds cannot, and the minimum is named', () => {
    expect(adaptiveReach(plan(30), 100).canFail).toBe(true);
    expect(adaptiveReach(plan(5), 1)).toMatchObject({ canFail: false, minRounds: 6 });
    // The signed-rank test's smallest p (2 / 2^n) falls more slowly than Mann-Whitney's.
    expect(adaptiveReach(plan(8, 'signed-rank'), 1).canFail).toBe(false);
    expect(adaptiveReach(plan(8), 1).canFail).toBe(true);
  });
});
