/**
 * Real suites at a commit pair with a documented speed-up (issue 24, item 3), each through
 * per-benchmark instruction counts (`--measure instructions`) and through time mode
 * (`--rounds auto`): verdicts, repetitions (or rounds) to a decision and wall time, side by side.
 *
 * Resumable: a run takes minutes to tens of minutes, so each finished (suite, mode, repetition)
 * is saved to bench/results/real-counts/<suite>-<mode>-<repetition>.json (committed as data) and
 * a rerun measures only what is missing; the table is built from the files. Delete a file to
 * measure it again. The repositories come from the fetch mirror (/work/.mirror, or
 * BENCHGATE_MIRROR): a suite whose mirror or toolchain is absent is skipped, saying which.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComparisonResult, Verdict } from '../../src/model.js';
import { normaliseName } from '../../src/harness/index.js';
import { envWithGo } from '../real/suites.js';
import { markdownTable, medianOf } from '../tables.js';
import type { SectionOptions, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'src', 'main.ts');
const RESULTS = path.join(ROOT, 'bench', 'results', 'real-counts');
const MIRROR = process.env.BENCHGATE_MIRROR ?? '/work/.mirror';

interface RealPair {
  id: string;
  /** owner/name on GitHub, mirrored at MIRROR/owner+name/repo by the fetch tool. */
  repo: string;
  base: string;
  head: string;
  /** The commit that documents the speed-up, as its message says. */
  why: string;
  /** `benchgate run` flags naming the harness, the same in both modes. */
  flags: string[];
  /**
   * A command that exits 0 when the suite's toolchain is installed and prints the real
   * interpreter's path: its directory goes first on PATH, so that a version manager's shim (a
   * pyenv shim is a bash script reading version files) is neither run nor counted.
   */
  toolchain: string[];
}

const PAIRS: RealPair[] = [
  {
    id: 'dacite',
    repo: 'konradhalas/dacite',
    base: '3c0e180~1',
    head: '3c0e180',
    why: '3c0e180 "Introduce basic cache (#208)"',
    // Time mode reads the JSON; counts mode replaces the JSON part with its own file.
    flags: [
      '--bench',
      'python3 -m pytest tests/performance --benchmark-json=bench.json >&2 && cat bench.json',
      '--format',
      'pytest-benchmark',
    ],
    toolchain: ['python3', '-c', 'import sys, pytest_benchmark; print(sys.executable)'],
  },
  {
    id: 'snappy',
    repo: 'google/snappy',
    base: '8881ba1~1',
    head: '8881ba1',
    why: '8881ba1 "Improve the speed of hashing in zippy compression" ("speeds up compression by two to a few percent")',
    // The library by its CMake (tests and its vendored benchmark off: the submodules are not
    // fetched), the benchmark binary against the installed Google Benchmark (1.8.0 or later).
    // The new hash is compiled only with SSE4.2 (without it both sides count the same to 0.00%);
    // time mode reads the JSON output and runs each benchmark for 0.05 s a round (12 of them,
    // both sides: 0.5 s, the default, made a round take 50 s); counts mode sets its own flags.
    flags: [
      '--build',
      'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-msse4.2 -DSNAPPY_BUILD_TESTS=OFF -DSNAPPY_BUILD_BENCHMARKS=OFF >/dev/null && ' +
        'cmake --build build >/dev/null && c++ -O2 -std=c++14 -DNDEBUG -DHAVE_CONFIG_H -I. -Ibuild snappy_benchmark.cc snappy-test.cc ' +
        'snappy_test_data.cc build/libsnappy.a -lbenchmark_main -lbenchmark -lpthread -lz -o build/snappy_benchmark',
      '--bench',
      './build/snappy_benchmark --benchmark_filter=BM_ZFlat/ --benchmark_format=json --benchmark_min_time=0.05s',
      '--format',
      'google-benchmark',
    ],
    toolchain: ['sh', '-c', 'command -v cmake >/dev/null && command -v c++'],
  },
  {
    id: 'xxhash',
    repo: 'cespare/xxhash',
    base: 'a7909af~1',
    head: 'a7909af',
    why: 'a7909af "Allow Sum64String and (*Digest).WriteString to be inlined" (Sum64String/4B −25%, DigestString/4B −15% in its benchstat)',
    // The quiet template's command (templates/github/benchgate-quiet.yml); its jobs 2 is the default on 2 cores.
    flags: ['--bench', "go test -run '^$' -bench . ./...", '--format', 'go', '--threshold', '2'],
    toolchain: ['sh', '-c', 'command -v go'],
  },
];

