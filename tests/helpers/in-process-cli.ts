/**
 * The CLI run in process: `main()` with a fake executor (tests/helpers/fake-executor.ts), the
 * terminal platform writing into captured streams, and commander's output captured too. Git runs
 * for real in a throw-away repository (tests/e2e/helpers.ts makeRepo); no user command starts a
 * process. What the spawned CLI prints on stdout and stderr lands in `stdout` and `stderr` alike.
 *
 * `redact()` turns what a run prints into text a snapshot can hold: the volatile parts (temporary
 * paths, commit hashes, durations and ETAs, timestamps) replaced by fixed marks.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli.js';
import { localPlatform } from '../../src/platforms/local.js';
import type { Executor } from '../../src/runner/executor.js';
import { capture } from './capture.js';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `benchgate ARGS` in process with `executor` starting the user's commands. `env` is all the
 * CLI reads the CI event and settings from (default: none), so a test behaves the same when jest
 * itself runs in a CI job whose variables would say it is a pull request.
 */
export async function runInProcess(args: string[], executor: Executor, env: NodeJS.ProcessEnv = {}): Promise<InProcessResult> {
  const out = capture();
  const err = capture();
  // No colour and no TTY status line, whatever the test's terminal.
  const platform = localPlatform(out.stream, err.stream, env);
  let cliOut = '';
  let cliErr = '';
  const code = await main(args, {
    platform,
    executor,
    env,
    output: { out: (t) => (cliOut += t), err: (t) => (cliErr += t) },
  });
  return { code, stdout: cliOut + out.text(), stderr: cliErr + err.text() };
}

/** `benchgate run` in process, comparing the repository's last commit with its parent, writing into `out`. */
export function runLastCommitInProcess(
  repo: string,
  bench: string,
  out: string,
  flags: string[],
  executor: Executor,
): Promise<InProcessResult> {
  return runInProcess(['run', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--bench', bench, '--out', out, ...flags], executor);
}

/** The files a run wrote into `dir`, by name, with their text (directories are walked). */
export function filesIn(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) for (const [inner, text] of Object.entries(filesIn(file))) files[`${name}/${inner}`] = text;
    else files[name] = readFileSync(file, 'utf8');
  }
  return files;
}

const REDACTIONS: [RegExp, string][] = [
  // What the machine itself was doing (environment-stability.ts reads it for real): dropped whole,
  // since whether such a line appears at all depends on the load when the test runs.
  [/^.*(?:the hypervisor took CPU time|the machine was busy|CPU frequency governor is|turbo boost is on).*\n/gm, ''],
  // Temporary directories (the repository, the worktrees, --out), as given and as resolved.
  [new RegExp(`(?:/private)?${escape(os.tmpdir())}/[\\w.-]+`, 'g'), '<tmp>'],
  [/\b[0-9a-f]{40}\b/g, '<sha>'],
  // How many of the test's own variables were withheld from the commands.
  [/\b\d+ variables? withheld\b/g, '<n> variables withheld'],
  [/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\b/g, '<time>'],
  // Durations and ETAs the rounds print: "1.2 s", "2m 05s".
  [/\b\d+m \d\ds\b/g, '<duration>'],
  [/\b\d+(?:\.\d+)? s\b/g, '<duration>'],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The commits of `repo`, whose hashes (and their short forms) a run prints. */
function commitsOf(repo: string): string[] {
  return execFileSync('git', ['rev-list', '--all'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/**
 * `text` with its volatile fields replaced by marks, for a snapshot: <tmp> (temporary paths),
 * <sha> (a commit of `repo`, whole or short, or any 40-digit hash), <time>, <duration>, and the
 * count of withheld variables (the test environment's); the machine's own warnings (load, steal,
 * governor, turbo) are dropped.
 */
export function redact(text: string, repo?: string): string {
  // A commit's first 7 digits and whatever more of it follows: the whole hash or a short one.
  const commits = repo === undefined ? [] : commitsOf(repo).map((sha) => sha.slice(0, 7));
  const short: [RegExp, string][] = commits.length === 0 ? [] : [[new RegExp(`\\b(?:${commits.join('|')})[0-9a-f]*\\b`, 'g'), '<sha>']];
  return [...short, ...REDACTIONS].reduce((t, [pattern, mark]) => t.replace(pattern, mark), text);
}
