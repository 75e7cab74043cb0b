/**
 * A deep run of a merge request from a pipeline started by hand on its protected target branch
 * (docs/gitlab.md, "A manual pipeline for a merge request"): the measure job, with no token,
 * compares refs/merge-requests/IID/head with its merge base with the pipeline's commit; the
 * publish job reads the merge request through the API and posts the MR's deep-run note only when
 * what was measured is the merge request's current head against that merge base. The head's
 * benchmark is 50% slower by construction, so the verdict cannot flip.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempDir, type CliResult } from '../../e2e/helpers.js';
import { startFakeGitLab, type FakeGitLab } from './fake-gitlab.js';
import { MR_IID, PROJECT_ID, TOKEN, makeManualPipelineClone, manualPipelineEnv, type ManualPipelineClone } from './fixture.js';

const MARKER = '<!-- benchgate-note:benchgate-deep-publish -->';
const ROUNDS = ['--rounds', '6'];
const MEASURE_ARGS = ['run', '--bench', 'node bench.mjs', '--format', 'benchgate', ...ROUNDS, '--warmup', '0', '--seed', '3'];

describe('a merge request measured in a pipeline started by hand, published into its deep-run note', () => {
  let clone: ManualPipelineClone;
  let gitlab: FakeGitLab;
  let artifact: string;
  let measure: CliResult;
  let requestsAfterMeasure: number;

  /** The publish job: an empty directory with the target branch's config, the note token, and --merge-request. */
  const publish = (extra: NodeJS.ProcessEnv = {}, iid = MR_IID, dir = artifact) => {
    const env = manualPipelineEnv(clone, gitlab.apiUrl, {
      CI_JOB_NAME: 'benchgate-deep-manual-publish',
      BENCHGATE_NOTE: 'benchgate-deep-publish',
      ...extra,
    });
    const copy = path.join(tempDir(), 'benchgate-out');
    cpSync(dir, copy, { recursive: true });
    return runCli(['report', '--from', copy, '--merge-request', iid, ...ROUNDS], { cwd: tempDir(), env });
  };
  const openMergeRequest = () => ({ sha: clone.headSha, target_branch: 'main', state: 'opened' });
  const myNotes = () => gitlab.notes.filter((n) => n.body.startsWith(MARKER));

  beforeAll(async () => {
    clone = makeManualPipelineClone();
    gitlab = await startFakeGitLab({ projectId: PROJECT_ID, mergeRequestIid: MR_IID, token: TOKEN, otherNotes: 0 });
    artifact = path.join(tempDir(), 'benchgate-out');
    measure = await runCli([...MEASURE_ARGS, '--out', artifact], {
      cwd: clone.dir,
      env: manualPipelineEnv(clone, gitlab.apiUrl, { BENCHGATE_GITLAB_TOKEN: '' }),
    });
    requestsAfterMeasure = gitlab.requests.length;
  }, 60_000);

  afterAll(() => gitlab.close());

  it('measures the merge request’s head against its merge base with the pipeline’s commit, with no token, no request to GitLab, and not its .benchgate.yml', () => {
    expect(measure.code).toBe(1);
    expect(requestsAfterMeasure).toBe(0);
    const header = JSON.parse(readFileSync(path.join(artifact, 'results.jsonl'), 'utf8').split('\n')[0]!) as {
      base: { sha: string };
      head: { sha: string; ref: string };
    };
    expect([header.base.sha, header.head.sha]).toEqual([clone.baseSha, clone.headSha]);
    expect(header.head.ref).toBe(`refs/merge-requests/${MR_IID}/head`);
    expect(measure.stderr).toContain(`the head of MR !${MR_IID} vs its merge base with main`);
  });

  it('posts the deep-run note once the API says the merge request’s head is the one measured, with the gate decided again', async () => {
    gitlab.mergeRequest = openMergeRequest();
    gitlab.mergeBase = clone.baseSha;
    const published = await publish();
    expect([published.code, published.stderr]).toEqual([1, expect.stringContaining(`merge request !${MR_IID}`)]);
    expect(myNotes()).toHaveLength(1);
    expect(myNotes()[0]!.body).toMatch(/### ❌ benchgate failed: 1 regression/);
    expect(gitlab.mergeBaseAsked.at(-1)).toEqual([clone.targetSha, clone.headSha]);
    expect(gitlab.requests.every((r) => r.token === TOKEN)).toBe(true);
    // Again: the same note is updated, not a second one.
    expect((await publish()).code).toBe(1);
    expect(myNotes()).toHaveLength(1);
  });

  it('refuses (exit 2, no note) when the merge request moved after it was measured', async () => {
    gitlab.mergeRequest = { ...openMergeRequest(), sha: clone.targetSha };
    gitlab.mergeBase = clone.baseSha;
    const before = gitlab.notes.map((n) => n.body);
    const published = await publish();
    expect([published.code, published.stderr]).toEqual([2, expect.stringContaining(`head is now ${clone.targetSha}`)]);
    expect(gitlab.notes.map((n) => n.body)).toEqual(before);
  });

  it('refuses an artifact whose log claims another base than the merge base GitLab computes', async () => {
    gitlab.mergeRequest = openMergeRequest();
    gitlab.mergeBase = clone.targetSha;
    const published = await publish();
    expect([published.code, published.stderr]).toEqual([2, expect.stringContaining(`the results compare against ${clone.baseSha}`)]);
  });

  it('refuses a merge request that targets another branch than the pipeline’s, is no longer open, or the token may not read', async () => {
    gitlab.mergeBase = clone.baseSha;
    gitlab.mergeRequest = { ...openMergeRequest(), target_branch: 'release' };
    const other = await publish();
    expect([other.code, other.stderr]).toEqual([2, expect.stringContaining('targets release, but this pipeline runs on main')]);
    gitlab.mergeRequest = { ...openMergeRequest(), state: 'merged' };
    const merged = await publish();
    expect([merged.code, merged.stderr]).toEqual([2, expect.stringContaining('is merged')]);
    gitlab.mergeRequest = null;
    const missing = await publish();
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('no such merge request')]);
    gitlab.refuseWith = 403;
    const refused = await publish().finally(() => (gitlab.refuseWith = null));
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('GitLab refused to show the merge request')]);
  });

  it('refuses outside a hand-started pipeline on a protected ref, without the token, and an IID that is not a number', async () => {
    gitlab.mergeRequest = openMergeRequest();
    gitlab.mergeBase = clone.baseSha;
    const cases: [NodeJS.ProcessEnv, string, string][] = [
      [{ CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_IID: '9' }, MR_IID, 'this is the pipeline of merge request !9'],
      [{ CI_PIPELINE_SOURCE: 'push' }, MR_IID, 'only in a pipeline started by hand'],
      [{ CI_COMMIT_REF_PROTECTED: 'false' }, MR_IID, 'main is not protected'],
      [{ BENCHGATE_GITLAB_TOKEN: '' }, MR_IID, 'no note token'],
      [{}, '7; true', 'expected a merge request IID'],
    ];
    const requests = gitlab.requests.length;
    for (const [extra, iid, message] of cases) {
      const published = await publish(extra, iid);
      expect([published.code, published.stderr]).toEqual([2, expect.stringContaining(message)]);
    }
    expect(gitlab.requests.length).toBe(requests);
  });

  it('measures nothing for a BENCHGATE_MERGE_REQUEST that is not a number (exit 2)', async () => {
    const out = path.join(tempDir(), 'out');
    const r = await runCli([...MEASURE_ARGS, '--out', out], {
      cwd: clone.dir,
      env: manualPipelineEnv(clone, gitlab.apiUrl, { BENCHGATE_GITLAB_TOKEN: '', BENCHGATE_MERGE_REQUEST: '7 --upload-pack=x' }),
    });
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('BENCHGATE_MERGE_REQUEST: expected a merge request IID')]);
  });
});
