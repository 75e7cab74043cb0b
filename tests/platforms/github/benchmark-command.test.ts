/**
 * `/benchmark` in a pull request comment (src/commands/benchmark-command.ts): the grammar, and
 * `benchgate benchmark-command accept|publish` on a recorded issue_comment payload
 * (tests/fixtures/github/issue_comment.json) against the fake GitHub API. Each threat of
 * docs/security.md ("/benchmark") has a test here: who may ask (the API's answer, never the
 * comment), a head pushed after the comment, a stale merge commit, a malformed command, and an
 * artifact for other commits.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli.js';
import type { Run } from '../../../src/model.js';
import { parseComment, readRequest, type BenchmarkRequest } from '../../../src/platforms/benchmark-request.js';
import type { Platform } from '../../../src/platforms/types.js';
import { sectionMarker, withSection } from '../../../src/report/comment.js';
import { measurement, run } from '../../builders.js';
import { tempDir } from '../../e2e/helpers.js';
import { TEST_SETTINGS, testHeader } from '../../helpers/log-header.js';
import { FakeGitHub } from './fake-github.js';
import { eventFile, parseOutputs } from './runner.js';

const HEAD = '1'.repeat(40);
const MERGE = '2'.repeat(40);
const BASE = '3'.repeat(40);
const COMMENT_ID = 1900000001;

describe('the /benchmark grammar', () => {
  it.each([
    ['/benchmark', { deep: false }],
    ['  /benchmark  ', { deep: false }],
    ['/benchmark deep', { deep: true }],
    ['/benchmark rounds=40 deep filter=BenchmarkParse*', { deep: true, rounds: 40, filter: 'BenchmarkParse*' }],
    ['/benchmark filter={Parse,Encode}/small-8', { deep: false, filter: '{Parse,Encode}/small-8' }],
  ])('%s', (body, options) => {
    expect(parseComment(body)).toEqual({ kind: 'command', options });
  });

  it.each([
    ['/benchmark please', /unknown option "please"/],
    ['/benchmark deep deep', /"deep" is given twice/],
    ['/benchmark rounds=1', /from 2 to 200/],
    ['/benchmark rounds=201', /from 2 to 200/],
    ['/benchmark rounds=1e3', /from 2 to 200/],
    ['/benchmark rounds=', /from 2 to 200/],
    ['/benchmark filter=$(curl${IFS}evil)', /filter=GLOB takes/],
    ['/benchmark filter=a;b', /filter=GLOB takes/],
    ['/benchmark deep=yes', /unknown option "deep=yes"/],
    ['/benchmark\n@admin approved', /one line/],
  ])('refuses %j', (body, why) => {
    const parsed = parseComment(body);
    expect(parsed.kind).toBe('invalid');
    expect((parsed as { why: string }).why).toMatch(why);
  });

  it('is not a command unless it starts the comment, as the whole word', () => {
    for (const body of ['please /benchmark', '/benchmarks', '`/benchmark`', '> /benchmark', ''])
      expect(parseComment(body)).toEqual({ kind: 'not-a-command' });
  });

  it("a later job's request is checked again: a SHA or filter that is not one stops it", () => {
    const good: BenchmarkRequest = {
      pullRequest: 42,
      commentId: COMMENT_ID,
      user: 'maintainer',
      head: HEAD,
      merge: MERGE,
      base: BASE,
      deep: false,
      maxRounds: 30,
      maxTime: '20m',
      filter: '',
    };
    expect(readRequest(JSON.stringify(good), 'R')).toEqual(good);
    expect(() => readRequest(JSON.stringify({ ...good, merge: '--upload-pack=x' }), 'R')).toThrow(/bad merge/);
    expect(() => readRequest(JSON.stringify({ ...good, filter: '$(id)' }), 'R')).toThrow(/bad filter/);
    expect(() => readRequest(undefined, 'R')).toThrow(/not JSON/);
  });
});

describe('the sticky comment sections', () => {
  it('a deep run keeps the gate section, and a gate run keeps the deep section', () => {
    const gate = withSection('', 'gate', '### ✅ benchgate passed');
    // The gate alone: comment.md as written.
    expect(gate).toBe('### ✅ benchgate passed');
    const both = withSection(gate, 'deep', '### 🔬 Deep run: ❌ benchgate failed');
    expect(both).toContain('benchgate passed');
    expect(both.indexOf(sectionMarker('gate'))).toBeLessThan(both.indexOf(sectionMarker('deep')));
    const regated = withSection(both, 'gate', '### ❌ benchgate failed: 1 regression');
    expect(regated).toContain('Deep run: ❌');
    expect(regated).not.toContain('benchgate passed');
  });

  it('a comment from before sections is the gate section; a marker inside a section cannot end it', () => {
    expect(withSection('### old gate text', 'deep', 'deep text')).toBe(
      `${sectionMarker('gate')}\n### old gate text\n\n${sectionMarker('deep')}\ndeep text\n`,
    );
    const forged = withSection('', 'deep', `x\n${sectionMarker('gate')}\nforged gate`);
    expect(forged.split(sectionMarker('gate')).length).toBe(1);
  });
});

/** A platform that only logs: the command talks to the API itself. */
const quiet = {
  name: 'test',
  logger: { info: () => {}, warn: () => {}, group: <T>(_t: string, fn: () => Promise<T>) => fn() },
} as unknown as Platform;

