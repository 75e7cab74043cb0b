/**
 * The real suites that the bench compares with themselves (base == head) through the real CLI,
 * `benchgate run`: the demo repository (node) and the compiled Go suite of bench/real/go.
 * Shared by the real-noise and real-adaptive sections.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoRepo } from '../../src/commands/demo.js';
import type { ComparisonResult } from '../../src/model.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'src', 'main.ts');
const GO_SUITE = path.join(ROOT, 'bench', 'real', 'go');
const GO_DIRS = ['/usr/local/go/bin'];

export interface RealSuite {
  name: string;
  /** Creates the repository in `dir`. */
  create(dir: string): void;
  /** `benchgate run` flags besides repo, refs, rounds, seed and out. */
  flags: string[];
}

export const DEMO: RealSuite = {
  name: 'demo (examples/demo, node)',
  create: (dir) => void createDemoRepo(dir),
  flags: ['--bench', 'node bench.mjs', '--format', 'benchgate', '--suite', 'demo'],
};

export const GO: RealSuite = {
  name: 'Go testing.B (bench/real/go)',
  create(dir) {
    cpSync(GO_SUITE, dir, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@benchgate.invalid', ...args], { cwd: dir, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '--no-gpg-sign', '-m', 'go suite');
  },
  // {filter}: with --rounds auto the rounds after a look run only the open benchmarks; fixed
  // rounds set BENCHGATE_FILTER to "." (every benchmark).
  flags: [
    '--build',
    'go test -c -o aa.test .',
    '--bench',
    "./aa.test -test.run '^$' -test.bench {filter} -test.benchtime 20ms",
    '--format',
    'go',
    '--suite',
    'go',
  ],
};

export function envWithGo(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: [process.env.PATH, ...GO_DIRS].join(path.delimiter) };
}

export function goInstalled(env: NodeJS.ProcessEnv): boolean {
  return spawnSync('go', ['version'], { env }).status === 0;
}

/**
 * One A/A comparison through the CLI (`extra` adds flags such as `--rounds auto`); returns its
 * results.json and the wall time of the whole command (worktrees, builds, rounds, analysis).
 */
export function runAA(
  repo: string,
  suite: RealSuite,
  seed: number,
  env: NodeJS.ProcessEnv,
  extra: string[] = [],
): { result: ComparisonResult; seconds: number } {
  const out = path.join(repo, '..', `out-${seed}-${extra.join('-').replace(/[^a-z0-9-]/gi, '')}`);
  const args = ['--import', 'tsx', CLI, 'run', '--repo', repo, '--base', 'HEAD', '--head', 'HEAD', ...suite.flags, ...extra];
  const started = performance.now();
  const r = spawnSync(process.execPath, [...args, '--seed', String(seed), '--out', out], { cwd: ROOT, env, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  // 0 = pass, 1 = the gate failed (a false alarm): both are results to count.
  if (r.status !== 0 && r.status !== 1) throw new Error(`benchgate run (${suite.name}) exited with ${r.status}:\n${r.stderr.slice(-2000)}`);
  return { result: JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult, seconds };
}
