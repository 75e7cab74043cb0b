/**
 * pytest-benchmark: pytest >= 8.2 reads arguments from `@file`, one per line: node ids, which -k cannot select.
 *
 * Counted one test per process: the node id selects it, and the work is fixed at N rounds of one
 * iteration: no time-based calibration (`--benchmark-min-time=0` with a calibration precision of
 * 1 stops at one loop), no time budget (`--benchmark-max-time=0`, so `--benchmark-min-rounds`
 * sets the rounds), no warm-up, no GC during the rounds, and a fixed hash seed. pytest's start-up
 * and collection (about 0.85 G instructions under valgrind, docs/steady.md) cancel in the difference.
 */
import { FILTER_PLACEHOLDER, sameName, unique } from './filter-syntax.js';
import type { CountTarget, DirectCall, HarnessDescription, ShellWord } from './types.js';

/**
 * Quiet runs of benchmarks only, writing no cache into the worktree (the JSON goes to the runner's
 * file: outputTo), with plain asserts: with no .pyc written (counts.env), pytest would rewrite and
 * compile every test module and plugin again in each run, 0.25 G of its 1.14 G instructions.
 */
const QUIET = ['-q', '-p', 'no:cacheprovider', '-p', 'benchgate_counts', '--benchmark-only', '--assert=plain'];

/**
 * The plugin `-p benchgate_counts` loads: no machine or commit info in the JSON. pytest-benchmark
 * gathers them in subprocesses (`python -m cpuinfo`, lscpu, git, ...), which cachegrind would
 * count too: 3.2 G instructions a run instead of 0.67 G (docs/steady.md).
 */
const PLUGIN = `"""benchgate: counted pytest-benchmark runs need no machine or commit info."""
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_benchmark_generate_machine_info(config):
    return {}


@pytest.hookimpl(tryfirst=True)
def pytest_benchmark_generate_commit_info(config):
    return {}
`;
/**
 * The plugin a cProfile pass loads (`-p benchgate_cprofile`): pytest-benchmark's cProfile mode
 * (5.0 or later) keeps a pstats table per benchmark; this writes each function's calls (pstats'
 * `nc`: every call, recursive ones included) into the benchmark JSON the runner reads.
 */
const CPROFILE_PLUGIN = `"""benchgate: a cProfile pass adds each Python function's calls to the benchmark JSON."""
import pytest


@pytest.hookimpl
def pytest_benchmark_update_json(config, benchmarks, output_json):
    output_json["benchgate_cprofile"] = {
        bench.fullname: [[file, line, name, stat[1]] for (file, line, name), stat in bench.cprofile_stats.stats.items()]
        for bench in benchmarks
        if bench.cprofile_stats
    }
`;
const FIXED = [
  '--benchmark-max-time=0',
  '--benchmark-min-time=0',
  '--benchmark-calibration-precision=1',
  '--benchmark-warmup=off',
  '--benchmark-disable-gc',
];

/** pytest flags that steer output or a timed run only: dropped from the counted runs. */
const DROPPED = /^(-q|-v|-qq|-vv|-s|-x|--benchmark-[a-z-]+(=[\s\S]*)?)$/;

const isOp = (w: ShellWord, op: string) => typeof w === 'object' && 'op' in w && w.op === op;

/** `pytest`, `PATH/pytest`, `python[3] -m pytest` or `PATH/python[3] -m pytest`: the command prefix, or null. */
function pytestCommand(words: readonly string[]): { command: string[]; rest: string[] } | null {
  const [first, second, third, ...after] = words;
  if (first === undefined) return null;
  if (/(^|\/)pytest$/.test(first)) return { command: [first], rest: words.slice(1) };
  if (/(^|\/)python3?(\.\d+)?$/.test(first) && second === '-m' && third === 'pytest')
    return { command: [first, '-m', 'pytest'], rest: after };
  return null;
}

/**
 * A direct pytest call with test paths or node ids and output flags, optionally in the shape the
 * docs give for timing (`pytest ... --benchmark-json=bench.json >&2 && cat bench.json`); `{filter}`
 * is ignored (each counted run selects its own test).
 */
