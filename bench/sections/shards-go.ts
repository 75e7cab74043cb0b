/**
 * A real Go suite in 4 shards against one job (issue 25, docs/shards.md): the fourteen-benchmark
 * module of bench/real/go-shards.ts, whose head does 2× the work in BenchmarkCompress and
 * BenchmarkSearch, through the real CLI: `benchgate run` as one job and as `--shard I/4` (the
 * shards one after another, so each one's time is its own), the shard logs joined by
 * `benchgate merge` and decided by `benchgate analyze`. Measured twice: per-benchmark
 * instruction counts (the headline checks: counts decide the same way on a noisy machine) and
 * timings (reported, not checked: at this machine's noise a timing verdict is not a fixed fact).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { quote } from 'shell-quote';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComparisonResult, Run } from '../../src/model.js';
import { normaliseName } from '../../src/harness/index.js';
import { readLog } from '../../src/runner/log.js';
import { SHARD_SUITE_MODULE, SHARD_SUITE_NAMES, shardSuite } from '../real/go-shards.js';
import { envWithGo, goInstalled } from '../real/suites.js';
import { markdownTable, medianOf } from '../tables.js';
import type { Check, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'src', 'main.ts');
const SHARDS = 4;
const PLANTED = ['Compress', 'Search'];

interface Mode {
  name: string;
  flags: string[];
}
const MODES: Mode[] = [
  {
    name: 'counts',
    flags: ['--bench', "go test -run '^$' -bench . .", '--format', 'go', '--measure', 'instructions', '--jobs', '2'],
  },
  {
    name: 'timing',
    flags: [
      '--build',
      'go test -c -o shards.test .',
      '--bench',
      "./shards.test -test.run '^$' -test.bench {filter} -test.benchtime 20000x",
      '--format',
      'go',
      '--rounds',
      '10',
      '--threshold',
      '25',
      '--seed',
      '3',
    ],
  },
];

/** `example.com/shards.BenchmarkSizes/n=10-2` -> `Sizes/n=10`: the name without package, prefix and GOMAXPROCS suffix. */
const short = (benchmark: string) => normaliseName('go', benchmark).replace(`${SHARD_SUITE_MODULE}.Benchmark`, '');

function twoCommitRepo(dir: string): string {
  mkdirSync(dir);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@benchgate.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  for (const [i, slower] of [[], PLANTED].entries()) {
    for (const [name, content] of Object.entries(shardSuite(slower))) writeFileSync(path.join(dir, name), content);
    git('add', '-A');
    git('commit', '-q', '--no-gpg-sign', '-m', i === 0 ? 'base' : `head: ${PLANTED.join(', ')} do 2× the work`);
  }
  return dir;
}

/** The CLI with `args`; its wall time (worktrees, builds, rounds, analysis). Exit 0 or 1 (a planted regression) are results. */
function cli(args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`benchgate ${args[0]} exited with ${r.status}:\n${r.stderr.slice(-2000)}`);
  return (performance.now() - started) / 1000;
}

/** The median time of a log's rounds (a count log's repetitions): first run's start to last run's end. */
function medianRoundSeconds(runs: readonly Run[]): number | null {
  const spans = new Map<number, { start: number; end: number }>();
  for (const r of runs) {
    const start = Date.parse(r.startedAt);
    const s = spans.get(r.round) ?? { start, end: start + r.wallMs };
    spans.set(r.round, { start: Math.min(s.start, start), end: Math.max(s.end, start + r.wallMs) });
  }
  return spans.size === 0 ? null : medianOf([...spans.values()].map((s) => (s.end - s.start) / 1000));
}

const FLAGGED = new Set(['regression', 'improvement']);

