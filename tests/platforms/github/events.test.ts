/**
 * dist/index.js on each event a gate runs on, in checkouts made the way actions/checkout makes
 * them, with a stand-in harness that prints seeded timings scaled by the commit's SCALE (so the
 * verdicts are the same on any machine). Each scenario also runs the naive comparison of the
 * same two event fields, to show what it would blame the pull request for.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../../../src/model.js';
import { git, ROOT, tempDir } from '../../e2e/helpers.js';
import { FakeGitHub } from './fake-github.js';
import { eventFile, runAction, type StepResult } from './runner.js';

const BENCH = readFileSync(path.join(ROOT, 'tests/fixtures/github/seeded-bench/bench.mjs'), 'utf8');
const INPUTS = {
  bench: 'node bench.mjs',
  format: 'benchgate',
  rounds: '6',
  warmup: '0',
  seed: '5',
  threshold: '10',
  suite: 'widgets',
  token: 'ghs_events',
  comment: 'on',
  check: 'on',
};

/** Writes files and commits them on the current branch; returns the new commit. */
function commit(repo: string, files: Record<string, string>, message: string): string {
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(repo, name), content);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '--no-gpg-sign', '-m', message);
  return git(repo, 'rev-parse', 'HEAD').trim();
}

const scale = (n: number) => ({ 'scale.mjs': `export const SCALE = ${n};\n` });

function origin(): string {
  const repo = tempDir('benchgate-origin-');
  git(repo, 'init', '-q', '-b', 'main');
  return repo;
}

/** Merges `branch` into the current commit with a merge commit, as GitHub builds refs/pull/N/merge and queue entries. */
function merge(repo: string, branch: string): string {
  git(repo, 'merge', '-q', '--no-ff', '--no-gpg-sign', '-m', `Merge ${branch}`, branch);
  return git(repo, 'rev-parse', 'HEAD').trim();
}

/** actions/checkout of one commit: an empty repository, origin, that commit alone at depth 1. */
function checkout(originDir: string, sha: string): string {
  const dir = path.join(tempDir('benchgate-workspace-'), 'widgets');
  git(path.dirname(dir), 'init', '-q', dir);
  git(dir, 'remote', 'add', 'origin', `file://${originDir}`);
  git(dir, 'fetch', '-q', '--no-tags', '--depth=1', 'origin', sha);
  git(dir, 'checkout', '-q', '--detach', sha);
  return dir;
}

const resultsOf = (step: StepResult) => JSON.parse(readFileSync(step.outputs['results-path']!, 'utf8')) as ComparisonResult;
const verdictOf = (step: StepResult) => resultsOf(step).comparisons.find((c) => c.benchmark === 'loop' && c.metric === 'time')!.verdict;
/**
 * The gate passes: only the seeded `loop` gates. The harness process's own cost (the real CPU
 * time and RSS of `node bench.mjs` on a shared machine, which a burst of load can make a
 * regression) is shown but gates only in command mode or with gate-process (analysis/gating.ts),
 * so it can never fail this gate, whatever the machine does.
 */
const passesOnTheSeededLoop = (step: StepResult) => {
  const gating = resultsOf(step).comparisons.filter((c) => c.gating);
  expect(gating.map((c) => `${c.benchmark} [${c.metric}]`)).toEqual(['loop [time]']);
  expect(step.code).toBe(0);
};

const fake = new FakeGitHub();
let api: string;
beforeAll(async () => {
  api = await fake.start();
});
afterAll(() => fake.stop());

