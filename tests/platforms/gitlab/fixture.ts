/**
 * A merge request as a GitLab job sees it: an origin repository with a base and a head commit
 * (the head's benchmark 50% slower), cloned shallow to depth 1 the way GIT_DEPTH clones, plus
 * the CI_* variables of a merge request pipeline.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { git, makeRepo, tempDir } from '../../e2e/helpers.js';

/** A benchmark name that is markup in every format benchgate writes on GitLab. */
export const EVIL_NAME = `<b>"x" & 'y'</b> @all #1 ]]> | \`tick\` [link](https://evil.example) \u0001end`;

/**
 * Prints benchgate JSON with deterministic values: `slow` scales the evil benchmark, and the
 * round number adds a small spread so the samples are not all ties. TOKEN_PROBE, when set,
 * names a file the script writes the token variable it can see into.
 */
function benchScript(slow: number): string {
  return `import { appendFileSync } from 'node:fs';
const round = Number(process.env.BENCHGATE_ROUND ?? 0);
if (process.env.TOKEN_PROBE) appendFileSync(process.env.TOKEN_PROBE, (process.env.BENCHGATE_GITLAB_TOKEN ?? 'absent') + '\\n');
const ms = (v) => [v * (1 + round / 1000)];
console.log(JSON.stringify({ benchgate: 1, benchmarks: [
  { name: ${JSON.stringify(EVIL_NAME)}, unit: 'ms', values: ms(10 * ${slow}) },
  { name: 'steady', unit: 'ms', values: ms(20) },
] }));
`;
}

export interface MergeRequestClone {
  /** The shallow clone the job works in. */
  dir: string;
  baseSha: string;
  headSha: string;
}

export function makeMergeRequestClone(): MergeRequestClone {
  const origin = makeRepo([{ 'bench.mjs': benchScript(1) }, { 'bench.mjs': benchScript(1.5) }]);
  // Gitaly serves any commit by SHA; a plain git server needs this to do the same.
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  const baseSha = git(origin, 'rev-parse', 'HEAD~1').trim();
  const headSha = git(origin, 'rev-parse', 'HEAD').trim();
  const dir = path.join(tempDir('benchgate-gitlab-'), 'project');
  git(path.dirname(dir), 'clone', '-q', '--depth', '1', `file://${origin}`, dir);
  return { dir, baseSha, headSha };
}

export const PROJECT_ID = '1234';
export const MR_IID = '7';
export const TOKEN = 'glpat-test-token';

/** The variables GitLab sets in a merge request pipeline job (those benchgate reads). */
export function gitlabEnv(clone: MergeRequestClone, apiUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    GITHUB_ACTIONS: '',
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_PROJECT_DIR: clone.dir,
    CI_MERGE_REQUEST_DIFF_BASE_SHA: clone.baseSha,
    CI_COMMIT_SHA: clone.headSha,
    CI_API_V4_URL: apiUrl,
    CI_PROJECT_ID: PROJECT_ID,
    CI_MERGE_REQUEST_IID: MR_IID,
    CI_JOB_NAME: 'benchgate',
    CI_JOB_URL: 'https://gitlab.example/group/project/-/jobs/42',
    BENCHGATE_GITLAB_TOKEN: TOKEN,
    ...extra,
  };
}

/**
 * A merge request as a pipeline started by hand on its target branch sees it: origin's `main`
 * has moved on since the merge request branched off (a commit that changes no benchmark), the
 * merge request's head (50% slower) is only at refs/merge-requests/IID/head, and the job's clone
 * is `main`, shallow. The merge request's commit also adds a `.benchgate.yml` that would turn the
 * gate off.
 */
export interface ManualPipelineClone extends MergeRequestClone {
  /** main's tip: the pipeline's commit. */
  targetSha: string;
}

export function makeManualPipelineClone(): ManualPipelineClone {
  // The merge request also tries to turn the gate off; the target branch's (absent) file governs.
  const hostileConfig = 'fail-on: none\nthreshold: 90\n';
  const origin = makeRepo([{ 'bench.mjs': benchScript(1) }, { 'bench.mjs': benchScript(1.5), '.benchgate.yml': hostileConfig }]);
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  const baseSha = git(origin, 'rev-parse', 'HEAD~1').trim();
  const headSha = git(origin, 'rev-parse', 'HEAD').trim();
  git(origin, 'update-ref', `refs/merge-requests/${MR_IID}/head`, headSha);
  git(origin, 'reset', '-q', '--hard', baseSha);
  writeFileSync(path.join(origin, 'README.md'), 'target moved on\n');
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '--no-gpg-sign', '-m', 'target moved on');
  const targetSha = git(origin, 'rev-parse', 'HEAD').trim();
  const dir = path.join(tempDir('benchgate-gitlab-'), 'project');
  git(path.dirname(dir), 'clone', '-q', '--depth', '1', `file://${origin}`, dir);
  return { dir, baseSha, headSha, targetSha };
}

/** The variables GitLab sets in a pipeline someone ran by hand (Build → Pipelines → Run pipeline) on protected `main`, with BENCHGATE_MERGE_REQUEST. */
export function manualPipelineEnv(clone: ManualPipelineClone, apiUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    GITHUB_ACTIONS: '',
    CI_PIPELINE_SOURCE: 'web',
    CI_PROJECT_DIR: clone.dir,
    CI_COMMIT_SHA: clone.targetSha,
    CI_COMMIT_REF_NAME: 'main',
    CI_COMMIT_REF_PROTECTED: 'true',
    CI_API_V4_URL: apiUrl,
    CI_PROJECT_ID: PROJECT_ID,
    CI_JOB_NAME: 'benchgate-deep-manual',
    CI_JOB_URL: 'https://gitlab.example/group/project/-/jobs/43',
    BENCHGATE_MERGE_REQUEST: MR_IID,
    BENCHGATE_GITLAB_TOKEN: TOKEN,
    ...extra,
  };
}
