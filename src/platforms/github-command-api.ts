/**
 * The REST calls behind `/benchmark` (src/commands/benchmark-command.ts): who may ask, what the
 * pull request's head and merge commit are, when that head was pushed, and the reactions and
 * replies. Each answer comes from the API, never from the comment's text.
 */
import { httpStatus, type Octokit, type Repo } from './github-api.js';

/** The roles that may start a run holding the repository's secrets: write access or more. */
const WRITE_ROLES = new Set(['admin', 'maintain', 'write']);

/**
 * The commenter's role (`GET /repos/{owner}/{repo}/collaborators/{username}/permission`) and
 * whether it has write access; someone who is no collaborator (404) has `none`.
 */
export async function commenterRole(octokit: Octokit, repo: Repo, user: string): Promise<{ role: string; canWrite: boolean }> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: user });
    // role_name says maintain and triage, which the older `permission` folds into write and read.
    const role = data.role_name || data.permission;
    return { role, canWrite: WRITE_ROLES.has(role) };
  } catch (err) {
    if (httpStatus(err) === 404) return { role: 'none', canWrite: false };
    throw err;
  }
}

export interface PullRequestNow {
  state: string;
  head: string;
  /** GitHub's test merge of head into the base branch; null while GitHub computes it or on a conflict. */
  mergeCommit: string | null;
  mergeable: boolean | null;
}

export async function pullRequestNow(octokit: Octokit, repo: Repo, number: number): Promise<PullRequestNow> {
  const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
  return { state: data.state, head: data.head.sha, mergeCommit: data.merge_commit_sha ?? null, mergeable: data.mergeable ?? null };
}

/** A commit's parents, first parent first. */
export async function commitParents(octokit: Octokit, repo: Repo, sha: string): Promise<string[]> {
  const { data } = await octokit.rest.repos.getCommit({ ...repo, ref: sha, per_page: 1 });
  return data.parents.map((p) => p.sha);
}

/**
 * When GitHub first saw `head` as a pull request's head: the creation time of the earliest
 * `pull_request` workflow run for it (a server clock the pull request's author cannot set, unlike
 * a commit's dates); null when no such run exists yet.
 */
export async function headFirstSeen(octokit: Octokit, repo: Repo, head: string): Promise<Date | null> {
  const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo, head_sha: head, event: 'pull_request', per_page: 100 });
  const times = data.workflow_runs.map((r) => Date.parse(r.created_at)).filter((t) => Number.isFinite(t));
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/** The reactions GitHub allows that `/benchmark` uses: 👀 accepted, 🚀 done, 👎 refused or failed. */
export type Reaction = 'eyes' | 'rocket' | '-1';

export async function react(octokit: Octokit, repo: Repo, commentId: number, content: Reaction): Promise<void> {
  await octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content });
}

export async function reply(octokit: Octokit, repo: Repo, pullRequest: number, body: string): Promise<void> {
  await octokit.rest.issues.createComment({ ...repo, issue_number: pullRequest, body });
}