/** "Compress, Search regression; 12 unchanged": the planted rows by name, the rest counted. */
function summary(result: ComparisonResult): string {
  const rows = result.comparisons.filter((c) => c.benchmark !== '(process)');
  const named = rows.filter((c) => FLAGGED.has(c.verdict) || PLANTED.includes(short(c.benchmark)));
  const parts = named.map(
    (c) => `${short(c.benchmark)} ${c.verdict}${c.changePct === null ? '' : ` (${c.changePct > 0 ? '+' : ''}${c.changePct.toFixed(1)}%)`}`,
  );
  const others = new Map<string, number>();
  for (const c of rows) if (!named.includes(c)) others.set(c.verdict, (others.get(c.verdict) ?? 0) + 1);
  return [...parts, ...[...others].map(([v, n]) => `${n} ${v}`)].join('; ');
}

const seconds = (s: number | null) => (s === null ? '' : `${s.toFixed(s >= 10 ? 1 : 2)} s`);
const verdictsOf = (r: ComparisonResult) =>
  Object.fromEntries(r.comparisons.filter((c) => c.benchmark !== '(process)').map((c) => [short(c.benchmark), c.verdict]));

interface ModeOutcome {
  rows: string[][];
  single: ComparisonResult;
  joined: ComparisonResult;
  /** The shards balanced by a plan written from the one job's log. */
  planned: ComparisonResult;
}

