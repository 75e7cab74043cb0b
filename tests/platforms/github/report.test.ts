/**
 * The fork-safe split's trusted half: dist/index.js with `report-from` on a workflow_run event
 * publishes an artifact an untrusted pull_request job wrote, after checking it against the
 * trusted event. Also `benchgate report --from` from the CLI bundle.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult, RefInfo, Run, RunSettings } from '../../../src/model.js';
import { renderJson } from '../../../src/report/json.js';
import { ROOT, tempDir } from '../../e2e/helpers.js';
import { FakeGitHub } from './fake-github.js';
import { eventFile, runAction, workflowCommands } from './runner.js';
import { compared, measurement, result, run } from '../../builders.js';
import { TEST_SETTINGS, testHeader } from '../../helpers/log-header.js';

const HEAD = 'b'.repeat(40);

const MERGE = 'c'.repeat(40);

/** Ten rounds: `@everyone` 40% slower on head, `steady` 0.1% (within the threshold); every value distinct. */
function loggedRuns(): Run[] {
  const runs: Run[] = [];
  for (let round = 1; round <= 10; round++) {
    for (const side of ['base', 'head'] as const) {
      const at = (base: number, head: number) => [(side === 'base' ? base : head) + round * 0.001];
      runs.push(
        run({
          side,
          round,
          measurements: [
            measurement({ benchmark: '@everyone', unit: 'ms', values: at(10, 14) }),
            measurement({ benchmark: 'steady', unit: 'ms', values: at(10, 10.01) }),
          ],
        }),
      );
    }
  }
  return runs;
}

/**
 * The measuring job's output directory: its results log (what the publish job decides again),
 * a results.json with whatever it `claims`, and the pull request number file.
 */
