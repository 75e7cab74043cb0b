/** Which commits each event a benchmark gate runs on asks to compare, read from real-shaped payloads. */
import { describe, expect, it } from '@jest/globals';
import { eventComparison, eventPullRequest, eventPullRequestHead, readEvent } from '../../../src/platforms/github-event.js';
import { eventFile } from './runner.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const M = 'c'.repeat(40);

describe('the comparison an event asks for', () => {
  const pullRequest = (env: Record<string, string>) =>
    readEvent({
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventFile('pull_request.json', { BASE_SHA: A, HEAD_SHA: B }),
      ...env,
    });

  it.each(['pull_request_review', 'pull_request_review_comment'])('%s: the same merge commit as the pull request', (name) => {
    const event = { ...pullRequest({ GITHUB_SHA: M, GITHUB_REF: 'refs/pull/42/merge' }), name };
    expect(eventComparison(event)).toMatchObject({ kind: 'first-parent', commit: M, pullRequestHead: B });
    expect(eventComparison({ ...event, sha: undefined })).toMatchObject({ kind: 'merge-base', base: A, head: B });
  });

  it('pull_request: the merge commit actions/checkout checks out vs its first parent; checks go to the PR head', () => {
    const event = pullRequest({ GITHUB_SHA: M, GITHUB_REF: 'refs/pull/42/merge' });
    expect(eventComparison(event)).toEqual({
      kind: 'first-parent',
      commit: M,
      label: 'refs/pull/42/merge',
      why: 'the merge commit of PR #42 (refs/pull/42/merge) vs its first parent, the tip of main it was made on: what merging would land',
      pullRequestHead: B,
    });
    expect(eventPullRequest(event)).toBe(42);
    expect(eventPullRequestHead(event)).toBe(B);
  });

  it('pull_request without its merge commit (no GITHUB_SHA, or the head checked out): head vs the merge base', () => {
    for (const env of [
      {} as Record<string, string>,
      { GITHUB_SHA: B, GITHUB_REF: 'refs/pull/42/merge' },
      { GITHUB_SHA: M, GITHUB_REF: 'refs/heads/main' },
    ]) {
      expect(eventComparison(pullRequest(env))).toEqual({
        kind: 'merge-base',
        base: A,
        head: B,
        why: 'the head of PR #42 vs its merge base with main (no merge commit in this run): what the branch changed',
        pullRequestHead: B,
      });
    }
  });

  it('pull_request_target: GITHUB_SHA is the base branch, so head vs the merge base', () => {
    const event = readEvent({
      GITHUB_EVENT_NAME: 'pull_request_target',
      GITHUB_EVENT_PATH: eventFile('pull_request.json', { BASE_SHA: A, HEAD_SHA: B }),
      GITHUB_SHA: A,
    });
    expect(eventComparison(event)).toMatchObject({ kind: 'merge-base', base: A, head: B, pullRequestHead: B });
  });

  it('merge_group: the queue entry vs its first parent, not the base branch with the entries ahead of it', () => {
    const ref = 'refs/heads/gh-readonly-queue/main/pr-1-' + A;
    expect(eventComparison({ name: 'merge_group', payload: { merge_group: { base_sha: A, head_sha: M, head_ref: ref } } })).toEqual({
      kind: 'first-parent',
      commit: M,
      label: ref,
      why: 'the merge queue entry vs its first parent (the base tip, or the entry ahead of it in the queue): this pull request alone',
    });
  });

  it('push: before and after, with no base for a new branch (all-zero before)', () => {
    expect(eventComparison({ name: 'push', payload: { before: A, after: B } })).toEqual({
      kind: 'refs',
      base: A,
      head: B,
      why: "the push's before and after commits",
    });
    expect(eventComparison({ name: 'push', payload: { before: '0'.repeat(40), after: B } })).toEqual({
      kind: 'refs',
      base: undefined,
      head: B,
      why: undefined,
    });
  });

  it('workflow_dispatch: the head input (else the checkout) vs its merge base with the base input', () => {
    expect(eventComparison({ name: 'workflow_dispatch', payload: { inputs: { base: 'main', head: '' } } })).toEqual({
      kind: 'merge-base',
      base: 'main',
      head: 'HEAD',
      why: 'the dispatched commit vs its merge base with main: what it changed since it branched off',
    });
    expect(eventComparison({ name: 'workflow_dispatch', payload: { inputs: { base: 'main', head: 'feature' } } })).toMatchObject({
      kind: 'merge-base',
      base: 'main',
      head: 'feature',
    });
    expect(eventComparison({ name: 'workflow_dispatch', payload: { inputs: { head: 'feature' } } })).toEqual({
      kind: 'refs',
      head: 'feature',
    });
  });

  it('anything else, or no event file: nothing', () => {
    expect(eventComparison({ name: 'schedule', payload: {} })).toEqual({ kind: 'refs' });
    expect(readEvent({})).toEqual({ name: '', payload: {}, sha: undefined, ref: undefined });
  });
});
