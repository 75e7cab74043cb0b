/**
 * The two things benchgate writes through the GitHub REST API: the sticky pull request comment
 * and the check run. A token without the permission (a fork's read-only GITHUB_TOKEN, or no
 * `checks: write`) is not an error: the exit code still gates the merge, and the log says so.
 */
import type { getOctokit } from '@actions/github';
import type { ComparisonResult, GateOverride } from '../model.js';
import { withSection } from '../report/index.js';
import type { CommentSection } from '../report/view.js';

export type Octokit = ReturnType<typeof getOctokit>;

/**
 * A client for the REST API. @actions/github is loaded here, when a call is about to be made:
 * loading it parses GITHUB_EVENT_PATH, which `--version` and `--help` must never read.
 */
export async function octokitFor(token: string, baseUrl: string, timeoutMs: number): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  return getOctokit(token, { baseUrl, request: { signal: AbortSignal.timeout(timeoutMs) } });
}

export interface Repo {
  owner: string;
  repo: string;
}

/** The hidden first line that finds benchgate's comment again on the next push. */
export function commentMarker(key: string): string {
  return `<!-- benchgate:comment ${encodeURIComponent(key)} -->`;
}

/** Who the workflow's own GITHUB_TOKEN comments as. */
export const WORKFLOW_BOT = 'github-actions[bot]';

/**
 * The login the token comments as: a personal access token's user (`GET /user`), else the
 * workflow's bot. GitHub refuses `GET /user` to installation tokens such as GITHUB_TOKEN (403).
 */
export async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (err) {
    if (httpStatus(err) === 403) return WORKFLOW_BOT;
    throw err;
  }
}

/**
 * Creates the sticky comment, or updates its `section` in place when the token's own comment
 * with the marker exists, keeping the other section (the PR gate's and a `/benchmark` run's).
 * Anyone can write the marker: another user's comment that starts with it is never edited, so
 * it cannot capture the report.
 */
export async function upsertComment(
  octokit: Octokit,
  repo: Repo,
  pullRequest: number,
  marker: string,
  body: string,
  section: CommentSection = 'gate',
): Promise<'created' | 'updated'> {
  const author = await tokenLogin(octokit);
  const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: pullRequest, per_page: 100 });
  const existing = comments.find((c) => c.user?.login === author && c.body?.startsWith(marker));
  const text = `${marker}\n${withSection(existing?.body?.slice(marker.length + 1) ?? '', section, body)}`;
  if (existing) {
    await octokit.rest.issues.updateComment({ ...repo, comment_id: existing.id, body: text });
    return 'updated';
  }
  await octokit.rest.issues.createComment({ ...repo, issue_number: pullRequest, body: text });
  return 'created';
}

/**
 * The override label when the pull request carries it now, and who applied it last. Read from
 * the API, not the event payload: a re-run reuses the payload of the first run, so a label
 * added since (the usual way to unblock an urgent merge) is only in the API's answer.
 */
export async function findOverrideLabel(octokit: Octokit, repo: Repo, pullRequest: number, label: string): Promise<GateOverride | null> {
  const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, { ...repo, issue_number: pullRequest, per_page: 100 });
  if (!labels.some((l) => l.name === label)) return null;
  const events = await octokit.paginate(octokit.rest.issues.listEvents, { ...repo, issue_number: pullRequest, per_page: 100 });
  const applied = events.filter((e) => e.event === 'labeled' && (e as { label?: { name?: string } }).label?.name === label).at(-1);
  return { label, by: applied?.actor?.login ?? null };
}

export type CheckConclusion = 'success' | 'failure' | 'neutral';

/** failure when the gate fails or runs failed; neutral when the answer is not a clean pass. */
export function checkConclusion(result: ComparisonResult): CheckConclusion {
  if (result.gateFailed || result.verdict === 'error') return 'failure';
  return result.verdict === 'pass' ? 'success' : 'neutral';
}

export interface CheckRun {
  name: string;
  headSha: string;
  conclusion: CheckConclusion;
  title: string;
  summary: string;
}

export async function createCheckRun(octokit: Octokit, repo: Repo, check: CheckRun): Promise<void> {
  await octokit.rest.checks.create({
    ...repo,
    name: check.name,
    head_sha: check.headSha,
    status: 'completed',
    conclusion: check.conclusion,
    completed_at: new Date().toISOString(),
    output: { title: check.title, summary: check.summary },
  });
}

/**
 * The HTTP status GitHub answered with, or null when there was no answer (Octokit reports a
 * network failure as status 500 without a response).
 */
export function httpStatus(err: unknown): number | null {
  const e = err as { status?: unknown; response?: unknown } | null;
  return typeof e?.status === 'number' && e.response !== undefined ? e.status : null;
}

/** The base commit of pull request `number` (GET /repos/{owner}/{repo}/pulls/{number}): the event of a comment does not carry it. */
export async function pullRequestBaseSha(octokit: Octokit, repo: Repo, number: number): Promise<string | undefined> {
  const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
  return typeof data.base?.sha === 'string' && data.base.sha !== '' ? data.base.sha : undefined;
}