function artifact(
  pullRequest: string | null,
  headSha = HEAD,
  chosen?: RefInfo['chosen'],
  claims: Partial<ComparisonResult> = {},
  logged: Partial<RunSettings> = {},
): string {
  const dir = path.join(tempDir('benchgate-artifact-'), 'benchgate-results');
  mkdirSync(dir);
  const r = { ...result([compared('@everyone', 'regression', 40), compared('steady', 'unchanged', 0.1)]), ...claims };
  r.head = { ...r.head, sha: headSha, ...(chosen ? { chosen } : {}) };
  writeFileSync(path.join(dir, 'results.json'), renderJson(r));
  const header = testHeader({ base: r.base, head: r.head, config: { ...TEST_SETTINGS, suite: 'suite', ...logged } });
  const lines = [
    header,
    ...loggedRuns().map((x) => ({ type: 'run', run: x })),
    { type: 'end', endedAt: '2026-01-01T00:01:00Z', status: 'completed' },
  ];
  writeFileSync(path.join(dir, 'results.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  if (pullRequest !== null) writeFileSync(path.join(dir, 'pull-request-number'), pullRequest);
  return dir;
}

/**
 * Two shards' output directories in one (what download-artifact makes of benchgate-shard-1 and -2):
 * `@everyone` is shard 1/2's by the hash, `steady` shard 2/2's.
 */
function shardArtifacts(headSha: string, chosen: RefInfo['chosen']): string {
  const dir = path.join(tempDir('benchgate-artifact-'), 'benchgate-results');
  const r = result([]);
  for (const [index, name] of [
    [1, '@everyone'],
    [2, 'steady'],
  ] as const) {
    const shardDir = path.join(dir, `benchgate-shard-${index}`);
    mkdirSync(shardDir, { recursive: true });
    const header = testHeader({
      base: r.base,
      head: { ...r.head, sha: headSha, chosen },
      config: { ...TEST_SETTINGS, suite: 'suite' },
      shard: { index, total: 2, benchmarks: [name], listed: 2 },
    });
    const runs = loggedRuns().map((x) => ({ ...x, measurements: x.measurements.filter((m) => m.benchmark === name) }));
    const lines = [
      header,
      ...runs.map((x) => ({ type: 'run', run: x })),
      { type: 'end', endedAt: '2026-01-01T00:01:00Z', status: 'completed' },
    ];
    writeFileSync(path.join(shardDir, 'results.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
  return dir;
}

/** A fake GitHub API for one describe block, reset before each test, and the step's environment for an event. */
function fakeGitHub(event: () => Record<string, string>) {
  const fake = new FakeGitHub();
  const github = { fake, workspace: tempDir('benchgate-reporter-'), env: {} as Record<string, string> };
  beforeAll(async () => {
    github.env = { ...event(), GITHUB_REPOSITORY: 'acme/widgets', GITHUB_API_URL: await fake.start() };
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.comments.clear();
    fake.checkRuns.length = 0;
    fake.pullRequestHead = HEAD;
    fake.login = null;
  });
  return github;
}

const workflowRun = () => ({ GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: eventFile('workflow_run.json', { HEAD_SHA: HEAD }) });

describe('publishing saved results from a workflow_run job', () => {
  const github = fakeGitHub(workflowRun);
  const { fake, workspace } = github;

  const report = (dir: string) =>
    runAction(workspace, { 'report-from': dir, token: 'ghs_reporter', comment: 'on', check: 'on' }, github.env);

  it('comments on the pull request the artifact names and fails the check, as the gate did', async () => {
    const dir = artifact('42\n');
    writeFileSync(path.join(dir, 'comment.md'), '### ✅ benchgate passed (a comment the artifact wrote)\n');
    const step = await report(dir);
    expect(step.code).toBe(1);
    expect(fake.invalid).toEqual([]);
    expect(fake.calls('pulls/get')[0]!.params.pull_number).toBe('42');
    expect(fake.comments.get(42)).toHaveLength(1);
    // The comment is rendered here from the data, written over the artifact's, and posted as written.
    const posted = fake.comments.get(42)![0]!.body;
    expect(posted).toBe(`<!-- benchgate:comment suite -->\n${readFileSync(path.join(dir, 'comment.md'), 'utf8')}`);
    expect(posted).toMatch(/^.*\n### ❌ benchgate failed: 1 regression/);
    expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD, conclusion: 'failure', name: 'benchgate (suite)' });
    expect(step.outputs.verdict).toBe('fail');
    expect(step.summary).toMatch(/^### ❌/);
  });

  it('decides the gate again from the counts: an artifact that claims a passed gate or an override does not pass', async () => {
    const step = await report(artifact('42\n', HEAD, undefined, { gateFailed: false, override: { label: 'forged', by: 'fork' } }));
    expect(step.code).toBe(1);
    expect(fake.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
  });

  it("decides the gate with the publish job's trusted settings, never the log's: fail-on none and a 1000% threshold in the artifact still fail", async () => {
    const step = await report(artifact('42\n', HEAD, undefined, {}, { failOn: 'none', thresholdPct: 1000, alpha: 1e-9 }));
    expect(step.code).toBe(1);
    expect(fake.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
    // The trusted side decides: its own threshold of 50% passes the 40% change.
    const lenient = await runAction(workspace, { 'report-from': artifact('42\n'), token: 'ghs_reporter', threshold: '50' }, github.env);
    expect(lenient.code).toBe(0);
  });

  it('refuses an artifact without its results log: results.json alone is not decided again', async () => {
    const dir = artifact('42');
    rmSync(path.join(dir, 'results.jsonl'));
    const step = await report(dir);
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(/no results.jsonl: the publish job decides the gate again from the results log/);
  });

  it("lets the gate pass with this repository's override label on the pull request, read from the API", async () => {
    fake.labels.set(42, [{ name: 'benchmarks-override', by: 'maintainer' }]);
    const step = await runAction(
      workspace,
      { 'report-from': artifact('42\n'), token: 'ghs_reporter', comment: 'on', check: 'on', 'override-label': 'benchmarks-override' },
      github.env,
    );
    fake.labels.clear();
    expect(step.code).toBe(0);
    expect(step.summary).toMatch(/passed by the label “benchmarks\\-override”, applied by @⁠maintainer/);
  });

  it('does not comment when the pull request has moved past the measured commit', async () => {
    fake.pullRequestHead = 'c'.repeat(40);
    const step = await report(artifact('42'));
    expect(fake.comments.size).toBe(0);
    expect(workflowCommands(step.stdout, ['warning']).map((w) => w.message)).toContainEqual(
      expect.stringMatching(/not at the measured commit/),
    );
    expect(fake.checkRuns).toHaveLength(1);
  });

  it('refuses results for another commit than the workflow run measured, before any API call', async () => {
    const step = await report(artifact('42', 'd'.repeat(40)));
    expect(step.code).toBe(2);
    // A later `if: always()` step reads why the step failed.
    expect(step.outputs['exit-code']).toBe('2');
    expect(step.stdout).toMatch(/^::error::benchgate: .*the results are for d{40}, but the workflow run measured b{40}/m);
    expect(fake.requests).toEqual([]);
  });

  it("accepts a pull request's merge commit results whose recorded PR head is the commit the workflow run names", async () => {
    const step = await report(artifact('42', MERGE, { why: 'the merge commit of PR #42 vs its first parent', pullRequestHead: HEAD }));
    expect(step.code).toBe(1);
    expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD });
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(step.summary).toMatch(/^Compared: the merge commit of PR/m);
  });

  it('refuses merge commit results whose recorded PR head is another commit', async () => {
    const step = await report(artifact('42', MERGE, { why: 'x', pullRequestHead: 'd'.repeat(40) }));
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(/the results are for d{40}, but the workflow run measured b{40}/);
    expect(fake.requests).toEqual([]);
  });

  it('refuses a pull request number file that is not a number', async () => {
    const step = await report(artifact('42; curl evil'));
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(/expected a pull request number/);
    expect(fake.requests).toEqual([]);
  });

  it('publishes the summary and keeps the gate when the API cannot be reached', async () => {
    const unreachable = await runAction(
      workspace,
      { 'report-from': artifact('42'), token: 'ghs_reporter' },
      { ...github.env, GITHUB_API_URL: 'http://127.0.0.1:9' },
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.summary).toMatch(/^### ❌/);
    const warnings = workflowCommands(unreachable.stdout, ['warning']).map((w) => w.message);
    expect(warnings).toContainEqual(expect.stringMatching(/could not comment on the pull request: the API did not answer/));
    expect(warnings).toContainEqual(expect.stringMatching(/could not create a check run: the API did not answer/));
  });

  it('works the same through `benchgate report --from` with GITHUB_TOKEN', async () => {
    const dir = artifact('42');
    // Asynchronous: the fake API answers from this process.
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'report', '--from', dir], {
      cwd: workspace,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, GITHUB_ACTIONS: 'true', GITHUB_TOKEN: 'ghs_cli', NO_PROXY: '127.0.0.1', ...github.env },
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(fake.requests.every((r) => r.authorization === 'token ghs_cli')).toBe(true);
  });
});

describe("report-from outside workflow_run: only this run's own results", () => {
  // A pull_request run: GITHUB_SHA is the merge commit, the payload's head the PR's head.
  const run = fakeGitHub(() => ({
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile('pull_request.json', { BASE_SHA: 'a'.repeat(40), HEAD_SHA: HEAD }),
    GITHUB_SHA: MERGE,
    GITHUB_REF: 'refs/pull/42/merge',
  }));
  const { fake, workspace } = run;

  const report = (dir: string, extra: Record<string, string> = {}) =>
    runAction(workspace, { 'report-from': dir, token: 'ghs_same_run', comment: 'on', check: 'on' }, { ...run.env, ...extra });

  it("publishes an artifact of this same run: the head is the commit it ran for, the pull request the event's", async () => {
    const step = await report(artifact(null, MERGE, { why: 'the merge commit of PR #42 vs its first parent', pullRequestHead: HEAD }));
    expect(step.code).toBe(1);
    expect(fake.invalid).toEqual([]);
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD, conclusion: 'failure' });
  });

  it("a fork's shards: publish joins them and leaves the joined result with the pull request number, which the relay publishes", async () => {
    const dir = shardArtifacts(MERGE, { why: 'the merge commit of PR #42 vs its first parent', pullRequestHead: HEAD });
    const step = await report(dir);
    expect(step.code).toBe(1);
    expect(readFileSync(path.join(dir, 'pull-request-number'), 'utf8')).toBe('42\n');
    const joined = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as ComparisonResult;
    expect(joined.shards?.map((x) => x.index)).toEqual([1, 2]);
    expect(joined.comparisons.map((c) => [c.benchmark, c.verdict])).toEqual([
      ['@everyone', 'regression'],
      ['steady', 'unchanged'],
    ]);
    // The relay (workflow_run, write token) publishes that directory as it publishes one job's.
    fake.comments.clear();
    fake.checkRuns.length = 0;
    const relayed = await runAction(
      workspace,
      { 'report-from': dir, token: 'ghs_reporter', comment: 'on', check: 'on' },
      { ...run.env, ...workflowRun() },
    );
    expect(relayed.code).toBe(1);
    expect(fake.invalid).toEqual([]);
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(fake.checkRuns.at(-1)).toMatchObject({ head_sha: HEAD, conclusion: 'failure' });
  });

  it("refuses results for another commit, before any API call: another run's artifact is not trusted here", async () => {
    const step = await report(artifact('42', 'd'.repeat(40)));
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(
      /^::error::benchgate: .*the results are for d{40}, not for this run's commit \(c{40} or b{40}\); report-from publishes another run's results only on workflow_run/m,
    );
    expect(fake.requests).toEqual([]);
  });

  it('refuses an artifact that names another pull request than the event', async () => {
    const step = await report(artifact('7', MERGE));
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(/names pull request #7, but this run is for #42/);
    expect(fake.requests).toEqual([]);
  });

  it('refuses everything when the run has no commit to match (no GITHUB_SHA, no pull request)', async () => {
    const step = await report(artifact(null, MERGE), { GITHUB_EVENT_NAME: 'schedule', GITHUB_EVENT_PATH: '', GITHUB_SHA: '' });
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(/not for this run's commit \(GITHUB_SHA unset\)/);
    expect(fake.requests).toEqual([]);
  });
});

describe('the sticky comment belongs to the token that wrote it', () => {
  const github = fakeGitHub(workflowRun);
  const { fake, workspace } = github;

  const report = () =>
    runAction(workspace, { 'report-from': artifact('42'), token: 'ghs_reporter', comment: 'on', check: 'off' }, github.env);

  it("leaves another user's comment with benchgate's marker alone and posts its own", async () => {
    const planted = '<!-- benchgate:comment suite -->\n### ✅ benchgate: safe to merge';
    fake.plantComment(42, planted, 'mallory');
    const step = await report();
    expect(step.code).toBe(1);
    expect(fake.invalid).toEqual([]);
    expect(fake.calls('issues/update-comment')).toEqual([]);
    const comments = fake.comments.get(42)!;
    expect(comments.map((c) => [c.user.login, c.body.startsWith('<!-- benchgate:comment suite -->')])).toEqual([
      ['mallory', true],
      ['github-actions[bot]', true],
    ]);
    expect(comments[0]!.body).toBe(planted);
    // The next run finds its own comment, not the planted one.
    await report();
    expect(fake.calls('issues/update-comment').map((r) => r.params.comment_id)).toEqual([String(comments[1]!.id)]);
  });

  it("with a personal access token, matches the token's user (GET /user)", async () => {
    fake.login = 'benchmark-bot';
    fake.plantComment(42, '<!-- benchgate:comment suite -->\nold', 'github-actions[bot]');
    await report();
    await report();
    expect(fake.calls('users/get-authenticated')).toHaveLength(2);
    expect(fake.comments.get(42)!.map((c) => c.user.login)).toEqual(['github-actions[bot]', 'benchmark-bot']);
    expect(fake.calls('issues/update-comment')).toHaveLength(1);
  });
});
