/**
 * The one result every report golden is rendered from: built by hand, so it does not move when
 * the statistics do, and holding every kind of row a report shows — each verdict, a process
 * cost row and a secondary metric (neither gating), two suites, run-level and per-benchmark warnings, a failed run
 * and the geometric mean.
 */
import { unreachableWarning } from '../../src/analysis/sequential.js';
import type { AdaptiveSettings, Comparison, ComparisonResult } from '../../src/model.js';
import { comparison, result, summary } from '../builders.js';
import { TEST_SETTINGS } from '../helpers/log-header.js';

/** Per-round values of rounds 1..n that show a step between base and head in the sparkline (n: the fixed-rounds fixture's 6). */
function rounds(base: number, head: number, n = 6): Comparison['diagnostics'] {
  const wobble = [1, 1.01, 0.99, 1.02, 1, 0.98];
  const series = (centre: number) => ({
    rounds: Array.from({ length: n }, (_, i) => i + 1),
    values: Array.from({ length: n }, (_, i) => wobble[i % wobble.length]! * centre),
  });
  return { rounds: { base: series(base), head: series(head) } };
}

function timed(benchmark: string, base: number, head: number, rest: Partial<Comparison>): Comparison {
  const changePct = ((head - base) / base) * 100;
  return comparison({
    suite: 'parser',
    benchmark,
    base: summary(base, { n: 6 }),
    head: summary(head, { n: 6 }),
    changePct,
    changeCi: [changePct - 1.5, changePct + 1.5],
    diagnostics: rounds(base, head),
    ...rest,
  });
}

export function goldenResult(): ComparisonResult {
  const comparisons: Comparison[] = [
    timed('parse/large', 0.00213, 0.00241, { verdict: 'regression', p: 0.0022, pAdjusted: 0.0152 }),
    timed('tokenize', 0.000512, 0.000461, { verdict: 'improvement', p: 0.0022, pAdjusted: 0.013 }),
    timed('parse/small', 0.0000412, 0.0000418, {
      verdict: 'inconclusive',
      p: 0.09,
      pAdjusted: 0.36,
      roundsNeeded: 24,
      warnings: [{ code: 'bimodal-or-outliers', message: 'head samples look bimodal (two clusters): compare the per-round plot' }],
    }),
    timed('lex', 0.000103, 0.000103, { verdict: 'unchanged', p: 0.94, pAdjusted: 1 }),
    comparison({
      suite: 'parser',
      benchmark: 'parse/large',
      metric: 'allocs/op',
      unit: 'allocs/op',
      better: 'lower',
      base: summary(1200, { n: 6 }),
      head: summary(1200, { n: 6 }),
      changePct: 0,
      changeCi: [0, 0],
      p: 1,
      pAdjusted: null,
      gating: false,
      notGating: 'secondary',
    }),
    timed('(process)', 0.82, 0.84, {
      metric: 'cpu-user',
      verdict: 'unchanged',
      p: 0.31,
      pAdjusted: null,
      gating: false,
      notGating: 'process',
    }),
    comparison({
      suite: 'parser',
      benchmark: '(process)',
      metric: 'max-rss',
      unit: 'B',
      base: summary(52_428_800, { n: 6 }),
      head: summary(73_400_320, { n: 6 }),
      changePct: 40,
      changeCi: [38.2, 41.9],
      p: 0.0022,
      pAdjusted: null,
      verdict: 'regression',
      gating: false,
      notGating: 'process',
    }),
    comparison({
      suite: 'parser',
      benchmark: 'stream',
      base: null,
      head: summary(0.0031, { n: 6 }),
      changePct: null,
      changeCi: null,
      test: null,
      p: null,
      pAdjusted: null,
      verdict: 'added',
    }),
    comparison({
      suite: 'parser',
      benchmark: 'legacy',
      base: summary(0.0052, { n: 6 }),
      head: null,
      changePct: null,
      changeCi: null,
      test: null,
      p: null,
      pAdjusted: null,
      verdict: 'removed',
    }),
    comparison({
      suite: 'io',
      benchmark: 'read/4k',
      base: summary(0.00091, { n: 6 }),
      head: null,
      changePct: null,
      changeCi: null,
      test: null,
      p: null,
      pAdjusted: null,
      verdict: 'failed',
      warnings: [{ code: 'failed-runs', message: 'head failed in 6 run(s): open /tmp/x: no such file or directory' }],
    }),
    comparison({
      suite: 'io',
      benchmark: 'write/4k',
      metric: 'throughput',
      unit: 'MB/s',
      better: 'higher',
      base: summary(812, { n: 6 }),
      head: summary(809, { n: 6 }),
      changePct: -0.37,
      changeCi: [-1.1, 0.4],
      p: 0.59,
      pAdjusted: 1,
    }),
  ];
  return result(comparisons, {
    base: { ref: 'main', sha: '0123456789abcdef0123456789abcdef01234567' },
    head: { ref: 'feature/faster-parse', sha: 'fedcba9876543210fedcba9876543210fedcba98' },
    seed: 424242,
    tool: { name: 'benchgate', version: '0.1.0-golden' },
    rounds: { planned: 6, completed: 6 },
    geomean: { changePct: 2.41, ci: [0.9, 3.95], benchmarks: 5 },
    warnings: [
      { code: 'high-load', message: 'load average 3.1 on 2 CPUs during the runs: timings may be noisy' },
      { code: 'run-failed', message: 'head run in round 3 failed: benchmark exited with code 1' },
    ],
    failures: {
      runs: [{ suite: 'io', side: 'head', round: 3, error: 'benchmark exited with code 1\npanic: open /tmp/x: no such file or directory' }],
      benchmarks: [
        {
          suite: 'io',
          benchmark: 'read/4k',
          metric: 'time',
          side: 'head',
          runs: 6,
          first: 'round 1: open /tmp/x: no such file or directory',
        },
      ],
      stopped: null,
      noResults: false,
    },
  });
}