describe('pull_request on a branch behind its base (main got faster after the branch point; the PR changes docs)', () => {
  const repo = origin();
  commit(repo, { 'bench.mjs': BENCH, ...scale(2), 'README.md': 'widgets\n' }, 'slow loop');
  git(repo, 'checkout', '-q', '-b', 'docs');
  const head = commit(repo, { 'README.md': 'widgets\n\nMore docs.\n' }, 'docs only');
  git(repo, 'checkout', '-q', 'main');
  const base = commit(repo, scale(1), 'faster loop');
  git(repo, 'checkout', '-q', '-b', 'pr-merge');
  const mergeCommit = merge(repo, 'docs');
  git(repo, 'update-ref', 'refs/pull/42/merge', mergeCommit);
  git(repo, 'checkout', '-q', 'main');
  const workspace = checkout(repo, mergeCommit);
  const event = eventFile('pull_request.json', { BASE_SHA: base, HEAD_SHA: head });
  let env: Record<string, string>;
  let step: StepResult;

  beforeAll(async () => {
    env = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: mergeCommit,
      GITHUB_REF: 'refs/pull/42/merge',
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_API_URL: api,
    };
    step = await runAction(workspace, INPUTS, env);
  });

  it('compares the merge commit with its first parent and finds no regression', () => {
    expect(step.stderr).toBe('');
    passesOnTheSeededLoop(step);
    const results = resultsOf(step);
    expect(results.base).toEqual({ ref: 'refs/pull/42/merge^1', sha: base });
    expect(results.head).toEqual({
      ref: 'refs/pull/42/merge',
      sha: mergeCommit,
      chosen: {
        why: expect.stringMatching(/^the merge commit of PR #42 \(refs\/pull\/42\/merge\) vs its first parent, the tip of main/),
        pullRequestHead: head,
      },
    });
    expect(verdictOf(step)).not.toBe('regression');
    expect(step.stdout).toContain(`the first parent of ${mergeCommit} is not in this clone; fetching it from origin`);
    expect(step.stdout).toContain('compared: the merge commit of PR #42 (refs/pull/42/merge) vs its first parent');
    expect(step.summary).toMatch(/^Compared: the merge commit of PR .*42 .*refs\/pull\/42\/merge.* vs its first parent/m);
  });

  it("attaches the check run to the pull request's own head, where the PR shows it", () => {
    expect(fake.invalid).toEqual([]);
    expect(fake.checkRuns.at(-1)).toMatchObject({ head_sha: head });
    expect(fake.comments.get(42)).toHaveLength(1);
  });

  it("would blame the PR for main's speed-up if it compared the event's base.sha with head.sha", async () => {
    const naive = await runAction(workspace, { ...INPUTS, base, head, comment: 'off', check: 'off' }, env);
    expect(naive.code).toBe(1);
    expect(verdictOf(naive)).toBe('regression');
  });
});

describe('merge_group: the queue entry vs its first parent, not against main with the entries ahead of it', () => {
  const repo = origin();
  const main = commit(repo, { 'bench.mjs': BENCH, ...scale(1), 'README.md': 'widgets\n' }, 'fast loop');
  git(repo, 'checkout', '-q', '-b', 'slower');
  commit(repo, scale(2), 'PR 41: slower loop');
  git(repo, 'checkout', '-q', '-b', 'docs', main);
  commit(repo, { 'README.md': 'widgets\n\nMore docs.\n' }, 'PR 43: docs only');
  git(repo, 'checkout', '-q', '-b', 'queue', main);
  const ahead = merge(repo, 'slower');
  const entry = merge(repo, 'docs');
  git(repo, 'checkout', '-q', 'main');
  const workspace = checkout(repo, entry);
  let step: StepResult;
  let env: Record<string, string>;

  beforeAll(async () => {
    const event = eventFile('merge_group.json', { BASE_SHA: main, HEAD_SHA: entry });
    const ref = `refs/heads/gh-readonly-queue/main/pr-43-${main}`;
    env = {
      GITHUB_EVENT_NAME: 'merge_group',
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: entry,
      GITHUB_REF: ref,
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_API_URL: api,
    };
    step = await runAction(workspace, INPUTS, env);
  });

  it("passes the docs entry: the slowdown is the entry ahead of it, not this one's", () => {
    expect(step.stderr).toBe('');
    passesOnTheSeededLoop(step);
    const results = resultsOf(step);
    expect(results.base.sha).toBe(ahead);
    expect(results.head.sha).toBe(entry);
    expect(results.head.chosen?.why).toMatch(/^the merge queue entry vs its first parent/);
    expect(verdictOf(step)).not.toBe('regression');
    expect(fake.checkRuns.at(-1)).toMatchObject({ head_sha: entry });
  });

  it('would fail it against the base_sha main the event names', async () => {
    const naive = await runAction(workspace, { ...INPUTS, base: main, head: entry, comment: 'off', check: 'off' }, env);
    expect(naive.code).toBe(1);
    expect(verdictOf(naive)).toBe('regression');
  });
});

