/**
 * The fork-safe split's trusted half: dist/index.js with `report-from` on a workflow_run event
 * publishes an artifact an untrusted pull_request job wrote, after checking it against the
 * trusted event. Also `benchgate report --from` from the CLI bundle.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderJson } from '../../src/report/json.js';
import { ROOT, tempDir } from '../e2e/helpers.js';
import { FakeGitHub } from './fake-github.js';
import { eventFile, runAction, workflowCommands } from './runner.js';
import { compared, result } from '../builders.js';

const HEAD = 'b'.repeat(40);

function artifact(pullRequest: string, headSha = HEAD): string {
  const dir = path.join(tempDir('benchgate-artifact-'), 'benchgate-results');
  mkdirSync(dir);
  const r = result([compared('@everyone', 'regression', 40), compared('steady', 'unchanged', 0.1)]);
  r.head.sha = headSha;
  writeFileSync(path.join(dir, 'results.json'), renderJson(r));
  writeFileSync(path.join(dir, 'pull-request-number'), pullRequest);
  return dir;
}

describe('publishing saved results from a workflow_run job', () => {
  const fake = new FakeGitHub();
  const workspace = tempDir('benchgate-reporter-');
  let env: Record<string, string>;

  beforeAll(async () => {
    const api = await fake.start();
    env = {
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: eventFile('workflow_run.json', { HEAD_SHA: HEAD }),
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_API_URL: api,
    };
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.comments.clear();
    fake.checkRuns.length = 0;
    fake.pullRequestHead = HEAD;
  });

  const report = (dir: string) => runAction(workspace, { 'report-from': dir, token: 'ghs_reporter', comment: 'on', check: 'on' }, env);

  it('comments on the pull request the artifact names and fails the check, as the gate did', async () => {
    const step = await report(artifact('42\n'));
    expect(step.code).toBe(1);
    expect(fake.invalid).toEqual([]);
    expect(fake.calls('pulls/get')[0]!.params.pull_number).toBe('42');
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD, conclusion: 'failure', name: 'benchgate (suite)' });
    expect(step.outputs.verdict).toBe('fail');
    expect(step.summary).toMatch(/^### ❌/);
  });

  it('does not comment when the pull request has moved past the measured commit', async () => {
    fake.pullRequestHead = 'c'.repeat(40);
    const step = await report(artifact('42'));
    expect(fake.comments.size).toBe(0);
    expect(workflowCommands(step.stdout, ['warning']).map((w) => w.message)).toContainEqual(expect.stringMatching(/not at the measured commit/));
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

  it('refuses a pull request number file that is not a number', async () => {
    const step = await report(artifact('42; curl evil'));
    expect(step.code).toBe(2);
    expect(step.stdout).toMatch(/expected a pull request number/);
    expect(fake.requests).toEqual([]);
  });

  it('publishes the summary and keeps the gate when the API cannot be reached', async () => {
    const step = await runAction(workspace, { 'report-from': artifact('42'), token: 'ghs_reporter' }, { ...env, GITHUB_API_URL: 'http://127.0.0.1:9' });
    expect(step.code).toBe(1);
    expect(step.summary).toMatch(/^### ❌/);
    const warnings = workflowCommands(step.stdout, ['warning']).map((w) => w.message);
    expect(warnings).toContainEqual(expect.stringMatching(/could not comment on the pull request: the API did not answer/));
    expect(warnings).toContainEqual(expect.stringMatching(/could not create a check run: the API did not answer/));
  });

  it('works the same through `benchgate report --from` with GITHUB_TOKEN', async () => {
    const dir = artifact('42');
    // Asynchronous: the fake API answers from this process.
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'report', '--from', dir], {
      cwd: workspace,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, GITHUB_ACTIONS: 'true', GITHUB_TOKEN: 'ghs_cli', NO_PROXY: '127.0.0.1', ...env },
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(fake.requests.every((r) => r.authorization === 'token ghs_cli')).toBe(true);
  });
});
