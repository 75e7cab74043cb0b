/**
 * What the workflow run's event says: the event name and payload (GITHUB_EVENT_NAME,
 * GITHUB_EVENT_PATH) and the commit it checked out (GITHUB_SHA, GITHUB_REF), and from them which
 * two commits to compare and the pull request number.
 */
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '../config.js';
import type { CompareSpec } from '../refs.js';

export interface GitHubEvent {
  name: string;
  payload: Record<string, unknown>;
  /** GITHUB_SHA: on pull_request the merge commit actions/checkout checks out, on merge_group the queue entry. */
  sha?: string;
  /** GITHUB_REF: on pull_request refs/pull/N/merge. */
  ref?: string;
}

/** The event payload GITHUB_EVENT_PATH names; {} when unset or absent. Empty, unreadable or not a JSON object: exit 2 naming the file. */
function readPayload(file: string | undefined): Record<string, unknown> {
  if (!file || !existsSync(file)) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${file} (GITHUB_EVENT_PATH): not the workflow run's event, it is not JSON: ${(err as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new ConfigError(`${file} (GITHUB_EVENT_PATH): not the workflow run's event, it is not a JSON object`);
  return data as Record<string, unknown>;
}

export function readEvent(env: NodeJS.ProcessEnv): GitHubEvent {
  const payload = readPayload(env.GITHUB_EVENT_PATH);
  return { name: env.GITHUB_EVENT_NAME ?? '', payload, sha: text(env.GITHUB_SHA), ref: text(env.GITHUB_REF) };
}

function field(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const key of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `push` of a new branch has an all-zero `before`: there is no base commit to compare with. */
const NO_COMMIT = /^0+$/;

/**
 * A pull request (or a review of one) is judged by its merge commit against the first parent when
 * the run checked that commit out; otherwise by its head against the merge base.
 */
function pullRequestComparison(event: GitHubEvent): CompareSpec {
  const p = event.payload;
  const number = eventPullRequest(event);
  const base = text(field(p, 'pull_request', 'base', 'sha'));
  const head = eventPullRequestHead(event);
  const branch = text(field(p, 'pull_request', 'base', 'ref')) ?? 'the base branch';
  const mergeRef = `refs/pull/${number}/merge`;
  // A review's run checks out the same merge commit as the pull request's (GITHUB_REF refs/pull/N/merge).
  if (event.name !== 'pull_request_target' && number !== undefined && event.sha && event.sha !== head && event.ref === mergeRef) {
    return {
      kind: 'first-parent',
      commit: event.sha,
      label: mergeRef,
      why: `the merge commit of PR #${number} (${mergeRef}) vs its first parent, the tip of ${branch} it was made on: what merging would land`,
      pullRequestHead: head,
    };
  }
  if (!base || !head) return { kind: 'refs', base, head };
  const which = number === undefined ? 'the pull request' : `PR #${number}`;
  return {
    kind: 'merge-base',
    base,
    head,
    why: `the head of ${which} vs its merge base with ${branch} (no merge commit in this run): what the branch changed`,
    pullRequestHead: head,
  };
}

function mergeGroupComparison(p: Record<string, unknown>): CompareSpec {
  const head = text(field(p, 'merge_group', 'head_sha'));
  if (!head) return { kind: 'refs' };
  return {
    kind: 'first-parent',
    commit: head,
    label: text(field(p, 'merge_group', 'head_ref')) ?? head,
    why: 'the merge queue entry vs its first parent (the base tip, or the entry ahead of it in the queue): this pull request alone',
  };
}

function pushComparison(p: Record<string, unknown>): CompareSpec {
  const before = text(field(p, 'before'));
  const base = before && !NO_COMMIT.test(before) ? before : undefined;
  return { kind: 'refs', base, head: text(field(p, 'after')), why: base ? "the push's before and after commits" : undefined };
}

function workflowDispatchComparison(p: Record<string, unknown>): CompareSpec {
  const base = text(field(p, 'inputs', 'base'));
  const head = text(field(p, 'inputs', 'head'));
  if (!base) return { kind: 'refs', head };
  // The branch a person names is what the head would merge into, as in a pull request.
  const shown = head ?? 'the dispatched commit';
  return {
    kind: 'merge-base',
    base,
    head: head ?? 'HEAD',
    why: `${shown} vs its merge base with ${base}: what it changed since it branched off`,
  };
}

/**
 * What the event asks to compare. A pull request is judged by what merging it would land:
 * the merge commit GitHub made (refs/pull/N/merge, which actions/checkout checks out) against
 * its first parent, the base tip it was made on; so a branch behind its base is not blamed for
 * the base's own later changes. Without a merge commit in the run (pull_request_target) it is
 * the head against the merge base. A merge queue entry is compared with its first parent, so
 * the entries ahead of it are not counted as its change.
 */
export function eventComparison(event: GitHubEvent): CompareSpec {
  switch (event.name) {
    case 'pull_request':
    case 'pull_request_target':
    case 'pull_request_review':
    case 'pull_request_review_comment':
      return pullRequestComparison(event);
    case 'merge_group':
      return mergeGroupComparison(event.payload);
    case 'push':
      return pushComparison(event.payload);
    case 'workflow_dispatch':
      return workflowDispatchComparison(event.payload);
    default:
      return { kind: 'refs' };
  }
}

/** The pull request the run belongs to, when there is one. */
export function eventPullRequest(event: GitHubEvent): number | undefined {
  const n = field(event.payload, 'pull_request', 'number');
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The pull request's own head commit: its check runs are shown there. */
export function eventPullRequestHead(event: GitHubEvent): string | undefined {
  return text(field(event.payload, 'pull_request', 'head', 'sha'));
}

/**
 * The tip of the branch a pull request or merge queue entry would merge into, as the event
 * recorded it: a commit of the base branch, whose files the pull request did not write.
 */
export function eventBaseTip(event: GitHubEvent): string | undefined {
  if (event.name === 'merge_group') return text(field(event.payload, 'merge_group', 'base_sha'));
  return text(field(event.payload, 'pull_request', 'base', 'sha'));
}