describe('push: the before and after commits of the push', () => {
  it('finds the regression the push made, fetching before into the depth-1 checkout of after', async () => {
    const repo = origin();
    const before = commit(repo, { 'bench.mjs': BENCH, ...scale(1) }, 'fast loop');
    const after = commit(repo, scale(2), 'slower loop');
    const workspace = checkout(repo, after);
    const event = eventFile('push.json', { BASE_SHA: before, HEAD_SHA: after });
    const step = await runAction(
      workspace,
      { ...INPUTS, comment: 'off', check: 'off' },
      { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event, GITHUB_SHA: after, GITHUB_REF: 'refs/heads/main' },
    );
    expect(step.code).toBe(1);
    const results = resultsOf(step);
    expect(results.base).toEqual({ ref: before, sha: before });
    expect(results.head).toEqual({ ref: after, sha: after, chosen: { why: "the push's before and after commits" } });
    expect(verdictOf(step)).toBe('regression');
    expect(step.stdout).toContain(`${before} is not in this clone; fetching it from origin`);
  });
});

describe('no merge commit: a branch that conflicts with main, run by hand (workflow_dispatch)', () => {
  // GitHub runs no pull_request workflow for a conflicting pull request, so the deep-run
  // template (workflow_dispatch with base and head) is how it gets measured.
  const repo = origin();
  const branchPoint = commit(repo, { 'bench.mjs': BENCH, ...scale(2), 'README.md': 'widgets\n' }, 'slow loop');
  git(repo, 'checkout', '-q', '-b', 'feature');
  const head = commit(repo, { 'README.md': 'widgets, documented by the branch\n' }, 'docs that conflict with main');
  git(repo, 'checkout', '-q', 'main');
  commit(repo, { ...scale(1), 'README.md': 'widgets, documented on main\n' }, 'faster loop, other docs');
  const workspace = path.join(tempDir('benchgate-workspace-'), 'widgets');
  git(path.dirname(workspace), 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${repo}`, workspace);
  const event = eventFile('workflow_dispatch.json', { BASE: 'main', HEAD: 'feature' });
  const env = { GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_EVENT_PATH: event, GITHUB_SHA: head, GITHUB_REF: 'refs/heads/feature' };

  it('has no merge commit to compare: the branch conflicts with main', () => {
    const merged = spawnSync('git', ['merge-tree', '--write-tree', 'main', 'feature'], { cwd: repo, encoding: 'utf8' });
    expect(merged.status).toBe(1);
    expect(merged.stdout).toContain('CONFLICT (content): Merge conflict in README.md');
  });

  it('compares the head with its merge base with main, deepening the shallow clone to find it', async () => {
    const step = await runAction(workspace, { ...INPUTS, comment: 'off', check: 'off' }, env);
    expect(step.stderr).toBe('');
    passesOnTheSeededLoop(step);
    const results = resultsOf(step);
    expect(results.base).toEqual({ ref: 'main...feature', sha: branchPoint });
    expect(results.head).toEqual({
      ref: 'feature',
      sha: head,
      chosen: { why: 'feature vs its merge base with main: what it changed since it branched off' },
    });
    expect(verdictOf(step)).not.toBe('regression');
    expect(step.stdout).toMatch(
      /the merge base of [0-9a-f]{40} and [0-9a-f]{40} is not in this clone; fetching 64 commits of their history from origin/,
    );
  });

  it("would blame the branch for main's speed-up against main's tip", async () => {
    const naive = await runAction(workspace, { ...INPUTS, base: 'main', head: 'feature', comment: 'off', check: 'off' }, env);
    expect(naive.code).toBe(1);
    expect(verdictOf(naive)).toBe('regression');
  });
});
