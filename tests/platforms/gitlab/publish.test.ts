/**
 * Measure, then publish, on GitLab (docs/architecture.md decision 5): a measure-shaped job runs
 * `benchgate run` on the merge request's code with no note token, and a publish-shaped job, in
 * an empty directory holding only the trusted config, runs `benchgate report --from` on the
 * artifact with the note token. The head's benchmark is 50% slower by construction, so the
 * verdicts cannot flip.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempDir, type CliResult } from '../../e2e/helpers.js';
import { startFakeGitLab, type FakeGitLab } from './fake-gitlab.js';
import { MR_IID, PROJECT_ID, TOKEN, gitlabEnv, makeMergeRequestClone, type MergeRequestClone } from './fixture.js';

const MARKER = '<!-- benchgate-note:benchgate-publish -->';
const ROUNDS = ['--rounds', '6'];
const MEASURE_ARGS = ['run', '--bench', 'node bench.mjs', '--format', 'benchgate', ...ROUNDS, '--warmup', '0', '--seed', '3'];

describe('benchgate on GitLab in two jobs: measure without the token, publish with it', () => {
  let clone: MergeRequestClone;
  let gitlab: FakeGitLab;
  let artifact: string;
  let measure: CliResult;
  let requestsAfterMeasure: number;

  /** The publish job: an empty directory (GIT_STRATEGY: none) with the target branch's config, if any. */
  const publish = (dir: string, config?: string, extra: NodeJS.ProcessEnv = {}) => {
    const cwd = tempDir();
    if (config !== undefined) writeFileSync(path.join(cwd, '.benchgate.yml'), config);
    const env = gitlabEnv(clone, gitlab.apiUrl, { CI_JOB_NAME: 'benchgate-publish', ...extra });
    return runCli(['report', '--from', dir, ...ROUNDS], { cwd, env });
  };
  /** A copy of the measure job's artifact, edited the way the merge request's code could. */
  const tampered = (edit: (dir: string) => void) => {
    const dir = path.join(tempDir(), 'benchgate-out');
    cpSync(artifact, dir, { recursive: true });
    edit(dir);
    return dir;
  };

  beforeAll(async () => {
    clone = makeMergeRequestClone();
    gitlab = await startFakeGitLab({ projectId: PROJECT_ID, mergeRequestIid: MR_IID, token: TOKEN, otherNotes: 0 });
    artifact = path.join(tempDir(), 'benchgate-out');
    measure = await runCli([...MEASURE_ARGS, '--out', artifact], {
      cwd: clone.dir,
      env: gitlabEnv(clone, gitlab.apiUrl, { BENCHGATE_GITLAB_TOKEN: '' }),
    });
    requestsAfterMeasure = gitlab.requests.length;
  }, 60_000);

  afterAll(() => gitlab.close());

  it('measures without the token: no request to GitLab, and the artifact holds the results log', () => {
    expect(measure.code).toBe(1);
    expect(requestsAfterMeasure).toBe(0);
    expect(measure.stderr).toContain('MR note skipped');
    expect(readFileSync(path.join(artifact, 'results.jsonl'), 'utf8').length).toBeGreaterThan(0);
  });

  it('publishes the note with the gate decided again, and exits with the gate’s code', async () => {
    const published = await publish(tampered(() => {}));
    expect(published.code).toBe(1);
    const mine = gitlab.notes.filter((n) => n.body.startsWith(MARKER));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toMatch(/### ❌ benchgate failed: 1 regression/);
    expect(gitlab.requests.every((r) => r.token === TOKEN)).toBe(true);
  });

  it('fails a 2x regression whose artifact claims a pass, in results.json and in the log’s gate settings', async () => {
    const dir = tampered((d) => {
      const results = JSON.parse(readFileSync(path.join(d, 'results.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(path.join(d, 'results.json'), JSON.stringify({ ...results, verdict: 'pass', gateFailed: false }));
      const log = path.join(d, 'results.jsonl');
      const text = readFileSync(log, 'utf8');
      expect(text).toContain('"failOn":["regression"]');
      writeFileSync(log, text.replaceAll('"failOn":["regression"]', '"failOn":[]'));
      writeFileSync(path.join(d, 'comment.md'), '### ✅ benchgate passed\n');
    });
    const published = await publish(dir);
    expect(published.code).toBe(1);
    const body = gitlab.notes.find((n) => n.body.startsWith(MARKER))!.body;
    expect(body).toMatch(/### ❌ benchgate failed: 1 regression/);
    expect(body).not.toContain('benchgate passed');
  });

  it('takes the gate settings from the trusted config it holds, not from the artifact', async () => {
    const published = await publish(
      tampered(() => {}),
      'fail-on: none\n',
    );
    expect(published.code).toBe(0);
  });

  it('refuses an artifact measured on another commit than the pipeline’s (exit 2)', async () => {
    const published = await publish(
      tampered(() => {}),
      undefined,
      { CI_COMMIT_SHA: clone.baseSha },
    );
    expect(published.code).toBe(2);
    expect(published.stderr).toContain("not for this pipeline's commit");
  });
});
