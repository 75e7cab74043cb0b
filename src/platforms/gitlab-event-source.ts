/** What a GitLab pipeline asks: the commits to compare (merge request, merged results, started by hand) and a parallel job's shard. */
import { parseShard } from '../config.js';
import type { ShardOf } from '../model.js';
import type { CompareSpec } from '../refs.js';
import { checkMergeRequestIid, MANUAL_SOURCES, MERGE_REQUEST_VARIABLE } from './gitlab-variables.js';
import type { EventSource } from './types.js';

export class GitLabEventSource implements EventSource {
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  defaultShard(): ShardOf | null {
    const { CI_NODE_INDEX: index, CI_NODE_TOTAL: total } = this.env;
    // GitLab sets both in a `parallel:` job (CI_NODE_TOTAL is 1 elsewhere): one job is no shard.
    if (!index || !total || total === '1') return null;
    return parseShard(`${index}/${total}`, 'CI_NODE_INDEX/CI_NODE_TOTAL');
  }

  /**
   * The pipeline's commit against what it changes. In a merge request pipeline that is the MR's
   * head against the merge base GitLab diffs against; in a merged results pipeline the commit
   * is a merge onto the target branch's tip (CI_MERGE_REQUEST_TARGET_BRANCH_SHA, set only
   * there), and against the older merge base it would be blamed for the target's own changes.
   * GitLab sets that variable to the merge commit's first parent, which in a merge train is
   * the train's commit ahead of this MR.
   */
  defaultComparison(): CompareSpec {
    const head = this.env.CI_COMMIT_SHA || undefined;
    const tip = this.env.CI_MERGE_REQUEST_TARGET_BRANCH_SHA || undefined;
    const mergeBase = this.env.CI_MERGE_REQUEST_DIFF_BASE_SHA || undefined;
    const mr = `!${this.env.CI_MERGE_REQUEST_IID ?? '?'}`;
    if (tip)
      return {
        kind: 'refs',
        base: tip,
        head,
        why: `the merged result of MR ${mr} vs the target commit it was merged onto: what merging would land`,
      };
    if (mergeBase)
      return {
        kind: 'refs',
        base: mergeBase,
        head,
        why: `the head of MR ${mr} vs its merge base with the target branch: what the branch changed`,
      };
    return this.manualComparison() ?? { kind: 'refs', head };
  }

  /**
   * A pipeline started by hand on a branch (the merge request's target) with BENCHGATE_MERGE_REQUEST
   * set: the merge request's head, fetched as refs/merge-requests/IID/head, against its merge base
   * with the pipeline's commit. Nothing here is trusted: the publish job checks both commits
   * against the merge request as the API says it is (report --merge-request).
   */
  private manualComparison(): CompareSpec | null {
    const iid = this.env[MERGE_REQUEST_VARIABLE];
    const commit = this.env.CI_COMMIT_SHA;
    if (!iid || !commit || !MANUAL_SOURCES.includes(this.env.CI_PIPELINE_SOURCE ?? '')) return null;
    checkMergeRequestIid(iid, MERGE_REQUEST_VARIABLE);
    const branch = this.env.CI_COMMIT_REF_NAME || commit;
    return {
      kind: 'merge-base',
      base: commit,
      head: `refs/merge-requests/${iid}/head`,
      why: `the head of MR !${iid} vs its merge base with ${branch}, in a pipeline started by hand: what the branch changed`,
    };
  }
}
