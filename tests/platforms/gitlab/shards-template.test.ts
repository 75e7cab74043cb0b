/**
 * templates/gitlab/benchgate-shards.yml: valid against GitLab's CI schema, `parallel:` shards and
 * a joining job that `needs:` them, runs even when one failed and checks out nothing; and its
 * scripts run for real: each shard's job with its CI_NODE_INDEX/CI_NODE_TOTAL, then the join,
 * which gates the merge request's regression once; a missing shard fails it, naming the shard.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CLI, ROOT, tempDir } from '../../e2e/helpers.js';
import { gitlabEnv, makeMergeRequestClone, type MergeRequestClone } from './fixture.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type Job = {
  parallel?: number;
  needs?: { job: string; artifacts: boolean }[];
  rules?: { if: string; when?: string }[];
  variables?: Record<string, string>;
  script: string[];
};
const FILE = 'templates/gitlab/benchgate-shards.yml';
const jobs = parse(readFileSync(path.join(ROOT, FILE), 'utf8')) as Record<string, Job>;
const SCHEMA = JSON.parse(readFileSync(path.join(ROOT, 'tests', 'fixtures', 'gitlab', 'gitlab-ci.json'), 'utf8')) as object;

/** An `npx` on PATH that runs this checkout's CLI for the pinned package. */
function fakeNpx(): string {
  const bin = tempDir();
  writeFileSync(
    path.join(bin, 'npx'),
    `#!/bin/sh\n[ "$1 $2 $3 $4" = "--yes --package=benchgate@0.1.0 -- benchgate" ] || exit 99\nshift 4\n` +
      `exec "${process.execPath}" "${CLI}" "$@"\n`,
  );
  chmodSync(path.join(bin, 'npx'), 0o755);
  return bin;
}

/** A job's script as the runner runs it, with the fixture's benchmark instead of go test. */
function runJob(job: Job, clone: MergeRequestClone, npx: string, extra: NodeJS.ProcessEnv = {}) {
  const script = job.script.map((line) =>
    line
      .replace(`--bench 'go test -run "^$" -bench {filter} ./...'`, "--bench 'node bench.mjs'")
      .replace('--format go', '--format benchgate --rounds 6')
      .replace('--rounds auto', ''),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...gitlabEnv(clone, 'http://127.0.0.1:9/api/v4', { BENCHGATE_GITLAB_TOKEN: '' }),
    BENCHGATE_CLI_PACKAGE: 'benchgate@0.1.0',
    ...job.variables,
    ...extra,
  };
  env.PATH = `${npx}${path.delimiter}${env.PATH}`;
  return spawnSync('sh', ['-ec', script.join('\n')], { cwd: clone.dir, env, encoding: 'utf8', timeout: 60_000 });
}

describe('the GitLab shards template', () => {
  it("validates against GitLab's CI schema: parallel shards, a join that needs them, runs when one failed, checks out nothing", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(SCHEMA);
    expect(validate(jobs) ? [] : validate.errors).toEqual([]);
    expect(jobs['benchgate-shard']!.parallel).toBe(4);
    const join = jobs.benchgate!;
    expect(join.needs).toEqual([{ job: 'benchgate-shard', artifacts: true }]);
    expect(join.rules![0]!.when).toBe('always');
    expect(join.variables).toEqual({ GIT_STRATEGY: 'none' });
  });

  it('names no package by default: without BENCHGATE_CLI_PACKAGE both jobs stop with exit 2, naming the line to add', () => {
    const clone = makeMergeRequestClone();
    for (const job of [jobs['benchgate-shard']!, jobs.benchgate!]) {
      const r = runJob(job, clone, fakeNpx(), { BENCHGATE_CLI_PACKAGE: '' });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('BENCHGATE_CLI_PACKAGE: benchgate@X.Y.Z');
    }
  });

  describe('run for real in a merge request clone', () => {
    const clone = makeMergeRequestClone();
    const npx = fakeNpx();
    let shards: ReturnType<typeof spawnSync>[] = [];
    beforeAll(() => {
      shards = [1, 2, 3, 4].map((i) => runJob(jobs['benchgate-shard']!, clone, npx, { CI_NODE_INDEX: String(i), CI_NODE_TOTAL: '4' }));
    }, 60_000);

    it('each shard measures its part and does not gate; the join gates the regression once, over all shards', () => {
      for (const r of shards) expect([r.status, r.stderr]).toEqual([0, expect.stringContaining('shard ')]);
      const join = runJob(jobs.benchgate!, clone, npx);
      expect(join.stdout + join.stderr).toContain('regression found: 1 regression, 1 unchanged');
      expect(join.status).toBe(1);
      const joined = JSON.parse(readFileSync(path.join(clone.dir, 'benchgate-out/joined/results.json'), 'utf8')) as { shards: unknown[] };
      expect(joined.shards).toHaveLength(4);
    });

    it('a shard whose artifacts are missing fails the join, naming it', () => {
      rmSync(path.join(clone.dir, 'benchgate-out/shard-3'), { recursive: true });
      const join = runJob(jobs.benchgate!, clone, npx);
      expect(join.status).toBe(2);
      expect(join.stderr).toContain('shard 3/4 is missing');
    });
  });
});
