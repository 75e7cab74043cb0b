/**
 * Whose `.benchgate.yml` governs (src/trust.ts), end to end: on a GitHub pull_request event and
 * in a GitLab merge request pipeline the base commit's file governs and the pull request's own
 * file can only make the gate stricter; locally the checkout's file applies. The stand-in
 * benchmark prints v.txt's number with no noise (base 1 ms, head 2 ms), so every verdict here is
 * certain.
 *
 * The CI events are the real CLI's: their variables reach it through the environment, which
 * commands/run.ts reads from process.env (a test may not set it for the in-process CLI). The
 * local runs are the CLI in process (tests/helpers/in-process-cli.ts) over the scripted stand-in.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { commands, fakeExecutor, type FakeCall } from '../helpers/fake-executor.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { extraWorktrees, git, makeRepo, readResults, runCli, tempDir } from './helpers.js';

// A shell's printf, not node: the CI event tests run it for real, 12 times each.
const BENCH = `printf '{"benchgate":1,"benchmarks":[{"name":"x","unit":"ms","values":[%s]}]}\\n' "$(cat v.txt)"`;
/** What a pull request would rather have measured: the same number on both sides. */
const FAKE_BENCH = `printf '{"benchgate":1,"benchmarks":[{"name":"x","unit":"ms","values":[1]}]}\\n'`;

const BASE_CONFIG = `bench: ${JSON.stringify(BENCH)}\nformat: benchgate\nrounds: 6\nwarmup: 0\nseed: 1\n`;

/** The pull request's own file: every line tries to choose the commits or weaken the gate. */
const HOSTILE_CONFIG = `${BASE_CONFIG.replace(JSON.stringify(BENCH), JSON.stringify(FAKE_BENCH)).replace('rounds: 6', 'rounds: 2')}base: HEAD
fail-on: none
alpha: 0.0001
threshold: 50
working-directory: ../..
`;

/** Base commit: config and v.txt = 1. Head commit: v.txt = 2 (a 2x regression) and `headFiles`. */
function pullRequestRepo(baseConfig: string, headFiles: Record<string, string>) {
  const repo = makeRepo([
    { 'v.txt': '1', '.benchgate.yml': baseConfig },
    { 'v.txt': '2', ...headFiles },
  ]);
  const [base, head] = ['HEAD~1', 'HEAD'].map((ref) => git(repo, 'rev-parse', ref).trim());
  return { repo, base: base!, head: head! };
}

function githubPullRequestEnv(repo: string, base: string, head: string): NodeJS.ProcessEnv {
  const dir = tempDir('benchgate-event-');
  const event = path.join(dir, 'pull_request.json');
  writeFileSync(event, JSON.stringify({ pull_request: { number: 5, base: { sha: base }, head: { sha: head } } }));
  const summary = path.join(dir, 'summary.md');
  writeFileSync(summary, '');
  return {
    GITHUB_ACTIONS: 'true',
    GITLAB_CI: '',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_TOKEN: '',
  };
}

function gitlabMergeRequestEnv(base: string, head: string): NodeJS.ProcessEnv {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    GITHUB_ACTIONS: '',
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_MERGE_REQUEST_IID: '7',
    CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
    CI_COMMIT_SHA: head,
  };
}

async function run(repo: string, env: NodeJS.ProcessEnv, flags: string[] = []) {
  const out = tempDir('benchgate-out-');
  const step = await runCli(['run', '--out', out, ...flags], { cwd: repo, env });
  return { step, out, result: existsSync(path.join(out, 'results.json')) ? readResults(out) : undefined };
}

/** BENCH as a script: v.txt's number, read in the working directory. */
const printV = (call: FakeCall) => ({
  stdout: `${JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'x', unit: 'ms', values: [Number(readFileSync(path.join(call.cwd, 'v.txt'), 'utf8'))] }] })}\n`,
});

