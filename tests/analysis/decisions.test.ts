// The decision slot (docs/architecture.md, decision 3): which test decides a timed comparison, and
// the levels the family policies give. A fixed-rounds member must be significant at its level
// exactly when its adjusted p (R's p.adjust, reported as pAdjusted) is below alpha.
import { describe, expect, it } from '@jest/globals';
import { decisionFor } from '../../src/analysis/decisions/index.js';
import { correctionPolicy, groupSequentialPolicy } from '../../src/analysis/family.js';
import type { BenchmarkOutcome } from '../../src/adaptive/driver.js';
import { adjustPValues, createRng, mannWhitneyU } from '../../src/stats/index.js';

describe('the tests of a timed comparison', () => {
  it('picks Mann-Whitney with a percent change, the zero-base rule without one, and none below 2 samples a side', () => {
    expect(decisionFor([1, 2, 3], [2, 3, 4])!.name).toBe('mann-whitney');
    expect(decisionFor([-1, 0, 0, 1], [1, 2, 3, 4])!.name).toBe('zero-base');
    expect(decisionFor([1], [2, 3])).toBeNull();
  });

  it('decides at the level it is given, in the direction `better` says', () => {
    const base = [10, 11, 12, 13, 14];
    const head = [20, 21, 22, 23, 24];
    const { p, u1 } = mannWhitneyU(base, head);
    const mw = decisionFor(base, head)!;
    expect(mw.decide(base, head, { thresholdPct: 5, level: p * 1.01 })).toMatchObject({
      verdict: 'regression',
      p,
      statistic: { value: u1 },
    });
    expect(mw.decide(base, head, { thresholdPct: 5, level: p * 1.01, better: 'higher' }).verdict).toBe('improvement');
    expect(mw.decide(base, head, { thresholdPct: 5, level: p }).verdict).toBe('inconclusive');
    expect(mw.decide(base, head, { thresholdPct: 500, level: 0.05 }).verdict).toBe('unchanged');
    const zero = [-1, 0, 0, 0, 1];
    expect(decisionFor(zero, head)!.decide(zero, head, { thresholdPct: 500, level: 0.05 })).toMatchObject({
      name: 'zero-base',
      verdict: 'regression',
      interval: null,
    });
  });
});

describe('the family policies', () => {
  it("hold Holm's k-th smallest p to alpha / (m - k + 1), frozen where the step-down stops", () => {
    const members = [0.001, 0.03, 0.011, 0.5].map((p, i) => ({ id: `b${i}`, p }));
    const levels = correctionPolicy('holm').levels([...members, { id: 'untested', p: null }], 0.05);
    expect(Object.fromEntries(levels)).toEqual({ b0: 0.05 / 4, b2: 0.05 / 3, b1: 0.05 / 2, b3: 0.05 / 2, untested: 0.05 });
  });

  it.each(['holm', 'bh', 'none'] as const)('%s: significant at the level exactly when the adjusted p is below alpha', (correction) => {
    const rng = createRng(23);
    for (let trial = 0; trial < 500; trial++) {
      const m = 1 + rng.int(12);
      // Many p-values near the boundaries, some tied.
      const p = Array.from({ length: m }, () => (rng.next() < 0.2 ? [0.05, 0.025, 0.0125][rng.int(3)]! : rng.next() ** 3 * 0.2));
      const levels = correctionPolicy(correction).levels(
        p.map((value, i) => ({ id: String(i), p: value })),
        0.05,
      );
      const adjusted = adjustPValues(p, correction);
      p.forEach((value, i) => expect([value < levels.get(String(i))!, trial]).toEqual([adjusted[i]! < 0.05, trial]));
    }
  });

  it("follows the adjusted p where a float's last bit decides: 19 × (0.05 / 19) < 0.05, yet 0.05 / 19 is not below itself", () => {
    const p = [0.05 / 19, ...Array(18).fill(0.9)];
    expect(adjustPValues(p, 'holm')[0]).toBeLessThan(0.05);
    const level = correctionPolicy('holm')
      .levels(
        p.map((value, i) => ({ id: String(i), p: value })),
        0.05,
      )
      .get('0')!;
    expect(p[0]).toBeLessThan(level);
    expect(level - p[0]).toBeLessThan(1e-15);
  });

  it('rounds auto: each member at the nominal level of the look that closed it', () => {
    const outcomes = new Map([['a', { nominalP: 0.004 } as BenchmarkOutcome]]);
    const levels = groupSequentialPolicy(outcomes).levels(
      [
        { id: 'a', p: 0.001 },
        { id: 'b', p: null },
      ],
      0.05,
    );
    expect(Object.fromEntries(levels)).toEqual({ a: 0.004, b: 0.05 });
  });
});
