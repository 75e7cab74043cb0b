/**
 * Issue 22 item 3: on an event off the trusted lists, the pull request's own `.benchgate.yml`
 * does not govern. Each event below checks out a pull request's head whose file says
 * `fail-on: none` over a 2x regression (the stand-in prints v.txt: 1 ms on base, 2 ms on head,
 * no noise); the base's or the default branch's file governs, so the gate fails (exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { git, makeRepo, runCli, tempDir } from '../helpers.js';
import { FakeGitHub } from '../../platforms/github/fake-github.js';

const BENCH = `node -e "console.log(JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'x', unit: 'ms', values: [Number(require('fs').readFileSync('v.txt', 'utf8'))] }] }))"`;
const BASE_CONFIG = `bench: ${JSON.stringify(BENCH)}\nformat: benchgate\nrounds: 5\nwarmup: 0\nseed: 1\n`;

/** main: the base commit and its file. The checkout: the pull request's head, detached, whose file switches the gate off. */
function pullRequestCheckout() {
  const repo = makeRepo([{ 'v.txt': '1', '.benchgate.yml': BASE_CONFIG }]);
  const base = git(repo, 'rev-parse', 'HEAD').trim();
  git(repo, 'checkout', '-q', '-b', 'pr');
  writeFileSync(path.join(repo, 'v.txt'), '2');
  writeFileSync(path.join(repo, '.benchgate.yml'), `${BASE_CONFIG}fail-on: none\n`);
  git(repo, 'commit', '-q', '-a', '--no-gpg-sign', '-m', 'slower, and the gate off');
  const head = git(repo, 'rev-parse', 'HEAD').trim();
  git(repo, 'checkout', '-q', '--detach', head);
  return { repo, base, head };
}

function githubEnv(name: string, payload: object, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dir = tempDir('benchgate-event-');
  const event = path.join(dir, `${name}.json`);
  writeFileSync(event, JSON.stringify(payload));
  const summary = path.join(dir, 'summary.md');
  writeFileSync(summary, '');
  return {
    GITHUB_ACTIONS: 'true',
    GITLAB_CI: '',
    GITHUB_EVENT_NAME: name,
    GITHUB_EVENT_PATH: event,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_TOKEN: '',
    ...more,
  };
}

const gitlabEnv = (source: string): NodeJS.ProcessEnv => ({
  CI: 'true',
  GITLAB_CI: 'true',
  GITHUB_ACTIONS: '',
  CI_PIPELINE_SOURCE: source,
  CI_DEFAULT_BRANCH: 'main',
});

const api = new FakeGitHub();
let apiUrl = '';
beforeAll(async () => {
  apiUrl = await api.start();
});
afterAll(() => api.stop());

describe("events off the lists: the pull request's fail-on: none does not pass a 2x regression", () => {
  it('pull_request_review, pull_request_review_comment, issue_comment, workflow_dispatch of a merge commit, GitLab parent_pipeline and pipeline', async () => {
    const pr = pullRequestCheckout();
    api.pullRequestBase = pr.base;
    api.pullRequestHead = pr.head;
    const named = { pull_request: { number: 5, base: { sha: pr.base }, head: { sha: pr.head } } };
    const events: Record<string, NodeJS.ProcessEnv> = {
      pull_request_review: githubEnv('pull_request_review', named),
      pull_request_review_comment: githubEnv('pull_request_review_comment', named),
      issue_comment: githubEnv(
        'issue_comment',
        { issue: { number: 5, pull_request: { url: `${apiUrl}/repos/o/r/pulls/5` } } },
        { GITHUB_TOKEN: 'ghs_test', GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'o/r' },
      ),
      workflow_dispatch: githubEnv('workflow_dispatch', { repository: { default_branch: 'main' } }, { GITHUB_SHA: pr.base }),
      parent_pipeline: gitlabEnv('parent_pipeline'),
      pipeline: gitlabEnv('pipeline'),
    };
    const runs = await Promise.all(
      Object.values(events).map((env) =>
        runCli(['run', '--base', pr.base, '--head', 'HEAD', '--out', tempDir('benchgate-out-')], { cwd: pr.repo, env }),
      ),
    );
    const codes = Object.fromEntries(Object.keys(events).map((name, i) => [name, runs[i]!.code]));
    expect(codes).toEqual(Object.fromEntries(Object.keys(events).map((name) => [name, 1])));
    expect(api.calls('pulls/get').map((r) => r.params.pull_number)).toEqual(['5']);
    for (const r of runs) expect(r.stderr + r.stdout).toMatch(/ignored fail-on: "none" from the pull request's own file/);
  });
});