/** `run` in process, locally (the terminal's platform, no CI event), over the scripted commands. */
async function runLocally(repo: string, flags: string[], scripts: Parameters<typeof commands>[0] = { [BENCH]: printV }) {
  const out = tempDir('benchgate-out-');
  const fake = fakeExecutor(commands(scripts));
  const step = await runInProcess(['run', '--repo', repo, '--out', out, ...flags], fake);
  return { step, fake, result: existsSync(path.join(out, 'results.json')) ? readResults(out) : undefined };
}

const ignored = (result: ComparisonResult) => result.warnings.filter((w) => w.code === 'config-ignored').map((w) => w.message);
const verdictOfX = (result: ComparisonResult) => result.comparisons.find((c) => c.benchmark === 'x')!.verdict;

describe('a pull request cannot switch the gate off with its own .benchgate.yml', () => {
  it('GitHub pull_request: each hostile value is ignored with a warning naming file, line and key; the gate fails on the regression', async () => {
    const pr = pullRequestRepo(BASE_CONFIG, { '.benchgate.yml': HOSTILE_CONFIG, '.github/workflows/bench.yml': 'on: pull_request\n' });
    const env = githubPullRequestEnv(pr.repo, pr.base, pr.head);
    const { step, result } = await run(pr.repo, env);
    expect(step.code).toBe(1);
    expect(result!.base.sha).toBe(pr.base);
    expect(result!.head.sha).toBe(pr.head);
    expect(verdictOfX(result!)).toBe('regression');
    expect(result!.settings).toMatchObject({ failOn: ['regression'], alpha: 0.05, thresholdPct: 2, rounds: 6, bench: BENCH });
    const messages = ignored(result!);
    const lines = HOSTILE_CONFIG.split('\n');
    for (const key of ['bench', 'base', 'fail-on', 'alpha', 'threshold', 'working-directory', 'rounds']) {
      const line = lines.findIndex((l) => l.startsWith(`${key}:`)) + 1;
      expect(messages.filter((m) => m.startsWith(`.benchgate.yml:${line} (${key}): `))).toHaveLength(1);
    }
    // format, warmup and seed equal the base's: nothing to say about them.
    expect(messages).toHaveLength(7);
    const changed = result!.warnings.find((w) => w.code === 'ci-files-changed')!.message;
    expect(changed).toContain('.github/workflows/bench.yml');
    expect(changed).toContain('.benchgate.yml');
    // In the job summary, and as workflow warnings in the log.
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8');
    expect(summary).toContain('\\(fail\\-on\\): ignored fail\\-on: &quot;none&quot; from the pull request');
    expect(summary).toContain('workflows/bench\\.yml');
    expect(step.stdout).toMatch(
      /::warning::\.benchgate\.yml:\d+ \(threshold\): ignored threshold: 50 from the pull request's own file on a pull_request event: it may only make threshold lower \(stricter\) than 2/,
    );
    expect(extraWorktrees(pr.repo)).toEqual([]);
  }, 120_000);

  it('a stricter value from the pull request is honoured (lower threshold, higher alpha, more rounds), without a warning', async () => {
    const pr = pullRequestRepo(BASE_CONFIG, {
      '.benchgate.yml': `${BASE_CONFIG.replace('rounds: 6', 'rounds: 7')}threshold: 1\nalpha: 0.2\n`,
    });
    const { step, result } = await run(pr.repo, githubPullRequestEnv(pr.repo, pr.base, pr.head));
    expect(step.code).toBe(1);
    expect(result!.settings).toMatchObject({ thresholdPct: 1, alpha: 0.2, rounds: 7 });
    expect(ignored(result!)).toEqual([]);
  }, 120_000);

  it("the base commit's file governs: its threshold passes the change although the pull request's file drops it", async () => {
    const pr = pullRequestRepo(`${BASE_CONFIG}threshold: 150\n`, { '.benchgate.yml': BASE_CONFIG });
    const { step, result } = await run(pr.repo, githubPullRequestEnv(pr.repo, pr.base, pr.head));
    expect(step.code).toBe(0);
    expect(result!.settings.thresholdPct).toBe(150);
    expect(verdictOfX(result!)).toBe('unchanged');
  }, 120_000);

  it('a pull request adding the first config file cannot choose the benchmark command: exit 2 with what to do', async () => {
    const repo = makeRepo([{ 'v.txt': '1' }, { 'v.txt': '2', '.benchgate.yml': BASE_CONFIG }]);
    const [base, head] = ['HEAD~1', 'HEAD'].map((ref) => git(repo, 'rev-parse', ref).trim());
    const { step } = await run(repo, githubPullRequestEnv(repo, base!, head!));
    expect(step.code).toBe(2);
    expect(step.stderr).toContain('.benchgate.yml:1 (bench): on a pull_request event the benchmark command comes from the base commit');
    expect(step.stderr).toContain('pass bench as an input or flag in the workflow');
  }, 60_000);

  it('GitLab merge request pipeline: the target branch commit governs the same way', async () => {
    const pr = pullRequestRepo(BASE_CONFIG, { '.benchgate.yml': HOSTILE_CONFIG, '.gitlab-ci.yml': 'bench: {}\n' });
    const { step, result } = await run(pr.repo, gitlabMergeRequestEnv(pr.base, pr.head));
    expect(step.code).toBe(1);
    expect(result!.base.sha).toBe(pr.base);
    expect(verdictOfX(result!)).toBe('regression');
    expect(result!.settings).toMatchObject({ failOn: ['regression'], alpha: 0.05, thresholdPct: 2 });
    expect(ignored(result!)).toHaveLength(7);
    expect(step.stderr).toContain("from the pull request's own file on a merge request pipeline");
    expect(result!.warnings.find((w) => w.code === 'ci-files-changed')!.message).toContain('.gitlab-ci.yml');
  }, 120_000);

  it("locally (no CI event) the checkout's file applies as written", async () => {
    const pr = pullRequestRepo(BASE_CONFIG, { '.benchgate.yml': `${BASE_CONFIG}fail-on: none\n` });
    const { step, result } = await runLocally(pr.repo, ['--base', pr.base]);
    expect(step.code).toBe(0);
    expect(verdictOfX(result!)).toBe('regression');
    expect(result!.settings.failOn).toEqual([]);
    expect(result!.warnings.filter((w) => w.code === 'config-ignored' || w.code === 'ci-files-changed')).toEqual([]);
  });
});

