/**
 * `report --merge-request IID` on GitLab: a pipeline started by hand on the merge request's target
 * branch measured the merge request's head (refs/merge-requests/IID/head) in a job with no token,
 * and this publish job, holding the note token, is about to post that measurement as the merge
 * request's deep-run note. The artifact came from a job that ran the merge request's code, and the
 * merge request may have moved since, so nothing is taken from the pipeline's commit or the
 * artifact: the merge request is read through the API and the results log must have measured its
 * current head against that head's merge base with this pipeline's commit.
 */
import { ConfigError } from '../config.js';
import type { RefInfo } from '../model.js';
import { GitLabApiError, type GitLabApi, type MergeRequestState } from './gitlab-api.js';
import { MANUAL_SOURCES } from './gitlab-variables.js';

type Refuse = (why: string) => ConfigError;

/** Only a pipeline started by hand, not a merge request's own, on a protected branch. */
function checkManualPipeline(env: NodeJS.ProcessEnv, refuse: Refuse): void {
  if (env.CI_MERGE_REQUEST_IID) {
    throw refuse(`this is the pipeline of merge request !${env.CI_MERGE_REQUEST_IID}; --merge-request is for a pipeline started by hand`);
  }
  if (!MANUAL_SOURCES.includes(env.CI_PIPELINE_SOURCE ?? '')) {
    throw refuse(
      `only in a pipeline started by hand (CI_PIPELINE_SOURCE web, api or trigger), not ${JSON.stringify(env.CI_PIPELINE_SOURCE ?? '')}`,
    );
  }
  if (env.CI_COMMIT_REF_PROTECTED !== 'true') {
    throw refuse(
      `${env.CI_COMMIT_REF_NAME ?? 'this ref'} is not protected; run the pipeline on the merge request's target branch, protected`,
    );
  }
}

/** The merge request as GitLab has it now, and the merge base of its head with the pipeline's commit. */
async function readMergeRequest(
  api: GitLabApi,
  iid: string,
  commit: string,
  refuse: Refuse,
): Promise<{ mr: MergeRequestState; base: string }> {
  try {
    const mr = await api.mergeRequest(iid);
    const base = await api.mergeBase(commit, mr.sha);
    return { mr, base };
  } catch (err) {
    if (err instanceof GitLabApiError && err.status === 404) throw refuse(`no such merge request in this project (${err.message})`);
    if (err instanceof GitLabApiError && (err.status === 401 || err.status === 403)) {
      throw refuse(
        `GitLab refused to show the merge request (${err.message}): BENCHGATE_GITLAB_TOKEN needs the api scope and the Reporter role`,
      );
    }
    throw err;
  }
}

/** The merge request is open and targets this pipeline's branch. */
function checkMergeRequestTarget(mr: MergeRequestState, iid: string, env: NodeJS.ProcessEnv, refuse: Refuse): void {
  if (mr.state !== 'opened') throw refuse(`merge request !${iid} is ${mr.state}: nothing to publish into`);
  if (mr.targetBranch !== env.CI_COMMIT_REF_NAME) {
    throw refuse(
      `merge request !${iid} targets ${mr.targetBranch}, but this pipeline runs on ${env.CI_COMMIT_REF_NAME ?? '(CI_COMMIT_REF_NAME unset)'}: ` +
        'run it on the target branch, whose configuration governs and whose commit is the base',
    );
  }
}

/** The log measured the merge request's current head against its merge base with the pipeline's commit. */
function checkLoggedCommits(
  logged: { base: RefInfo; head: RefInfo },
  measured: { mr: MergeRequestState; base: string; commit: string; iid: string; dir: string },
  refuse: Refuse,
): void {
  const { mr, base, commit, iid, dir } = measured;
  if (logged.head.sha !== mr.sha) {
    throw refuse(
      `${dir}: the results are for ${logged.head.sha}, but merge request !${iid}'s head is now ${mr.sha} ` +
        '(it moved after the pipeline fetched it, or the artifact was altered): run the pipeline again',
    );
  }
  if (logged.base.sha !== base) {
    throw refuse(
      `${dir}: the results compare against ${logged.base.sha}, but the merge base of ${mr.sha} and this pipeline's commit ${commit} is ${base}`,
    );
  }
}

/** Refuses (exit 2) unless the log compared MR !iid's current head with its merge base with this pipeline's commit. */
export async function checkMeasuredMergeRequest(
  logged: { base: RefInfo; head: RefInfo },
  iid: string,
  api: GitLabApi | null,
  env: NodeJS.ProcessEnv,
  dir: string,
): Promise<MergeRequestState> {
  const refuse = (why: string) => new ConfigError(`--merge-request ${iid}: ${why}`);
  checkManualPipeline(env, refuse);
  const commit = env.CI_COMMIT_SHA;
  if (!commit) throw refuse('CI_COMMIT_SHA unset: the pipeline commit the merge base is taken with');
  if (!api) {
    throw refuse(
      'no note token (BENCHGATE_GITLAB_TOKEN) in this job: the merge request is read through the API to check what was measured',
    );
  }
  const { mr, base } = await readMergeRequest(api, iid, commit, refuse);
  checkMergeRequestTarget(mr, iid, env, refuse);
  checkLoggedCommits(logged, { mr, base, commit, iid, dir }, refuse);
  return mr;
}