const MODES = {
  counts: ['--measure', 'instructions'],
  time: ['--rounds', 'auto'],
} as const;
type Mode = keyof typeof MODES;

/** What one (suite, mode, repetition) leaves in its file. */
interface Saved {
  suite: string;
  mode: Mode;
  repetition: number;
  command: string;
  exitCode: number;
  seconds: number;
  loadAverage: [number, number];
  rounds: number;
  /** The gating comparisons (a harness's informational metrics and the process row left out). */
  benchmarks: { name: string; metric: string; verdict: Verdict; changePct: number | null; changeCi: [number, number] | null; n: number }[];
}

const fileOf = (id: string, mode: Mode, repetition: number) => path.join(RESULTS, `${id}-${mode}-${repetition}.json`);

function measure(pair: RealPair, mode: Mode, repetition: number, work: string, binDir: string): Saved {
  const repo = path.join(work, pair.id);
  if (!existsSync(repo)) execFileSync('git', ['clone', '-q', path.join(MIRROR, pair.repo.replace('/', '+'), 'repo'), repo]);
  const out = path.join(work, `out-${mode}-${repetition}`);
  const args = ['run', '--repo', repo, '--base', pair.base, '--head', pair.head, ...pair.flags, ...MODES[mode]];
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  // The CLI's progress lines go to the bench's stderr: a run takes minutes.
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args, '--out', out], {
    cwd: ROOT,
    env: { ...envWithGo(), PATH: [binDir, envWithGo().PATH].join(path.delimiter) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  // 0 pass, 1 the gate failed (a regression found): both are results; anything else is a broken run.
  if (r.status !== 0 && r.status !== 1) throw new Error(`benchgate ${args.join(' ')} exited with ${r.status} (its stderr is above)`);
  const result = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult;
  return {
    suite: pair.id,
    mode,
    repetition,
    command: `benchgate ${args.map((a) => (/[\s'$^]/.test(a) ? `"${a}"` : a)).join(' ')}`,
    exitCode: r.status,
    seconds: Math.round(seconds),
    loadAverage: [Number(loadBefore.toFixed(1)), Number(os.loadavg()[0]!.toFixed(1))],
    rounds: result.rounds.completed,
    benchmarks: result.comparisons
      .filter((c) => c.gating)
      .map((c) => ({
        name: c.benchmark,
        metric: c.metric,
        verdict: c.verdict,
        changePct: c.changePct,
        changeCi: c.changeCi,
        n: Math.min(c.base?.n ?? 0, c.head?.n ?? 0),
      })),
  };
}

const signed = (v: number) => `${v < 0 ? '−' : '+'}${Math.abs(v).toFixed(1)}%`;
const change = (b: Saved['benchmarks'][number]) =>
  b.changePct === null
    ? b.verdict
    : `${signed(b.changePct)}${b.changeCi ? ` [${signed(b.changeCi[0])}, ${signed(b.changeCi[1])}]` : ''} ${b.verdict}`;

function tableFor(pair: RealPair, saved: Saved[]): string {
  const byMode = (mode: Mode) => saved.filter((s) => s.mode === mode);
  const summary = (['counts', 'time'] as const).map((mode) => {
    const runs = byMode(mode);
    if (runs.length === 0) return [mode, 'not measured yet', '', '', ''];
    const verdicts = new Map<string, number>();
    for (const b of runs.flatMap((s) => s.benchmarks)) verdicts.set(b.verdict, (verdicts.get(b.verdict) ?? 0) + 1);
    const ns = runs.flatMap((s) => s.benchmarks.map((b) => b.n));
    return [
      mode,
      String(runs.length),
      [...verdicts].map(([v, k]) => `${k} ${v}`).join(', '),
      `${medianOf(ns)} (${Math.min(...ns)}–${Math.max(...ns)})`,
      runs.map((s) => `${Math.floor(s.seconds / 60)} min ${s.seconds % 60} s (load ${s.loadAverage.join('→')})`).join('; '),
    ];
  });
  // One row per benchmark as the harness description names it (Go's -N suffix dropped): count
  // runs run at GOMAXPROCS=1 and print no suffix, timed runs print the runner's.
  const format = pair.flags[pair.flags.indexOf('--format') + 1] ?? 'auto';
  const key = (name: string) => normaliseName(format, name);
  const names = [...new Set(saved.flatMap((s) => s.benchmarks.map((b) => key(b.name))))];
  const cell = (mode: Mode, name: string) =>
    byMode(mode)
      .map((s) => s.benchmarks.find((b) => key(b.name) === name))
      .map((b) => (b ? `${change(b)} (${b.n})` : 'absent'))
      .join('; ') || '–';
  return [
    `#### ${pair.repo}, \`${pair.base} → ${pair.head}\`: ${pair.why}`,
    '',
    ...[...new Set(saved.map((s) => `\`${s.command}\``))].map((c) => `- ${c}`),
    '',
    markdownTable(
      ['mode', 'runs', 'verdicts (all runs)', 'repetitions (counts) or rounds (time) per side: median (range)', 'wall time per run'],
      summary,
    ),
    '',
    markdownTable(
      ['benchmark', 'counts: change [interval] verdict (repetitions)', 'time: change [interval] verdict (rounds)'],
      names.map((name) => [name, cell('counts', name), cell('time', name)]),
    ),
    '',
  ].join('\n');
}

export async function realCounts(opts: SectionOptions): Promise<SectionOutput> {
  const repetitions = opts.realCountsRepetitions ?? 1;
  const unknown = (opts.realCountsSuites ?? []).filter((id) => !PAIRS.some((p) => p.id === id));
  if (unknown.length > 0)
    throw new Error(`--real-counts-suites: unknown "${unknown.join(', ')}"; suites: ${PAIRS.map((p) => p.id).join(', ')}`);
  const pairs = PAIRS.filter((p) => opts.realCountsSuites?.includes(p.id) ?? true);
  const parts = ['### Real suites at a documented speed-up: counts beside time', ''];
  parts.push(
    `Each pair through \`benchgate run --measure instructions\` (counts per benchmark, jobs = cores) and through \`--rounds auto\` (timing), ${repetitions} run(s) per mode; finished runs are read from bench/results/real-counts/ and only missing ones are measured.`,
    '',
  );
  mkdirSync(RESULTS, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-real-counts-'));
  try {
    for (const pair of pairs) {
      const mirrored = existsSync(path.join(MIRROR, pair.repo.replace('/', '+'), 'repo'));
      const toolchain = spawnSync(pair.toolchain[0]!, pair.toolchain.slice(1), { encoding: 'utf8', env: envWithGo() });
      const installed = toolchain.status === 0;
      const valgrind = spawnSync('valgrind', ['--version']).status === 0;
      for (let i = 1; i <= repetitions; i++)
        for (const mode of Object.keys(MODES) as Mode[]) {
          if (existsSync(fileOf(pair.id, mode, i))) continue;
          if (!mirrored || !installed || (mode === 'counts' && !valgrind)) continue;
          console.error(`[bench] real-counts: ${pair.id} ${mode} run ${i}`);
          writeFileSync(
            fileOf(pair.id, mode, i),
            JSON.stringify(measure(pair, mode, i, work, path.dirname(toolchain.stdout.trim())), null, 2) + '\n',
          );
        }
      const saved = readdirSync(RESULTS)
        .filter((f) => f.startsWith(`${pair.id}-`) && f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(RESULTS, f), 'utf8')) as Saved)
        .filter((s) => s.repetition <= repetitions);
      if (saved.length === 0)
        parts.push(
          `${pair.repo}: not measured (${!mirrored ? `no mirror at ${MIRROR}; fetch github:${pair.repo}` : !installed ? `${pair.toolchain.join(' ')} failed` : 'valgrind missing'}).`,
          '',
        );
      else parts.push(tableFor(pair, saved));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { markdown: parts.join('\n'), checks: [] };
}
