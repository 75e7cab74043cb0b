/**
 * Builders for the data that flows between benchgate's stages, for tests: each returns a
 * plausible, complete value, and a test overrides only the fields it is about.
 */
import type { BenchmarkProfile, Comparison, ComparisonResult, Measurement, Run, Summary, Verdict } from '../src/model.js';
import { TEST_SETTINGS } from './helpers/log-header.js';

export function measurement(overrides: Partial<Measurement> = {}): Measurement {
  return { benchmark: 'b', metric: 'time', unit: 's', better: 'lower', values: [1], ...overrides };
}

/** One run of suite "suite"; base runs first in its round, head second. */
export function run(overrides: Partial<Run> = {}): Run {
  const side = overrides.side ?? 'base';
  return {
    suite: 'suite',
    side,
    round: 1,
    position: side === 'base' ? 0 : 1,
    startedAt: '2026-01-01T00:00:00Z',
    wallMs: 1000,
    cpuUserMs: null,
    cpuSysMs: null,
    maxRssKb: null,
    exitCode: 0,
    measurements: [measurement()],
    ...overrides,
  };
}

/** A summary of ten identical values (override n and the spread where a test needs them). */
export function summary(median: number, overrides: Partial<Summary> = {}): Summary {
  return { n: 10, median, min: median, max: median, p90: median, p99: median, mad: 0, iqr: 0, cv: 0, ...overrides };
}

/**
 * A comparison whose head median is `changePct` away from a base of 10 ms, with an interval of
 * ±1 point around it and a significant p-value; `verdict` defaults to unchanged.
 */
export function comparison(overrides: Partial<Comparison> = {}): Comparison {
  const changePct = overrides.changePct ?? 0;
  return {
    suite: 'suite',
    benchmark: 'b',
    metric: 'time',
    unit: 's',
    better: 'lower',
    base: summary(0.01),
    head: summary(0.01 * (1 + changePct / 100)),
    baseSamples: [],
    headSamples: [],
    changePct,
    changeCi: [changePct - 1, changePct + 1],
    shift: null,
    shiftCi: null,
    test: {
      name: 'mann-whitney',
      statistic: { name: 'U of base', value: 0 },
      p: 0.0001,
      interval: [changePct - 1, changePct + 1],
      level: 0.05,
      assumes: 'nothing about the shape of either side: a rank test on one value per run (exact U distribution)',
    },
    p: 0.0001,
    pAdjusted: 0.001,
    verdict: 'unchanged',
    roundsNeeded: null,
    gating: true,
    thresholdPct: TEST_SETTINGS.thresholdPct,
    warnings: [],
    ...overrides,
  };
}

/** The short form most report tests need: a benchmark, its verdict and its change. */
export function compared(benchmark: string, verdict: Verdict, changePct: number, suite = 'suite'): Comparison {
  return comparison({ benchmark, verdict, changePct, suite });
}

export function countsOf(comparisons: readonly Comparison[]): Record<Verdict, number> {
  const counts = { regression: 0, improvement: 0, unchanged: 0, inconclusive: 0, added: 0, removed: 0, failed: 0 };
  for (const c of comparisons) if (c.gating) counts[c.verdict]++;
  return counts;
}

/**
 * A result holding `comparisons`, with the counts, verdict and gate they imply (the gate on:
 * any regression fails it); pass `{ gateFailed: false }` for a gate that is off.
 */
export function result(comparisons: Comparison[], overrides: Partial<ComparisonResult> = {}): ComparisonResult {
  const counts = countsOf(comparisons);
  return {
    tool: { name: 'benchgate', version: '0.1.0' },
    base: { ref: 'main', sha: 'a'.repeat(40) },
    head: { ref: 'pr', sha: 'b'.repeat(40) },
    seed: 1,
    settings: TEST_SETTINGS,
    rounds: { planned: 10, completed: 10 },
    comparisons,
    verdict: counts.regression > 0 ? 'fail' : 'pass',
    counts,
    informational: comparisons.filter((c) => !c.gating).length,
    geomean: null,
    warnings: [],
    environment: {
      stability: { runsWithReadings: 0, loadAvg1: null, stealFraction: null, cpuCount: null, governor: null, turbo: null, perRun: [] },
    },
    failures: { runs: [], benchmarks: [], stopped: null, noResults: comparisons.length === 0 },
    ...overrides,
    gateFailed: counts.regression > 0 && (overrides.gateFailed ?? true),
  };
}

/** A cachegrind profile of benchmark "B" on base in round 1: one function, f in b.go, 100 -> 200 at works 10 and 20. */
export function profile(overrides: Partial<BenchmarkProfile> = {}): BenchmarkProfile {
  return {
    benchmark: 'B',
    side: 'base',
    round: 1,
    works: [10, 20],
    tool: 'cachegrind',
    level: 'instructions',
    files: ['b.go'],
    functions: [[0, 'f', 100, 200]],
    rest: [0, 0],
    unnamed: [0, 0],
    ...overrides,
  };
}
