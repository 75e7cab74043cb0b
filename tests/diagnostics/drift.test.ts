import { describe, expect, it } from '@jest/globals';
import { driftDiagnostic } from '../../src/diagnostics/drift.js';
import { mannKendall, senSlope } from '../../src/diagnostics/mann-kendall.js';
import { createRng } from '../../src/stats/index.js';

const rounds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** P(|S| >= |s|) by enumerating every order of n distinct values. */
function bruteForceP(x: number[]): number {
  const s = mannKendall(x).s;
  const perms: number[][] = [];
  const permute = (rest: number[], acc: number[]) => {
    if (rest.length === 0) perms.push(acc);
    rest.forEach((v, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, v]));
  };
  permute(x, []);
  return perms.filter((p) => Math.abs(mannKendall(p).s) >= Math.abs(s)).length / perms.length;
}

describe('Mann-Kendall', () => {
  it('gives the exact permutation p-value without ties', () => {
    for (const x of [
      [3, 1, 4, 1.5, 5, 9],
      [1, 2, 3, 4, 5, 6],
      [6, 5, 4, 3, 2, 1, 0],
      [2, 7, 1, 8, 2.5, 8.5, 2.8],
    ]) {
      const t = mannKendall(x);
      expect(t.method).toBe('exact');
      expect(t.p).toBeCloseTo(bruteForceP(x), 12);
    }
  });

  it('counts concordant minus discordant pairs and uses the normal form with ties', () => {
    const t = mannKendall([1, 2, 2, 3]);
    expect(t.s).toBe(5);
    expect(t.method).toBe('normal');
    // Variance (4*3*13 - 2*1*9) / 18 = 138 / 18; z = (5 - 1) / sqrt(138 / 18).
    expect(t.z).toBeCloseTo(4 / Math.sqrt(138 / 18), 12);
  });

  it("Sen's slope is the median pairwise slope", () => {
    expect(senSlope([1, 2, 3, 4, 5], [0, 2, 4, 6, 100])).toBe(2);
    expect(senSlope([1, 3, 5], [0, 4, 8])).toBe(2);
  });
});

/** The per-side level diagnose() passes: alpha / benchmarks / 2 sides. */
const ONE_BENCHMARK = 0.05 / 2;
const SUITE_OF_20 = 0.05 / 20 / 2;

describe('drift over rounds', () => {
  const rng = createRng(11);
  const n = 20;
  const noisy = (level: (round: number) => number) => ({
    rounds: rounds(n),
    values: rounds(n).map((r) => level(r) * (1 + rng.normal(0, 0.005))),
  });

  it('finds no drift in a flat series', () => {
    const d = driftDiagnostic(
      noisy(() => 100),
      noisy(() => 100),
      2,
      ONE_BENCHMARK,
    );
    expect(d.numbers.large).toBe(false);
    expect(d.numbers.protectedByInterleaving).toBeNull();
    expect(d.warnings).toEqual([]);
    expect(Math.abs(d.numbers.base!.totalPct)).toBeLessThan(1);
  });

  it('detects drift that hits both sides alike and says interleaving protected the comparison', () => {
    // Both sides slow down by 0.5% per round, sharing the round's noise as interleaved runs do.
    const shared = rounds(n).map(() => rng.normal(0, 0.002));
    const base = { rounds: rounds(n), values: rounds(n).map((r, i) => 100 * (1 + 0.005 * r + shared[i]!)) };
    const head = { rounds: rounds(n), values: rounds(n).map((r, i) => 110 * (1 + 0.005 * r + shared[i]! + rng.normal(0, 0.002))) };
    const d = driftDiagnostic(base, head, 2, SUITE_OF_20);
    expect(d.numbers.base!.p).toBeLessThan(0.001);
    expect(d.numbers.base!.totalPct).toBeGreaterThan(5);
    expect(d.numbers.large).toBe(true);
    expect(d.numbers.protectedByInterleaving).toBe(true);
    expect(d.warnings[0]!.code).toBe('drift');
    expect(d.warnings[0]!.message).toMatch(/interleaving protected/);
  });

  it('says interleaving did not protect the comparison when only one side drifts', () => {
    const d = driftDiagnostic(
      noisy(() => 100),
      noisy((r) => 100 * (1 + 0.01 * r)),
      2,
      SUITE_OF_20,
    );
    expect(d.numbers.head!.p).toBeLessThan(0.001);
    expect(d.numbers.protectedByInterleaving).toBe(false);
    expect(d.warnings[0]!.code).toBe('drift-unprotected');
  });

  it('rarely warns about a drift-free benchmark of a suite, however noisy', () => {
    const flagged: { cv: number; share: number }[] = [];
    for (const cv of [0.01, 0.05]) {
      let hits = 0;
      for (let i = 0; i < 1000; i++) {
        const flat = () => ({ rounds: rounds(10), values: rounds(10).map(() => 100 * (1 + rng.normal(0, cv))) });
        if (driftDiagnostic(flat(), flat(), 2, SUITE_OF_20).warnings.length > 0) hits++;
      }
      flagged.push({ cv, share: hits / 1000 });
    }
    // At 0.05 per side, 8-10% of them were flagged: one or two spurious warnings per suite.
    expect(flagged.filter((f) => f.share > 0.005)).toEqual([]);
  });

  it('ignores a significant but tiny trend', () => {
    const tiny = { rounds: rounds(n), values: rounds(n).map((r) => 100 + r * 0.001) };
    expect(driftDiagnostic(tiny, tiny, 2, ONE_BENCHMARK).numbers.large).toBe(false);
  });
});
