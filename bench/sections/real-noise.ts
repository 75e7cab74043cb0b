/**
 * Real noise: the demo suite and a compiled Go suite, each compared with itself (base == head)
 * by the real CLI, `benchgate run`, repeatedly on this machine. Every flag is a false alarm;
 * the CV is benchgate's own robust CV of each side's samples.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoRepo } from '../../src/commands/demo.js';
import type { Comparison, ComparisonResult, Verdict } from '../../src/model.js';
import { markdownTable, medianRange, pct } from '../tables.js';
import type { SectionOptions, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'src', 'main.ts');
const GO_SUITE = path.join(ROOT, 'bench', 'real', 'go');
const GO_DIRS = ['/usr/local/go/bin'];

interface RealSuite {
  name: string;
  /** Creates the repository in `dir`. */
  create(dir: string): void;
  /** `benchgate run` flags besides repo, refs, seed and out. */
  flags: string[];
}

const DEMO: RealSuite = {
  name: 'demo (examples/demo, node)',
  create: (dir) => void createDemoRepo(dir),
  flags: ['--bench', 'node bench.mjs', '--format', 'benchgate', '--suite', 'demo'],
};

const GO: RealSuite = {
  name: 'Go testing.B (bench/real/go)',
  create(dir) {
    cpSync(GO_SUITE, dir, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@benchgate.invalid', ...args], { cwd: dir, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '--no-gpg-sign', '-m', 'go suite');
  },
  flags: [
    '--build',
    'go test -c -o aa.test .',
    '--bench',
    "./aa.test -test.run '^$' -test.bench . -test.benchtime 20ms",
    '--format',
    'go',
    '--suite',
    'go',
  ],
};

const FLAGS: Verdict[] = ['regression', 'improvement'];

function envWithGo(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: [process.env.PATH, ...GO_DIRS].join(path.delimiter) };
}

function goInstalled(env: NodeJS.ProcessEnv): boolean {
  return spawnSync('go', ['version'], { env }).status === 0;
}

/** One A/A comparison through the CLI; returns its results.json. */
function runOnce(repo: string, suite: RealSuite, seed: number, env: NodeJS.ProcessEnv): ComparisonResult {
  const out = path.join(repo, '..', `out-${seed}`);
  const args = [
    '--import',
    'tsx',
    CLI,
    'run',
    '--repo',
    repo,
    '--base',
    'HEAD',
    '--head',
    'HEAD',
    ...suite.flags,
    '--seed',
    String(seed),
    '--out',
    out,
  ];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
  // 0 = pass, 1 = the gate failed (a false alarm): both are results to count.
  if (r.status !== 0 && r.status !== 1) throw new Error(`benchgate run (${suite.name}) exited with ${r.status}:\n${r.stderr.slice(-2000)}`);
  return JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult;
}

function measureSuite(suite: RealSuite, repetitions: number, env: NodeJS.ProcessEnv): string {
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-aa-'));
  try {
    const repo = path.join(work, 'repo');
    suite.create(repo);
    const results: ComparisonResult[] = [];
    const seconds: number[] = [];
    for (let seed = 1; seed <= repetitions; seed++) {
      const started = performance.now();
      results.push(runOnce(repo, suite, seed, env));
      seconds.push((performance.now() - started) / 1000);
    }
    // Every comparison benchgate made: the benchmarks' times and the "(process)" cost metrics.
    const keyOf = (c: Comparison) => (c.metric === 'time' ? c.benchmark : `${c.benchmark} ${c.metric}`);
    const keys = [...new Set(results.flatMap((r) => r.comparisons.map(keyOf)))].sort();
    const rows = keys.map((key) => {
      const comparisons = results.flatMap((r) => r.comparisons.filter((c) => keyOf(c) === key));
      const count = (verdicts: Verdict[]) => comparisons.filter((c) => verdicts.includes(c.verdict)).length;
      const cvs = comparisons.flatMap((c) => [c.base?.cv, c.head?.cv]).filter((v): v is number => v !== undefined);
      return [
        key,
        `${count(FLAGS)} of ${comparisons.length}`,
        count(['unchanged']),
        count(['inconclusive']),
        cvs.length > 0 ? medianRange(cvs, (v) => `${(100 * v).toFixed(1)}%`) : '',
      ];
    });
    const flagged = results.filter((r) => r.comparisons.some((c) => FLAGS.includes(c.verdict))).length;
    return [
      `#### ${suite.name}: ${repetitions} A/A comparisons of ${results[0]?.rounds.completed ?? 0} rounds`,
      '',
      `Pull requests with at least one flag: ${flagged} of ${repetitions} (${pct(flagged / repetitions)}). Wall time per comparison: ${medianRange(seconds, (v) => `${v.toFixed(1)} s`)}.`,
      '',
      markdownTable(['benchmark (metric when not time)', 'flagged', 'unchanged', 'inconclusive', 'CV per side, median (range)'], rows),
    ].join('\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function realNoise(opts: SectionOptions): Promise<SectionOutput> {
  const repetitions = opts.quick ? 3 : 20;
  const env = envWithGo();
  const suites = [DEMO];
  const notes: string[] = [];
  if (goInstalled(env)) suites.push(GO);
  else if (process.env.BENCHGATE_REQUIRE_TOOLCHAINS) throw new Error('go is not installed (BENCHGATE_REQUIRE_TOOLCHAINS is set)');
  else notes.push('Go is not installed here: the Go suite was skipped.');
  const tables = suites.map((s) => measureSuite(s, repetitions, env));
  const markdown = [
    '### 4. Real noise (A/A on this machine)',
    '',
    'Each comparison is `benchgate run --base HEAD --head HEAD` with the defaults (10 rounds, 1 warmup, threshold 2%, α 0.05, Holm) and seed = repetition number. "flagged" = a regression or improvement verdict.',
    ...notes,
    '',
    ...tables.flatMap((t) => [t, '']),
  ].join('\n');
  return { markdown, checks: [] };
}
