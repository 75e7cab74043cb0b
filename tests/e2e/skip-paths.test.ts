/**
 * skip-paths (src/runner/skip-paths.ts) through the real CLI (the event's variables reach it
 * through process.env) and a real git repository, on a GitHub pull_request event: a pull request that changes only matching files passes at once
 * without building (the build would fail), with its summary, comment.md and a results log the
 * publish job decides again; one file outside the globs is measured and its 2x regression
 * fails; the pull request's own file cannot set skip-paths; a push is always measured.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commands, fakeExecutor } from '../helpers/fake-executor.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { FakeGitHub } from '../platforms/github/fake-github.js';
import { git, makeRepo, readResults, runCli, tempDir } from './helpers.js';

// A shell's printf, not node: these runs are real (the CI event reaches the CLI through process.env).
const BENCH = `printf '{"benchgate":1,"benchmarks":[{"name":"x","unit":"ms","values":[%s]}]}\\n' "$(cat v.txt)"`;
const CONFIG = `bench: ${JSON.stringify(BENCH)}\nformat: benchgate\nrounds: 6\nwarmup: 0\nseed: 1\n`;
/** A build that always fails: a skipped run never builds, so it still passes. */
const FAILING_BUILD = 'build: exit 1\n';
const SKIP = 'skip-paths:\n  - "docs/**"\n  - "*.md"\n';

function repoWith(baseConfig: string, headFiles: Record<string, string>) {
  const repo = makeRepo([{ 'v.txt': '1', '.benchgate.yml': baseConfig, 'README.md': 'x' }, headFiles]);
  const [base, head] = ['HEAD~1', 'HEAD'].map((ref) => git(repo, 'rev-parse', ref).trim());
  return { repo, base: base!, head: head! };
}

function env(repo: string, base: string, head: string, event: 'pull_request' | 'push' | 'issue_comment'): NodeJS.ProcessEnv {
  const dir = tempDir('benchgate-event-');
  const file = path.join(dir, 'event.json');
  const payload =
    event === 'pull_request'
      ? { pull_request: { number: 5, base: { sha: base }, head: { sha: head } } }
      : event === 'push'
        ? { before: base, after: head, ref: 'refs/heads/main', repository: { default_branch: 'main' } }
        : {
            action: 'created',
            issue: { number: 5, pull_request: { url: 'https://api.github.invalid/pulls/5' } },
            comment: { id: 1, body: '/benchmark' },
          };
  writeFileSync(file, JSON.stringify(payload));
  const summary = path.join(dir, 'summary.md');
  writeFileSync(summary, '');
  return {
    GITHUB_ACTIONS: 'true',
    GITLAB_CI: '',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: file,
    GITHUB_SHA: head,
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_TOKEN: '',
  };
}

async function run(repo: string, environment: NodeJS.ProcessEnv, flags: string[] = []) {
  const out = tempDir('benchgate-out-');
  const step = await runCli(['run', '--out', out, ...flags], { cwd: repo, env: environment });
  return { step, out, result: existsSync(path.join(out, 'results.json')) ? readResults(out) : undefined };
}

describe('skip-paths', () => {
  it('a pull request that changes only docs passes at once, builds nothing, and writes the summary, comment and log', async () => {
    const pr = repoWith(CONFIG + FAILING_BUILD + SKIP, { 'docs/guide.md': 'new', 'README.md': 'y' });
    const environment = env(pr.repo, pr.base, pr.head, 'pull_request');
    const { step, out, result } = await run(pr.repo, environment);
    expect(step.code).toBe(0);
    expect(result!.skipped).toEqual({ mergeBase: pr.base, changedFiles: 2, files: ['README.md', 'docs/guide.md'] });
    expect(result!.verdict).toBe('pass');
    expect(result!.comparisons).toEqual([]);
    expect(result!.warnings.map((w) => w.code)).not.toContain('no-benchmarks');
    expect(step.stdout).not.toMatch(/build base/);
    const comment = readFileSync(path.join(out, 'comment.md'), 'utf8');
    expect(comment).toMatch(/^### ✅ benchgate passed, skipped: no benchmarked code changed \\\(2 files changed/);
    expect(comment).toContain('`docs/guide.md`');
    expect(readFileSync(environment.GITHUB_STEP_SUMMARY!, 'utf8')).toContain('skipped: no benchmarked code changed');

    // The publish job decides again from the log: still a pass, still skipped.
    const again = await runInProcess(
      ['analyze', path.join(out, 'results.jsonl'), '--out', tempDir('benchgate-again-')],
      fakeExecutor(commands({})),
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('skipped: no benchmarked code changed');
  }, 60_000);

  it('one changed file outside the globs is measured: the 2x regression fails the gate', async () => {
    const pr = repoWith(CONFIG + SKIP, { 'docs/guide.md': 'new', 'v.txt': '2' });
    const { step, result } = await run(pr.repo, env(pr.repo, pr.base, pr.head, 'pull_request'));
    expect(step.code).toBe(1);
    expect(result!.skipped).toBeUndefined();
    expect(step.stdout).toContain('skip-paths: 2 changed file(s), not all matching, so measured');
  }, 60_000);

  it("the pull request's own file cannot set skip-paths (ignored with a warning): measured, the regression fails", async () => {
    const pr = repoWith(CONFIG, { 'v.txt': '2', '.benchgate.yml': `${CONFIG}skip-paths:\n  - "**"\n` });
    const { step, result } = await run(pr.repo, env(pr.repo, pr.base, pr.head, 'pull_request'));
    expect(step.code).toBe(1);
    expect(result!.skipped).toBeUndefined();
    expect(result!.warnings.some((w) => w.code === 'config-ignored' && w.message.includes('(skip-paths)'))).toBe(true);
  }, 60_000);

  it('a push (a recording run on main) is always measured', async () => {
    const pr = repoWith(CONFIG + SKIP, { 'docs/guide.md': 'new' });
    const { step, result } = await run(pr.repo, env(pr.repo, pr.base, pr.head, 'push'), ['--rounds', '4']);
    expect(step.code).toBe(0);
    expect(result!.skipped).toBeUndefined();
    expect(result!.comparisons.map((c) => c.benchmark)).toContain('x');
    expect(step.stdout).toContain('skip-paths: not a pull or merge request, so measured');
  }, 60_000);

  it('a /benchmark run (issue_comment) is never skipped: someone asked for it', async () => {
    const pr = repoWith(CONFIG + SKIP, { 'docs/guide.md': 'new' });
    const fake = new FakeGitHub();
    fake.pullRequestBase = pr.base;
    fake.pullRequestHead = pr.head;
    const api = await fake.start();
    try {
      const environment = { ...env(pr.repo, pr.base, pr.head, 'issue_comment'), GITHUB_REPOSITORY: 'acme/widgets', GITHUB_API_URL: api };
      const out = tempDir('benchgate-out-');
      const step = await runCli(['run', '--out', out, '--base', pr.base, '--head', pr.head, '--rounds', '4'], {
        cwd: pr.repo,
        env: { ...environment, GITHUB_TOKEN: 'ghs_read' },
      });
      expect(step.code).toBe(0);
      expect(readResults(out).skipped).toBeUndefined();
      expect(step.stdout).toContain('skip-paths: a run someone asked for (/benchmark), so measured');
    } finally {
      await fake.stop();
    }
  }, 60_000);
});
