/**
 * The one result every report golden is rendered from: built by hand, so it does not move when
 * the statistics do, and holding every kind of row a report shows — each verdict, a process
 * cost row and a secondary metric (neither gating), two suites, run-level and per-benchmark warnings, a failed run,
 * the geometric mean, and where the regression and the improvement came from (attribution passes).
 */
import { unreachableWarning } from '../../src/analysis/sequential.js';
import type { AdaptiveSettings, Attribution, CallTreeNode, Comparison, ComparisonResult } from '../../src/model.js';
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

const PARSER = 'example.com/parser';
const RUNTIME = '/usr/local/go/src/runtime';

const node = (name: string, file: string, base: number, head: number, children: CallTreeNode[] = []): CallTreeNode => ({
  file,
  name,
  base,
  head,
  children,
});

/** parse/large got slower: parseValue now grows a slice twice per op (attribution passes after the timed verdict). */
function parseLargeAttribution(): Attribution {
  const fn = (file: string, name: string, base: number, head: number, halfWidth: number, sharePct: number) => ({
    file,
    name,
    base,
    head,
    delta: head - base,
    interval: [head - base - halfWidth, head - base + halfWidth] as [number, number],
    sharePct,
  });
  const value = { file: 'parser.go', name: `${PARSER}.(*Parser).parseValue` };
  return {
    level: 'instructions',
    source: 'passes',
    total: { base: 8412, head: 9530, delta: 1118 },
    functions: [
      fn(value.file, value.name, 2310, 2790, 8, 42.9),
      fn(`${RUNTIME}/malloc.go`, 'runtime.mallocgc', 120, 410, 6, 25.9),
      fn(`${RUNTIME}/memmove_amd64.s`, 'runtime.memmove', 88, 301, 8, 19.1),
      fn(`${RUNTIME}/slice.go`, 'runtime.growslice', 0, 96, 3, 8.6),
    ],
    explainedPct: 96.5,
    inlined: [],
    callPath: {
      owner: { ...value, base: 2518, head: 3597 },
      steps: [
        { file: 'parser_test.go', name: `${PARSER}.BenchmarkParse.func2`, base: 8402, head: 9520 },
        { file: 'parser.go', name: `${PARSER}.(*Parser).Parse`, base: 8380, head: 9498, calls: { base: 1, head: 1 } },
        { ...value, base: 2518, head: 3597, calls: { base: 12, head: 12 } },
      ],
      under: [{ file: `${RUNTIME}/slice.go`, name: 'runtime.growslice', base: 0, head: 599, calls: { base: 0, head: 2 } }],
    },
    callTree: node(`${PARSER}.BenchmarkParse.func2`, 'parser_test.go', 8402, 9520, [
      node(`${PARSER}.(*Parser).Parse`, 'parser.go', 8380, 9498, [
        node(value.name, value.file, 2518, 3597, [
          node('runtime.growslice', `${RUNTIME}/slice.go`, 0, 599, [
            node('runtime.mallocgc', `${RUNTIME}/malloc.go`, 0, 290),
            node('runtime.memmove', `${RUNTIME}/memmove_amd64.s`, 0, 213),
          ]),
        ]),
        node(`${PARSER}.(*Parser).expect`, 'parser.go', 1100, 1060),
      ]),
    ]),
    notes: [],
  };
}

/** tokenize got faster: scanIdent does less, and isIdentByte is now inlined into the lexer's next. */
function tokenizeAttribution(): Attribution {
  const next = { file: 'lexer.go', name: `${PARSER}.(*Lexer).next` };
  const isIdent = { file: 'lexer.go', name: `${PARSER}.isIdentByte` };
  const scan = { file: 'lexer.go', name: `${PARSER}.(*Lexer).scanIdent` };
  return {
    level: 'instructions',
    source: 'passes',
    total: { base: 1840, head: 1655, delta: -185 },
    functions: [
      { ...scan, base: 640, head: 480, delta: -160, interval: [-163, -157], sharePct: 86.5 },
      { ...isIdent, base: 38, head: 0, delta: -38, interval: [-38.4, -37.6], sharePct: 20.5 },
      { ...next, base: 204, head: 221, delta: 17, interval: [15.8, 18.2], sharePct: -9.2 },
    ],
    explainedPct: 97.8,
    inlined: [{ ...isIdent, goneOn: 'head', perOp: 38, into: { ...next, base: 204, head: 221 } }],
    callPath: {
      owner: { ...scan, base: 1120, head: 955 },
      steps: [
        { file: 'lexer_test.go', name: `${PARSER}.BenchmarkTokenize`, base: 1836, head: 1651 },
        { ...scan, base: 1120, head: 955, calls: { base: 4, head: 4 } },
      ],
      under: [],
    },
    callTree: node(`${PARSER}.BenchmarkTokenize`, 'lexer_test.go', 1836, 1651, [
      node(scan.name, scan.file, 1120, 955, [node(next.name, next.file, 280, 259, [node(isIdent.name, isIdent.file, 38, 0)])]),
    ]),
    notes: [],
  };
}

export function goldenResult(): ComparisonResult {
  const comparisons: Comparison[] = [
    timed('parse/large', 0.00213, 0.00241, { verdict: 'regression', p: 0.0022, pAdjusted: 0.0152, attribution: parseLargeAttribution() }),
    timed('tokenize', 0.000512, 0.000461, { verdict: 'improvement', p: 0.0022, pAdjusted: 0.013, attribution: tokenizeAttribution() }),
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