describe('benchgate benchmark-command, on a recorded issue_comment against the fake API', () => {
  const fake = new FakeGitHub();
  let api = '';
  const saved = { ...process.env };
  const cwd = process.cwd();
  beforeAll(async () => {
    api = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.comments.clear();
    fake.reactions.length = 0;
    fake.workflowRuns.length = 0;
    fake.roles.clear();
    fake.parents.clear();
    fake.checkRuns.length = 0;
    fake.invalid.length = 0;
    fake.pullRequestState = 'open';
    fake.pullRequestHead = HEAD;
    fake.mergeCommit = MERGE;
    fake.mergeable = true;
    fake.parents.set(MERGE, [BASE, HEAD]);
    fake.roles.set('maintainer', { permission: 'write', role_name: 'maintain' });
    fake.roles.set('reader', { permission: 'read', role_name: 'read' });
    fake.workflowRuns.push({ head_sha: HEAD, event: 'pull_request', created_at: '2026-11-20T09:50:00Z' });
  });
  afterEach(() => {
    process.env = { ...saved };
    process.chdir(cwd);
    expect(fake.invalid).toEqual([]);
  });

  /** Sets the step's environment for a comment and returns the GITHUB_OUTPUT file. */
  function onComment(body: string, user = 'maintainer', extra: Record<string, string> = {}): string {
    const dir = tempDir('benchgate-step-');
    const output = path.join(dir, 'output');
    writeFileSync(output, '');
    process.env = {
      ...saved,
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: eventFile('issue_comment.json', {
        BODY: JSON.stringify(body).slice(1, -1),
        USER: user,
        ASSOCIATION: user === 'maintainer' ? 'MEMBER' : 'OWNER',
      }),
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_API_URL: api,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '77',
      GITHUB_TOKEN: 'ghs_command',
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
      ...extra,
    };
    writeFileSync(process.env.GITHUB_STEP_SUMMARY!, '');
    return output;
  }

  const replies = () => (fake.comments.get(42) ?? []).map((c) => c.body);
  const reactions = () => fake.reactions.map((r) => `${r.commentId}:${r.content}`);

  it('accepts a maintainer’s command: fixes head, merge and base through the API, reacts 👀, outputs the request', async () => {
    const output = onComment('/benchmark deep rounds=40 filter=Parse*');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    const outputs = parseOutputs(readFileSync(output, 'utf8'));
    expect(outputs.accepted).toBe('true');
    expect(JSON.parse(outputs.request!)).toEqual({
      pullRequest: 42,
      commentId: COMMENT_ID,
      user: 'maintainer',
      head: HEAD,
      merge: MERGE,
      base: BASE,
      deep: true,
      maxRounds: 40,
      maxTime: '60m',
      filter: 'Parse*',
    });
    expect(outputs).toMatchObject({ merge: MERGE, base: BASE, 'max-rounds': '40', 'max-time': '60m', filter: 'Parse*' });
    expect(reactions()).toEqual([`${COMMENT_ID}:eyes`]);
    expect(replies()).toEqual([]);
    expect(fake.calls('repos/get-collaborator-permission-level')[0]!.params.username).toBe('maintainer');
  });

  it('refuses a reader, whatever the comment or its author_association say, with 👎 and a short reply, and reads nothing else', async () => {
    const output = onComment('/benchmark deep', 'reader');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(parseOutputs(readFileSync(output, 'utf8')).accepted).toBe('false');
    expect(replies()).toEqual(["❌ `/benchmark` needs write access to this repository; the comment's author has `read`."]);
    expect(reactions()).toEqual([`${COMMENT_ID}:-1`]);
    expect(fake.calls('pulls/get')).toEqual([]);
  });

  it('refuses someone who is no collaborator (the API answers 404)', async () => {
    onComment('/benchmark', 'drive-by');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(replies()[0]).toMatch(/needs write access.*has `none`/);
  });

  it('refuses a malformed command from a maintainer with the usage', async () => {
    onComment('/benchmark rounds=5;rm');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(replies()).toEqual([
      '❌ rounds\\=N takes a whole number from 2 to 200, not &quot;5?rm&quot;; usage: `/benchmark [deep] [rounds=N] [filter=GLOB]`.',
    ]);
    expect(reactions()).toEqual([`${COMMENT_ID}:-1`]);
  });

  it('refuses when the head was pushed after the comment (its first pull_request run started later)', async () => {
    fake.workflowRuns.length = 0;
    fake.workflowRuns.push({ head_sha: HEAD, event: 'pull_request', created_at: '2026-11-20T10:00:07Z' });
    onComment('/benchmark');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(replies()[0]).toMatch(/^❌ the head changed after this comment \(1111111, first seen 2026-11-20T10:00:07\.000Z\)/);
  });

  it('refuses when it cannot tell when the head was pushed (no run for it), and when the merge commit is for an older head', async () => {
    fake.workflowRuns.length = 0;
    onComment('/benchmark');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(replies()[0]).toMatch(/cannot tell when the head 1111111 was pushed/);

    fake.comments.clear();
    fake.workflowRuns.push({ head_sha: HEAD, event: 'pull_request', created_at: '2026-11-20T09:00:00Z' });
    fake.parents.set(MERGE, [BASE, '4'.repeat(40)]);
    onComment('/benchmark');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(replies()[0]).toMatch(/has not made the merge commit of the head 1111111 yet/);
  });

  it('refuses a closed pull request', async () => {
    fake.pullRequestState = 'closed';
    onComment('/benchmark');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(replies()[0]).toMatch(/is closed/);
  });

  it('ignores, silently and without an API call, a comment that is not a command', async () => {
    const output = onComment('LGTM, but run /benchmark later');
    expect(await main(['benchmark-command', 'accept'], { platform: quiet })).toBe(0);
    expect(parseOutputs(readFileSync(output, 'utf8')).accepted).toBe('false');
    expect(fake.requests).toEqual([]);
  });

  /** The measuring job's output directory: a 40% regression of `hot`, measured on the given commits. */
  function artifact(base = BASE, head = MERGE): string {
    const dir = path.join(tempDir('benchgate-artifact-'), 'benchgate-results');
    mkdirSync(dir);
    const runs: Run[] = [];
    for (let round = 1; round <= 10; round++)
      for (const side of ['base', 'head'] as const)
        runs.push(
          run({
            side,
            round,
            measurements: [measurement({ benchmark: 'hot', unit: 'ms', values: [(side === 'base' ? 10 : 14) + round * 0.001] })],
          }),
        );
    const header = testHeader({
      base: { ref: base, sha: base },
      head: { ref: head, sha: head },
      config: { ...TEST_SETTINGS, suite: 'suite' },
    });
    const lines = [
      header,
      ...runs.map((r) => ({ type: 'run', run: r })),
      { type: 'end', endedAt: '2026-01-01T00:01:00Z', status: 'completed' },
    ];
    writeFileSync(path.join(dir, 'results.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return dir;
  }

  const REQUEST: BenchmarkRequest = {
    pullRequest: 42,
    commentId: COMMENT_ID,
    user: 'maintainer',
    head: HEAD,
    merge: MERGE,
    base: BASE,
    deep: true,
    maxRounds: 60,
    maxTime: '60m',
    filter: '',
  };

  function publishIn(): string {
    const trusted = tempDir('benchgate-trusted-');
    process.chdir(trusted);
    return trusted;
  }

  // The author is quoted without a mention (a word joiner after @), so the comment pings no one.
  it('publishes into the deep section (the gate section kept), a check on the head named apart from the gate’s, 👎 and ❌ on a regression', async () => {
    const dir = artifact();
    onComment('/benchmark deep', 'maintainer', { BENCHGATE_REQUEST: JSON.stringify(REQUEST) });
    fake.plantComment(
      42,
      `<!-- benchgate:comment suite -->\n${sectionMarker('gate')}\n### ✅ benchgate passed: 1 unchanged\n`,
      'github-actions[bot]',
    );
    publishIn();
    expect(await main(['benchmark-command', 'publish', '--from', dir], { platform: quiet })).toBe(1);
    const sticky = fake.comments.get(42)![0]!.body;
    expect(sticky).toContain('### ✅ benchgate passed: 1 unchanged');
    expect(sticky).toMatch(/### 🔬 Deep run \(`\/benchmark deep` by @\u2060maintainer\): ❌ benchgate failed: 1 regression/);
    expect(sticky.indexOf(sectionMarker('gate'))).toBeLessThan(sticky.indexOf(sectionMarker('deep')));
    expect(fake.checkRuns).toEqual([
      expect.objectContaining({ name: 'benchgate /benchmark (suite)', head_sha: HEAD, conclusion: 'failure' }),
    ]);
    expect(reactions()).toEqual([`${COMMENT_ID}:-1`]);
    expect(replies().at(-1)).toMatch(
      /^❌ `\/benchmark` on 1111111: benchgate: regression found.*\(\[the run\]\(https:\/\/github\.com\/acme\/widgets\/actions\/runs\/77\)\)$/,
    );
  });

  it('the gate is decided with the trusted settings: a threshold flag of 50% passes the 40% change, 🚀 and ✅', async () => {
    const dir = artifact();
    onComment('/benchmark deep', 'maintainer', { BENCHGATE_REQUEST: JSON.stringify(REQUEST) });
    publishIn();
    expect(await main(['benchmark-command', 'publish', '--from', dir, '--threshold', '50'], { platform: quiet })).toBe(0);
    expect(reactions()).toEqual([`${COMMENT_ID}:rocket`]);
    expect(replies().at(-1)).toMatch(/^✅ `\/benchmark` on 1111111: benchgate: pass/);
  });

  it('refuses an artifact for other commits (exit 2, ❌), and says so when there is no results log (exit 3)', async () => {
    onComment('/benchmark', 'maintainer', { BENCHGATE_REQUEST: JSON.stringify(REQUEST) });
    publishIn();
    expect(await main(['benchmark-command', 'publish', '--from', artifact(BASE, '5'.repeat(40))], { platform: quiet })).toBe(2);
    expect(replies().at(-1)).toMatch(/not for the accepted commits/);
    expect(fake.checkRuns).toEqual([]);
    expect(await main(['benchmark-command', 'publish', '--from', tempDir('benchgate-empty-')], { platform: quiet })).toBe(3);
    expect(replies().at(-1)).toMatch(/wrote no results log/);
  });

  it('refuses a request for another comment than this run’s', async () => {
    onComment('/benchmark', 'maintainer', { BENCHGATE_REQUEST: JSON.stringify({ ...REQUEST, commentId: 5 }) });
    publishIn();
    expect(await main(['benchmark-command', 'publish', '--from', artifact()], { platform: quiet })).toBe(2);
    expect(fake.requests).toEqual([]);
  });
});
