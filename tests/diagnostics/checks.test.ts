import { describe, expect, it } from '@jest/globals';
import { environmentDiagnostic } from '../../src/diagnostics/environment-stability.js';
import { percentileDiagnostic } from '../../src/diagnostics/percentiles.js';
import { minAttainableP, tooShortDiagnostic } from '../../src/diagnostics/too-short.js';
import type { Run } from '../../src/model.js';
import { createRng, summarize } from '../../src/stats/index.js';
import { runOf } from './helpers.js';

describe('percentiles', () => {
  const base = Array.from({ length: 20 }, (_, i) => 100 + i * 0.1);
  it('flags a tail that got worse while the median did not', () => {
    const head = [...base.slice(0, 16), 130, 140, 150, 160];
    const d = percentileDiagnostic(summarize(base), summarize(head), 'lower', 2);
    expect(d.numbers.changePct.median).toBeCloseTo(0, 5);
    expect(d.numbers.changePct.p99!).toBeGreaterThan(40);
    expect(d.numbers.tailRegression).toBe(true);
    expect(d.numbers.tailBarPct).toBe(5);
    expect(d.warnings[0]!.code).toBe('tail-regression');
  });

  it('rarely flags two samples of the same noisy benchmark', () => {
    const rng = createRng(12);
    const flagged: { sigma: number; share: number }[] = [];
    for (const sigma of [0.05, 0.1, 0.2, 0.4]) {
      let hits = 0;
      for (let i = 0; i < 1000; i++) {
        const draw = () => summarize(Array.from({ length: 10 }, () => 100 * rng.lognormal(0, sigma)));
        if (percentileDiagnostic(draw(), draw(), 'lower', 2).numbers.tailRegression) hits++;
      }
      flagged.push({ sigma, share: hits / 1000 });
    }
    // The bar grows with the spread (a fixed 5% bar flagged up to 10% of these pairs).
    expect(flagged.filter((f) => f.share > 0.01)).toEqual([]);
  });

  it('does not flag a shift of the whole distribution, or a better tail', () => {
    const shifted = base.map((v) => v * 1.2);
    expect(percentileDiagnostic(summarize(base), summarize(shifted), 'lower', 2).numbers.tailRegression).toBe(false);
    const head = [...base.slice(0, 16), 130, 140, 150, 160];
    expect(percentileDiagnostic(summarize(base), summarize(head), 'higher', 2).numbers.tailRegression).toBe(false);
  });
});

describe('too short to trust', () => {
  it('sees the clock grid in values that repeat in coarse steps', () => {
    const grid = [3, 4, 3, 3, 4, 5, 3, 4, 3, 4].map((t) => t * 1e-6);
    const smooth = grid.map((v, i) => v * 1000 + i * 1.234e-7);
    const d = tooShortDiagnostic({ base: grid, head: smooth }, true, { base: 10, head: 10 }, 0.05);
    expect(d.numbers.base!.distinct).toBe(3);
    expect(d.numbers.base!.step).toBeCloseTo(1e-6, 12);
    expect(d.numbers.base!.stepsPerValue).toBeCloseTo(3.5, 6);
    expect(d.warnings.map((w) => w.code)).toEqual(['timer-resolution']);
    expect(tooShortDiagnostic({ base: grid, head: grid }, false, { base: 10, head: 10 }, 0.05).warnings).toEqual([]);
  });

  it('says when n is too small for any change to be significant', () => {
    expect(minAttainableP(3, 3)).toBeCloseTo(0.1, 12);
    const d = tooShortDiagnostic({ base: [], head: [] }, true, { base: 3, head: 3 }, 0.05 / 4);
    expect(d.warnings.map((w) => w.code)).toEqual(['never-significant']);
    expect(d.numbers.roundsToReachSignificance).toBe(5);
    expect(tooShortDiagnostic({ base: [], head: [] }, true, { base: 5, head: 5 }, 0.05 / 4).warnings).toEqual([]);
  });
});

describe('environment stability', () => {
  const runsWith = (env: Run['env'][]) => env.map((e, i) => ({ ...runOf(i % 2 ? 'head' : 'base', 1 + (i >> 1), [{}]), env: e }));

  it('stays quiet on a steady machine and keeps every reading', () => {
    const d = environmentDiagnostic(
      { cpuCount: 4, governor: 'performance', turbo: false },
      runsWith([
        { loadAvg1: 1, stealFraction: 0 },
        { loadAvg1: 1.2, stealFraction: 0.001 },
      ]),
    );
    expect(d.warnings).toEqual([]);
    expect(d.numbers.loadAvg1).toEqual({ median: 1.1, max: 1.2 });
    expect(d.numbers.perRun).toHaveLength(2);
  });

  it('warns about steal, load, governor and turbo', () => {
    const d = environmentDiagnostic(
      { cpuCount: 2, governor: 'powersave', turbo: true },
      runsWith([
        { loadAvg1: 3, stealFraction: 0.05 },
        { loadAvg1: 3.5, stealFraction: 0.2 },
      ]),
    );
    expect(d.warnings.map((w) => w.code)).toEqual(['cpu-steal', 'high-load', 'cpu-governor', 'turbo']);
    expect(d.numbers.stealFraction!.max).toBe(0.2);
  });
});
