/** Base and head from each event a benchmark gate runs on, read from real-shaped payloads. */
import { describe, expect, it } from '@jest/globals';
import { eventPullRequest, eventRefs, readEvent } from '../../src/platforms/github-event.js';
import { eventFile } from './runner.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('refs from the event', () => {
  it('pull_request: base.sha and head.sha, and the pull request number', () => {
    const event = readEvent({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile('pull_request.json', { BASE_SHA: A, HEAD_SHA: B }) });
    expect(eventRefs(event)).toEqual({ base: A, head: B });
    expect(eventPullRequest(event)).toBe(42);
  });

  it('merge_group: base_sha and head_sha', () => {
    expect(eventRefs({ name: 'merge_group', payload: { merge_group: { base_sha: A, head_sha: B, head_ref: 'refs/heads/gh-readonly-queue/main/pr-1' } } })).toEqual({ base: A, head: B });
  });

  it('push: before and after, with no base for a new branch (all-zero before)', () => {
    expect(eventRefs({ name: 'push', payload: { before: A, after: B } })).toEqual({ base: A, head: B });
    expect(eventRefs({ name: 'push', payload: { before: '0'.repeat(40), after: B } })).toEqual({ base: undefined, head: B });
  });

  it('workflow_dispatch: the base and head inputs, when given', () => {
    expect(eventRefs({ name: 'workflow_dispatch', payload: { inputs: { base: 'main', head: '' } } })).toEqual({ base: 'main', head: undefined });
  });

  it('anything else, or no event file: nothing', () => {
    expect(eventRefs({ name: 'schedule', payload: {} })).toEqual({});
    expect(readEvent({})).toEqual({ name: '', payload: {} });
  });
});
