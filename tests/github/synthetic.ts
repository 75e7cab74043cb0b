/** Synthetic comparisons and results for report and publishing tests (no benchmark runs). */
import type { Comparison, ComparisonResult, Verdict } from '../../src/model.js';
import { TEST_SETTINGS } from '../helpers/log-header.js';

function summary(median: number) {
  return { n: 10, median, min: median, max: median, p90: median, p99: median, mad: 0, iqr: 0, cv: 0 };
}

export function comparison(benchmark: string, verdict: Verdict, changePct: number, suite = 'suite'): Comparison {
  return {
    suite,
    benchmark,
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
    test: 'mann-whitney',
    uBase: 0,
    uHead: 100,
    p: 0.0001,
    pAdjusted: 0.001,
    verdict,
    roundsNeeded: null,
    warnings: [],
  };
}

export function result(comparisons: Comparison[], gateFailed = true): ComparisonResult {
  const counts = { regression: 0, improvement: 0, unchanged: 0, inconclusive: 0, added: 0, removed: 0, failed: 0 };
  for (const c of comparisons) counts[c.verdict]++;
  return {
    tool: { name: 'benchgate', version: '0.1.0' },
    base: { ref: 'main', sha: 'a'.repeat(40) },
    head: { ref: 'pr', sha: 'b'.repeat(40) },
    seed: 1,
    settings: TEST_SETTINGS,
    rounds: { planned: 10, completed: 10 },
    comparisons,
    verdict: counts.regression > 0 ? 'fail' : 'pass',
    gateFailed: gateFailed && counts.regression > 0,
    counts,
    geomean: null,
    warnings: [],
    environment: { stability: { runsWithReadings: 0, loadAvg1: null, stealFraction: null, cpuCount: null, governor: null, turbo: null, perRun: [] } },
    failures: { runs: [], benchmarks: [], stopped: null, noResults: comparisons.length === 0 },
  };
}