function runMode(mode: Mode, repo: string, work: string, env: NodeJS.ProcessEnv): ModeOutcome {
  const run = (out: string, extra: string[]) =>
    cli(['run', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', ...mode.flags, ...extra, '--out', out], env);
  const singleOut = path.join(work, `${mode.name}-single`);
  const singleSeconds = run(singleOut, []);
  const singleLog = readLog(path.join(singleOut, 'results.jsonl'));
  const single = JSON.parse(readFileSync(path.join(singleOut, 'results.json'), 'utf8')) as ComparisonResult;
  const rows = [
    ['one job', String(SHARD_SUITE_NAMES.length), seconds(medianRoundSeconds(singleLog.runs)), seconds(singleSeconds), summary(single)],
  ];
  /** The 4 shards one after another, joined; their rows and the joined result. */
  const shardRun = (label: string, extra: string[]) => {
    const logs: string[] = [];
    const shardSeconds: number[] = [];
    for (let i = 1; i <= SHARDS; i++) {
      const out = path.join(work, `${mode.name}-${label}-${i}`);
      shardSeconds.push(run(out, ['--shard', `${i}/${SHARDS}`, ...extra]));
      logs.push(path.join(out, 'results.jsonl'));
      const log = readLog(logs.at(-1)!);
      // The benchmarks it measured (count runs name theirs; timing runs hold theirs).
      const measured = new Set(
        log.runs.flatMap((r) => (r.benchmark !== undefined ? [short(r.benchmark)] : r.measurements.map((m) => short(m.benchmark)))),
      );
      const planted = PLANTED.filter((n) => measured.has(n));
      rows.push([
        `shard ${i}/${SHARDS}${label === 'plan' ? ', plan' : ''}`,
        `${measured.size}${planted.length > 0 ? ` (${planted.join(', ')})` : ''}`,
        seconds(medianRoundSeconds(log.runs)),
        seconds(shardSeconds.at(-1)!),
        '',
      ]);
    }
    const joinedLog = path.join(work, `${mode.name}-${label}-joined.jsonl`);
    cli(['merge', ...logs, '--out', joinedLog], env);
    const joinedOut = path.join(work, `${mode.name}-${label}-joined`);
    cli(['analyze', joinedLog, '--out', joinedOut], env);
    const result = JSON.parse(readFileSync(path.join(joinedOut, 'results.json'), 'utf8')) as ComparisonResult;
    rows.push([
      `4 shards joined${label === 'plan' ? ', plan' : ''}`,
      String(SHARD_SUITE_NAMES.length),
      '',
      `slowest shard ${seconds(Math.max(...shardSeconds))}`,
      summary(result),
    ]);
    return result;
  };
  const joined = shardRun('hash', []);
  // Balanced by the one job's measured times (docs/shards.md, "Balancing by time").
  const plan = path.join(work, `${mode.name}-plan.json`);
  cli(
    ['analyze', path.join(singleOut, 'results.jsonl'), '--out', path.join(work, `${mode.name}-plan-analysis`), '--write-shard-plan', plan],
    env,
  );
  const planned = shardRun('plan', ['--shard-plan', plan]);
  return { rows, single, joined, planned };
}

export async function shardsGo(): Promise<SectionOutput> {
  const heading = '### Shards: a real Go suite, one job vs 4 shards';
  const env = envWithGo();
  if (!goInstalled(env) || spawnSync('valgrind', ['--version']).status !== 0) {
    if (process.env.BENCHGATE_REQUIRE_TOOLCHAINS) throw new Error('go and valgrind are needed (BENCHGATE_REQUIRE_TOOLCHAINS is set)');
    return { markdown: `${heading}\n\ngo or valgrind is not installed here: skipped.\n`, checks: [] };
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-shards-go-'));
  try {
    const repo = twoCommitRepo(path.join(work, 'repo'));
    const load = os.loadavg()[0]!;
    const outcomes = MODES.map((mode) => ({ mode, ...runMode(mode, repo, work, env) }));
    const checks: Check[] = [];
    const expected = Object.fromEntries(SHARD_SUITE_NAMES.map(short).map((n) => [n, PLANTED.includes(n) ? 'regression' : 'unchanged']));
    const counts = outcomes.find((o) => o.mode.name === 'counts')!;
    for (const [job, result] of [
      ['one job', counts.single],
      ['4 shards joined', counts.joined],
      ['4 shards by a plan, joined', counts.planned],
    ] as const) {
      const got = verdictsOf(result);
      checks.push({
        claim: `shards-go, counts, ${job}: both 2× rows are regressions and the other ${SHARD_SUITE_NAMES.length - PLANTED.length} unchanged`,
        holds: JSON.stringify(got, Object.keys(expected).sort()) === JSON.stringify(expected, Object.keys(expected).sort()),
        detail: summary(result),
      });
    }
    const names = SHARD_SUITE_NAMES.map(short);
    const verdictTable = markdownTable(
      ['benchmark', 'counts, one job', 'counts, 4 shards', 'counts, 4 by plan', 'timing, one job', 'timing, 4 shards', 'timing, 4 by plan'],
      names.map((n) => [
        `${n}${PLANTED.includes(n) ? ' (2×)' : ''}`,
        ...outcomes.flatMap((o) => [verdictsOf(o.single)[n] ?? '', verdictsOf(o.joined)[n] ?? '', verdictsOf(o.planned)[n] ?? '']),
      ]),
    );
    const markdown = [
      heading,
      '',
      `${SHARD_SUITE_NAMES.length} Go benchmarks (bench/real/go-shards.ts), ${PLANTED.join(' and ')} doing 2× the work on head; ` +
        `one job, then shards 1/${SHARDS} to ${SHARDS}/${SHARDS} one after another on the same machine (load average ${load.toFixed(1)} at the start), ` +
        'joined with `benchgate merge` and decided with `benchgate analyze`. Total: the whole `benchgate run` (worktrees, both builds, ' +
        'discovery or warm-up, calibration, rounds, analysis). A round: the median span of one round (counts: one repetition) in the log.',
      '',
      ...outcomes.flatMap((o) => [
        `**${o.mode.name}** (\`benchgate run ${quote(o.mode.flags)}\`, then \`--shard I/4\`, then \`--shard I/4 --shard-plan\` a plan written from the one job's log)`,
        '',
        markdownTable(['job', 'benchmarks', 'median round', 'total (builds included)', 'verdicts'], o.rows),
        '',
      ]),
      '**Verdicts**',
      '',
      verdictTable,
      '',
    ].join('\n');
    return { markdown, checks };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
