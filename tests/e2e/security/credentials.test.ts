/**
 * Issue 22 items 1a, 1b and 1d end to end: the pull request's benchmark looks for the job's
 * credentials everywhere it could as a process of the job — its own environment, the checkout's
 * git configuration (`git config`, `.git/config`), and benchgate's /proc/<pid>/environ — and
 * finds none. Then again as an unprivileged user (run-as), which the test creates, since CI runs
 * as root.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git, makeRepo, runCli, tempDir } from '../helpers.js';
import { itWhen } from '../../helpers/toolchains.js';

const linux = process.platform === 'linux';
const root = process.getuid?.() === 0;

/** Everything the benchmark can find, appended to $SEEN (one section per look). */
const SPY = `#!/bin/sh
exec 2>/dev/null
{
  echo "== env"; env
  echo "== git config"; git config --show-origin --list
  echo "== .git/config"; cat .git/config
  echo "== benchgate environ"
  p=$$
  while [ "$p" -gt 1 ]; do
    if tr '\\0' ' ' < /proc/$p/cmdline | grep -q 'benchgate-tests-'; then tr '\\0' '\\n' < /proc/$p/environ; break; fi
    p=$(awk '{print $4}' /proc/$p/stat)
  done
  echo "== end"
} >> "$SEEN"
printf '{"benchgate": 1, "benchmarks": [{"name": "x", "unit": "ms", "values": [1]}]}\\n'
`;

/** Every credential the job holds; each value carries SECRET so one search finds any of them. */
const JOB_ENV = {
  GITHUB_TOKEN: 'ghs_SECRET_token',
  'INPUT_GITHUB-TOKEN': 'ghs_SECRET_input',
  ACTIONS_RUNTIME_TOKEN: 'SECRET_runtime',
  CI_JOB_TOKEN: 'SECRET_job',
  BENCHGATE_GITLAB_TOKEN: 'glpat-SECRET',
  GH_PAT: 'ghp_SECRET_pat',
  DATABASE_URL: 'postgres://u:pw_SECRET@db.example/x',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.example/SECRET',
  NPM_CONFIG__AUTH: 'SECRET_npm',
  HTTPS_PROXY: 'http://u:SECRET_proxy@proxy.example:3128',
  GITHUB_ENV: '/runner/SECRET_env',
  GITHUB_STEP_SUMMARY: '/runner/SECRET_summary',
};

/** A repository as CI leaves it: a token in the remote URL and in an extra header, and one in the global config. */
function ciRepository(): { repo: string; globalConfig: string } {
  const repo = makeRepo([{ 'spy.sh': SPY }, { 'v.txt': '2' }]);
  git(repo, 'remote', 'add', 'origin', 'https://x-access-token:ghs_SECRET_origin@github.invalid/o/r.git');
  git(repo, 'config', 'http.https://github.invalid/.extraheader', 'AUTHORIZATION: basic SECRET_header');
  const globalConfig = path.join(tempDir(), 'gitconfig');
  writeFileSync(globalConfig, '[url "https://x:SECRET_global@github.invalid/"]\n\tinsteadOf = https://github.invalid/\n');
  return { repo, globalConfig };
}

async function spyRun(flags: string[]): Promise<{ code: number | null; stderr: string; seen: string }> {
  const { repo, globalConfig } = ciRepository();
  const shared = tempDir();
  chmodSync(shared, 0o777);
  const seen = path.join(shared, 'seen');
  writeFileSync(seen, '');
  chmodSync(seen, 0o666);
  const r = await runCli(
    [
      'run',
      '--repo',
      repo,
      '--base',
      'HEAD~1',
      '--bench',
      'sh spy.sh',
      '--format',
      'benchgate',
      '--rounds',
      '1',
      '--warmup',
      '0',
      // One round looks for credentials; it decides nothing.
      '--fail-on',
      'none',
      ...flags,
    ],
    { env: { ...JOB_ENV, GIT_CONFIG_GLOBAL: globalConfig, SEEN: seen, BENCHGATE_PASS_ENV: 'SEEN' } },
  );
  return { code: r.code, stderr: r.stderr, seen: readFileSync(seen, 'utf8') };
}

/** The lines of one section of every look. */
function section(seen: string, name: string): string[] {
  return [...seen.matchAll(new RegExp(`^== ${name}\\n([\\s\\S]*?)^(?=== )`, 'gm'))].map((m) => m[1]!);
}

describe("the benchmark's search for credentials", () => {
  (linux ? it : it.skip)("finds none in its environment, the checkout, or benchgate's environ", async () => {
    const r = await spyRun(['--verbose', '--out', path.join(tempDir(), 'out')]);
    expect(r.code).toBe(0);
    expect(section(r.seen, 'env')).toHaveLength(2);
    // The looks worked: the environ of benchgate was read, the checkout's config too.
    for (const environ of section(r.seen, 'benchgate environ')) expect(environ).toContain('GITHUB_TOKEN=****');
    for (const config of section(r.seen, 'git config')) expect(config).toContain('remote.origin.url=https://github.invalid/o/r.git');
    expect(r.seen).not.toContain('SECRET');
    expect(r.stderr).toMatch(/withheld from build and bench commands.*DATABASE_URL.*GH_PAT.*GITHUB_ENV/);
  });

  const asUser = linux && root;
  const user = `bgtest${process.pid}`;
  afterAll(() => {
    if (asUser) execFileSync('userdel', ['--remove', user], { stdio: 'ignore' });
  });
  itWhen(() => asUser)("finds none as the unprivileged user of run-as, and cannot read benchgate's environ at all", async () => {
    execFileSync('useradd', ['--create-home', user]);
    const out = path.join(tempDir(), 'out');
    const r = await spyRun(['--out', out, '--run-as', user]);
    expect(r.stderr).toContain(`build and bench run as ${user}`);
    expect(r.code).toBe(0);
    expect(section(r.seen, 'env')).toHaveLength(2);
    for (const env of section(r.seen, 'env')) expect(env).toMatch(new RegExp(`^USER=${user}$`, 'm'));
    for (const environ of section(r.seen, 'benchgate environ')) expect(environ).toBe('');
    expect(r.seen).not.toContain('SECRET');
  });
});
