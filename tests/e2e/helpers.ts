/** Shared helpers for end-to-end tests: throw-away git repositories and the real CLI. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { validateResults } from '../../src/validate.js';

export const ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** The CLI built from src/ once per jest run (tests/helpers/cli-bundle.mjs, jest's global setup). */
export const CLI = cliBundle();

function cliBundle(): string {
  const cli = process.env.BENCHGATE_TEST_CLI;
  if (!cli) throw new Error('BENCHGATE_TEST_CLI is unset: run the tests through jest (npm run jest), whose global setup builds the CLI');
  return cli;
}

export function tempDir(prefix = 'benchgate-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
}

/** A repository whose commits are given as file maps; returns the repo dir. */
export function makeRepo(commits: Record<string, string>[]): string {
  const repo = tempDir('benchgate-repo-');
  git(repo, 'init', '-q', '-b', 'main');
  commits.forEach((files, i) => {
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(repo, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (name.endsWith('.sh')) chmodSync(file, 0o755);
    }
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', `commit ${i + 1}`);
  });
  return repo;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real CLI, built from source; the caller may watch the child's output as it comes. */
export function startCli(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

export function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return startCli(args, opts).done;
}

/** `benchgate run` comparing the repository's last commit with its parent, writing into `out`. */
export function runLastCommit(
  repo: string,
  bench: string,
  out: string,
  flags: string[],
  opts: { env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  return runCli(['run', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--bench', bench, '--out', out, ...flags], opts);
}

/** Worktrees git still knows about besides the main one. */
export function extraWorktrees(repo: string): string[] {
  return git(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .slice(1);
}

/** The results.json a run wrote into `out`, checked against its schema on the way. */
export function readResults(out: string): ComparisonResult {
  const file = path.join(out, 'results.json');
  return validateResults(JSON.parse(readFileSync(file, 'utf8')), file);
}

/** benchmark -> verdict of the benchmarks themselves (not the `(process)` cost rows). */
export function verdictsOf(out: string): Record<string, string> {
  return Object.fromEntries(
    readResults(out)
      .comparisons.filter((c) => c.benchmark !== '(process)')
      .map((c) => [c.benchmark, c.verdict]),
  );
}
