/**
 * The one result every report golden is rendered from: built by hand, so it does not move when
 * the statistics do, and holding every kind of row a report shows — each verdict, a process
 * cost row and a secondary metric (neither gating), two suites, run-level and per-benchmark warnings, a failed run
 * and the geometric mean.
 */
import type { Comparison, ComparisonResult } from '../../src/model.js';
import { comparison, result, summary } from '../builders.js';

/** Per-round values that show a step between base and head in the sparkline. */
function rounds(base: number, head: number): Comparison['diagnostics'] {
  const series = (centre: number) => ({ rounds: [1, 2, 3, 4, 5, 6], values: [1, 1.01, 0.99, 1.02, 1, 0.98].map((f) => f * centre) });
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
      uBase: null,
      uHead: null,
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
      uBase: null,
      uHead: null,
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
      uBase: null,
      uHead: null,
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