function recognisePytest(words: readonly ShellWord[]): CountTarget | null {
  let call = words;
  const tail = words.findIndex((w) => typeof w !== 'string');
  if (tail >= 0) {
    const rest = words.slice(tail);
    const catShape =
      rest.length === 5 &&
      isOp(rest[0]!, '>&') &&
      rest[1] === '2' &&
      isOp(rest[2]!, '&&') &&
      rest[3] === 'cat' &&
      typeof rest[4] === 'string';
    if (!catShape) return null;
    call = words.slice(0, tail);
  }
  const found = pytestCommand(call as string[]);
  if (!found) return null;
  const args: string[] = [];
  for (const word of found.rest) {
    if (word === '{filter}' || DROPPED.test(word)) continue;
    if (word.startsWith('-')) return null;
    args.push(word);
  }
  return { packages: [], pattern: '.', buildFlags: [], command: found.command, args };
}

/**
 * A direct pytest call, completed: `{filter}` (an `@file` of node ids) when it names no test path
 * (pytest's own selection is the whole suite; with paths, the filter's ids would be added to
 * them), and the JSON written to benchgate's file when it asks for none (a console table
 * otherwise; pytest-benchmark cannot write JSON to stdout under Node: outputTo).
 */
const call: DirectCall = {
  placeFilter: (words) => {
    const target = recognisePytest(words);
    if (!target || (target.args ?? []).length > 0) return null;
    const at = target.command!.length;
    return [...words.slice(0, at), FILTER_PLACEHOLDER, ...words.slice(at)];
  },
  output: {
    flag: '--benchmark-json=bench.json >&2 && cat bench.json',
    asked: /--benchmark-json\b/,
    // Words with an operator are the documented `--benchmark-json=FILE >&2 && cat FILE` shape: they ask already.
    add: (words, file) =>
      recognisePytest(words) && words.every((w) => typeof w === 'string')
        ? [...words.filter((w) => !w.startsWith('--benchmark-json')), `--benchmark-json=${file}`]
        : null,
    toFile: true,
  },
};

export const pytestBenchmark: HarnessDescription = {
  format: 'pytest-benchmark',
  normaliseName: sameName,
  select: {
    wholeSuite: { argsFile: [] },
    build: (open) =>
      open.some((n) => /[\r\n]/.test(n))
        ? { kind: 'whole-suite', reason: 'unrepresentable' }
        : { kind: 'filter', filter: { argsFile: unique(open) } },
  },
  call,
  counts: {
    fixWork: (n) => [`--benchmark-min-rounds=${n}`],
    // The hash seed fixes dict and set layouts; no .pyc is written, so every run compiles alike.
    env: { PYTHONHASHSEED: '0', PYTHONDONTWRITEBYTECODE: '1' },
    recognise: recognisePytest,
    instead: 'write the bench command as a direct pytest call, or use bench-command to count the whole command once per run',
    commandShape:
      'a direct "pytest [paths or node ids]" or "python -m pytest ..." call (optionally "... --benchmark-json=FILE >&2 && cat FILE")',
    // A node id is one argument (no shell, no escaping); it starts with its file's path, never with "-".
    selectOne: (name) => [...QUIET, ...FIXED, name],
    discover: (target) => [...QUIET, ...FIXED, '--benchmark-min-rounds=1', '--', ...(target.args ?? [])],
    // One timed round, then the benchmarked callable n times under cProfile.Profile.runcall: only
    // its own calls are profiled, no frame of pytest, pluggy or pytest-benchmark (src/counts/cprofile.ts).
    callProfile: (n) => [
      '-p',
      'benchgate_cprofile',
      '--benchmark-min-rounds=1',
      '--benchmark-cprofile=ncalls',
      `--benchmark-cprofile-loops=${n}`,
    ],
    outputTo: (file) => [`--benchmark-json=${file}`],
    support: {
      files: { 'benchgate_counts.py': PLUGIN, 'benchgate_cprofile.py': CPROFILE_PLUGIN },
      env: (dir, inherited) => ({ PYTHONPATH: inherited.PYTHONPATH ? `${dir}:${inherited.PYTHONPATH}` : dir }),
    },
    // Start-up and collection repeat to a few thousand of 0.85 G instructions: a small work of a tenth of it differences cleanly.
    fixedCostFactor: 0.1,
    // The interpreter's C functions explain nothing about a Python benchmark (its level is Python calls).
    functionTables: false,
  },
  // No list mode for shards: `--collect-only` lists every test, benchmark or not, so a shard could
  // own only plain tests, whose run prints no benchmark (an error); the warm-up lists the benchmarks.
};