describe('working-directory stays inside the worktree, and must exist before anything is built', () => {
  const repo = makeRepo([{ 'v.txt': '1' }, { 'v.txt': '2', 'bench/v.txt': '2' }]);
  const flags = ['--base', 'HEAD~1', '--bench', BENCH, '--format', 'benchgate', '--rounds', '4', '--warmup', '0'];

  it.each(['../..', '/etc', 'bench/../../x'])('rejects %s with exit 2, naming the flag', async (dir) => {
    const { step, fake } = await runLocally(repo, [...flags, '--working-directory', dir]);
    expect(step.code).toBe(2);
    expect(step.stderr).toContain(`--working-directory: "${dir}" is outside the repository`);
    expect(fake.calls).toEqual([]);
  });

  it('a directory the base commit lacks: exit 2 before the build runs, no worktree left', async () => {
    const { step, fake } = await runLocally(repo, [...flags, '--working-directory', 'bench', '--build', 'make'], {
      [BENCH]: printV,
      make: {},
    });
    expect(step.code).toBe(2);
    expect(step.stderr).toContain('working-directory "bench" is not a directory in the base commit');
    // Nothing was built, nor run.
    expect(fake.calls).toEqual([]);
    expect(extraWorktrees(repo)).toEqual([]);
  });
});
