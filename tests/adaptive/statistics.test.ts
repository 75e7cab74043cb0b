import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { lookStatistic, pairedShift } from '../../src/adaptive/statistics.js';
import { createRng, mannWhitneyU, percentChange, wilcoxonSignedRank } from '../../src/stats/index.js';
import { expectRelative } from '../stats/reference.js';

interface Case {
  d: number[];
  confLevel: number;
  estimate: number;
  ci: [number, number];
}

const reference = JSON.parse(readFileSync(new URL('./reference/paired_shift.json', import.meta.url), 'utf8')) as { cases: Case[] };

describe('pairedShift (one-sample Hodges-Lehmann) against the enumeration reference', () => {
  it.each(reference.cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const r = pairedShift(c.d, c.confLevel);
    expectRelative(r.estimate, c.estimate, 1e-9);
    expectRelative(r.ci[0], c.ci[0], 1e-9);
    expectRelative(r.ci[1], c.ci[1], 1e-9);
  });
});

describe('lookStatistic', () => {
  const rng = createRng(14);
  const sample = (n: number, cv: number, factor = 1) => Array.from({ length: n }, () => factor * (1 + cv * rng.normal()));

  it('mann-whitney: the U test p and percentChange estimate and interval', () => {
    const base = sample(12, 0.02);
    const head = sample(12, 0.02, 1.03);
    const s = lookStatistic('mann-whitney', { base, head })!;
    expect(s.p).toBe(mannWhitneyU(base, head).p);
    expect(s.change()).toEqual(percentChange(base, head));
    expect(s.n).toBe(12);
  });

  it('signed-rank: the signed-rank p of the per-round log ratios', () => {
    const base = sample(15, 0.02);
    const head = base.map((b) => b * 1.02 * (1 + 0.01 * rng.normal()));
    const s = lookStatistic('signed-rank', { base, head })!;
    const d = head.map((h, i) => Math.log(h / base[i]!));
    expect(s.p).toBe(wilcoxonSignedRank(d, { alternative: 'two-sided', method: 'auto', correction: true }).p);
    expect(s.change().changePct).toBeCloseTo(100 * Math.expm1(pairedShift(d).estimate), 12);
  });

  it('within(t) says whether the interval lies inside ±t, for both tests and many samples', () => {
    for (let trial = 0; trial < 120; trial++) {
      const n = 3 + rng.int(45);
      const cv = [0.002, 0.01, 0.03][rng.int(3)]!;
      const base = sample(n, cv);
      const head = sample(n, cv, 1 + 0.03 * (rng.next() - 0.5));
      for (const test of ['mann-whitney', 'signed-rank'] as const) {
        const s = lookStatistic(test, { base, head })!;
        const { ci } = s.change();
        for (const t of [0.5, 1, 2, 3]) expect([test, n, t, s.within(t)]).toEqual([test, n, t, ci[0] > -t && ci[1] < t]);
      }
    }
  });

  it('gives no statistic for fewer than 2 pairs or values that are not finite, and rejects unpaired input', () => {
    expect(lookStatistic('mann-whitney', { base: [1], head: [1] })).toBeNull();
    expect(lookStatistic('signed-rank', { base: [1, Infinity], head: [1, 2] })).toBeNull();
    // Non-positive values are tested on the raw scale (zero-values.test.ts).
    expect(lookStatistic('signed-rank', { base: [1, 0], head: [1, 2] })).not.toBeNull();
    expect(() => lookStatistic('signed-rank', { base: [1, 2], head: [1] })).toThrow(/differ in length/);
  });
});