/** A gating comparison `rounds: auto` closed at round `rounds` (its adjusted p is null: the design decided it). */
function sequential(
  benchmark: string,
  base: number,
  head: number,
  decision: NonNullable<Comparison['sequential']>,
  rest: Partial<Comparison>,
): Comparison {
  return timed(benchmark, base, head, {
    base: summary(base, { n: decision.rounds }),
    head: summary(head, { n: decision.rounds }),
    pAdjusted: null,
    sequential: decision,
    diagnostics: rounds(base, head, decision.rounds),
    ...rest,
  });
}

/**
 * The result of a `rounds: auto` run that max-rounds stopped: a regression and an improvement
 * decided early, an equivalence stop, a significant change within the threshold and an
 * inconclusive one when the budget ran out, a benchmark first seen after the first look, a
 * filter fallback note, a too-noisy benchmark (its warning and the unreachable list) and a
 * process cost row (not gating, whole-suite rounds only).
 */
export function adaptiveGoldenResult(): ComparisonResult {
  const comparisons: Comparison[] = [
    sequential(
      'parse/large',
      0.00213,
      0.00241,
      { stop: 'decided', rounds: 15, closedAt: 15, nominalP: 0.0000012 },
      { verdict: 'regression', p: 1.3e-8 },
    ),
    sequential(
      'tokenize',
      0.000512,
      0.000461,
      { stop: 'decided', rounds: 20, closedAt: 20, nominalP: 0.000041 },
      { verdict: 'improvement', p: 2.2e-7 },
    ),
    sequential(
      'parse/small',
      0.0000412,
      0.0000418,
      { stop: 'budget', rounds: 30, closedAt: 30, nominalP: 0.00091 },
      { verdict: 'inconclusive', p: 0.41, changePct: 1.05, changeCi: [-4.1, 6.2], roundsNeeded: 140 },
    ),
    sequential(
      'lex',
      0.000103,
      0.000104,
      { stop: 'budget', rounds: 30, closedAt: 30, nominalP: 0.00091 },
      {
        verdict: 'unchanged',
        p: 0.0004,
        changePct: 0.9,
        changeCi: [0.5, 1.3],
        warnings: [{ code: 'below-threshold', message: 'significant but 0.90% is below the 2% threshold' }],
      },
    ),
    sequential(
      'emit',
      0.00031,
      0.00031,
      { stop: 'equivalence', rounds: 20, closedAt: 20, nominalP: 0.000041 },
      { verdict: 'unchanged', p: 0.88 },
    ),
    sequential(
      'late',
      0.0012,
      0.0012,
      { stop: 'untestable', rounds: 15, closedAt: 15, nominalP: null },
      { verdict: 'inconclusive', p: 0.7, roundsNeeded: null },
    ),
    timed('(process)', 0.82, 0.84, {
      metric: 'cpu-user',
      verdict: 'unchanged',
      p: 0.31,
      pAdjusted: null,
      gating: false,
      notGating: 'process',
      diagnostics: rounds(0.82, 0.84, 10),
    }),
  ];
  const adaptive: AdaptiveSettings = {
    minRounds: 10,
    lookEvery: 5,
    maxRounds: 30,
    maxTimeSec: 1200,
    spending: 'obrien-fleming',
    test: 'mann-whitney',
    filter: true,
  };
  const open = [...Array<null>(10).fill(null), ...Array<number>(5).fill(4), ...Array<number>(5).fill(3), ...Array<null>(10).fill(null)];
  return result(comparisons, {
    base: { ref: 'main', sha: '0123456789abcdef0123456789abcdef01234567' },
    head: { ref: 'feature/faster-parse', sha: 'fedcba9876543210fedcba9876543210fedcba98' },
    seed: 424242,
    tool: { name: 'benchgate', version: '0.1.0-golden' },
    settings: { ...TEST_SETTINGS, alpha: 0.005, rounds: 30, adaptive },
    rounds: { planned: 30, completed: 30 },
    geomean: { changePct: 0.71, ci: [-1.2, 2.66], benchmarks: 6 },
    adaptive: {
      stoppedBy: 'max-rounds',
      looks: [10, 15, 20, 25, 30],
      open,
      notes: ['round 20: the filter did not select 1 open benchmark(s) (first: "lex"); later rounds ran the whole suite'],
      unreachable: ['parse/small'],
    },
    warnings: [
      unreachableWarning(['parse/small'], 2, 30, true),
      { code: 'high-load', message: 'load average 3.1 on 2 CPUs during the runs: timings may be noisy' },
    ],
  });
}
