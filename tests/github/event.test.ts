/** Base and head from each event a benchmark gate runs on, read from real-shaped payloads. */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { eventPullRequest, eventRefs, readEvent } from '../../src/platforms/github-event.js';
import { git, makeRepo, runCli, tempDir } from '../e2e/helpers.js';
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

describe('refs given next to the event', () => {
  const repo = makeRepo([{ 'v.txt': '1' }, { 'v.txt': '2' }, { 'v.txt': '3' }]);
  const [first, second, third] = ['HEAD~2', 'HEAD~1', 'HEAD'].map((ref) => git(repo, 'rev-parse', ref).trim());
  const event = path.join(tempDir('benchgate-event-'), 'push.json');
  writeFileSync(event, JSON.stringify({ before: first, after: third }));

  async function compared(flags: string[]): Promise<{ base: string; head: string }> {
    const out = tempDir('benchgate-out-');
    const bench = `node -e "console.log(JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'x', unit: 'ms', values: [1] }] }))"`;
    const run = await runCli(['run', '--bench', bench, '--format', 'benchgate', '--rounds', '2', '--warmup', '0', '--out', out, ...flags], {
      cwd: repo,
      env: { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event, GITHUB_STEP_SUMMARY: '', GITHUB_TOKEN: '' },
    });
    expect(run.stderr).toBe('');
    const r = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult;
    return { base: r.base.sha, head: r.head.sha };
  }

  it('an explicit head wins over the event; the base still comes from the event', async () => {
    expect(await compared(['--head', 'HEAD~1'])).toEqual({ base: first, head: second });
  });

  it('an explicit base alone is compared with the checkout, not the event head', async () => {
    git(repo, 'checkout', '-q', '--detach', 'HEAD~1');
    try {
      expect(await compared(['--base', first])).toEqual({ base: first, head: second });
    } finally {
      git(repo, 'checkout', '-q', 'main');
    }
  });

  it('neither: both from the event', async () => {
    expect(await compared([])).toEqual({ base: first, head: third });
  });
});
