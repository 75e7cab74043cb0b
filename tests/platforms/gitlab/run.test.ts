/**
 * `benchgate run` (the real CLI) inside a GitLab merge request job: shallow clone, CI_*
 * variables, the notes API served from 127.0.0.1. The head commit's benchmark is 50% slower
 * by construction (deterministic values), so the verdicts cannot flip.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { markdownCodeCell } from '../../../src/report/escape.js';
import { runCli, tempDir, type CliResult } from '../../e2e/helpers.js';
import { startFakeGitLab, TOKEN_USER, type FakeGitLab } from './fake-gitlab.js';
import { EVIL_NAME, MR_IID, PROJECT_ID, TOKEN, gitlabEnv, makeMergeRequestClone, type MergeRequestClone } from './fixture.js';
import { hasTool, itWhen } from '../../helpers/toolchains.js';

const XSD = path.join(import.meta.dirname, '..', '..', 'fixtures', 'gitlab', 'junit-10.xsd');
const itWithXmllint = itWhen(() => hasTool('xmllint', '--version'));

const MARKER = '<!-- benchgate-note:benchgate -->';
const RUN_ARGS = ['run', '--bench', 'node bench.mjs', '--format', 'benchgate', '--rounds', '6', '--warmup', '0', '--seed', '3'];

interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

describe('benchgate run in a GitLab merge request pipeline', () => {
  let clone: MergeRequestClone;
  let gitlab: FakeGitLab;
  let out: string;
  let tokenProbe: string;
  let first: CliResult;
  let second: CliResult;
  let notesAfterFirst: { id: number; body: string }[];
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

  beforeAll(async () => {
    clone = makeMergeRequestClone();
    gitlab = await startFakeGitLab({ projectId: PROJECT_ID, mergeRequestIid: MR_IID, token: TOKEN, otherNotes: 120 });
    out = tempDir();
    tokenProbe = path.join(tempDir(), 'token-seen');
    const env = gitlabEnv(clone, gitlab.apiUrl, { TOKEN_PROBE: tokenProbe, BENCHGATE_PASS_ENV: 'TOKEN_PROBE' });
    first = await runCli([...RUN_ARGS, '--out', out], { cwd: clone.dir, env });
    notesAfterFirst = gitlab.notes.map((n) => ({ ...n }));
    second = await runCli([...RUN_ARGS, '--out', out], { cwd: clone.dir, env });
  }, 120_000);

  afterAll(() => gitlab.close());

  it('fetches the merge base the shallow clone lacks and compares base and head from CI_* variables', () => {
    expect(first.stderr).toContain(`${clone.baseSha} is not in this clone; fetching it from origin`);
    expect(first.stderr).toContain(`head ${clone.headSha} = ${clone.headSha}`);
  });

  it('fails the job on the regression (exit code 1) and writes the dotenv report', () => {
    expect(first.code).toBe(1);
    expect(second.code).toBe(1);
    const dotenv = Object.fromEntries(
      read('benchgate.env')
        .trim()
        .split('\n')
        .map((l) => l.split('=')),
    );
    expect(dotenv).toMatchObject({
      BENCHGATE_VERDICT: 'fail',
      BENCHGATE_GATE_FAILED: 'true',
      BENCHGATE_REGRESSION: '1',
      BENCHGATE_ROUNDS_COMPLETED: '6',
      BENCHGATE_BASE_SHA: clone.baseSha,
      BENCHGATE_HEAD_SHA: clone.headSha,
    });
    expect(Number(dotenv.BENCHGATE_COMPARISONS)).toBeGreaterThanOrEqual(2);
  });

  it('wraps each phase in a collapsible GitLab log section', () => {
    for (const phase of ['resolve_refs', 'analysis']) {
      expect(first.stderr).toMatch(new RegExp(`\\x1b\\[0Ksection_start:\\d+:benchgate_\\d+_${phase}\\[collapsed=true\\]\\r\\x1b\\[0K`));
      expect(first.stderr).toMatch(new RegExp(`\\x1b\\[0Ksection_end:\\d+:benchgate_\\d+_${phase}\\r\\x1b\\[0K`));
    }
  });

  it('creates the sticky MR note once, then updates the same note in place', () => {
    const created = notesAfterFirst.filter((n) => n.body.includes(MARKER));
    expect(created).toHaveLength(1);
    const mine = gitlab.notes.filter((n) => n.body.includes(MARKER));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.id).toBe(created[0]!.id);
    const writes = gitlab.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    const notes = `/api/v4/projects/${PROJECT_ID}/merge_requests/${MR_IID}/notes`;
    expect(writes).toEqual([`POST ${notes}`, `PUT ${notes}/${created[0]!.id}`]);
    expect(gitlab.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(first.stderr).toContain(`posted a benchgate note on merge request !${MR_IID}`);
    expect(second.stderr).toContain(`updated the benchgate note on merge request !${MR_IID}`);
  });

  it('posts comment.md from --out as written, under the marker, within 5 KB', () => {
    const body = gitlab.notes.find((n) => n.body.includes(MARKER))!.body;
    expect(body).toBe(`${MARKER}\n${read('comment.md')}`);
    expect(body).toMatch(/^.*\n### ❌ benchgate failed: 1 regression/);
    expect(Buffer.byteLength(read('comment.md'))).toBeLessThanOrEqual(5 * 1024);
  });

  it('escapes the benchmark name in the note: it appears only inside a code span', () => {
    const body = gitlab.notes.find((n) => n.body.includes(MARKER))!.body;
    expect(body).toContain(markdownCodeCell(EVIL_NAME));
    const outsideCode = body.replace(markdownCodeCell(EVIL_NAME), '');
    for (const raw of ['<b>', '@all', '](https://evil', '\u0001']) expect(outsideCode).not.toContain(raw);
  });

  it('never shows the API token to the benchmark commands', () => {
    const seen = readFileSync(tokenProbe, 'utf8').trim().split('\n');
    expect(seen.length).toBeGreaterThanOrEqual(12);
    expect(new Set(seen)).toEqual(new Set(['absent']));
  });

  itWithXmllint('writes JUnit XML that validates against the JUnit schema', () => {
    const r = spawnSync('xmllint', ['--noout', '--schema', XSD, path.join(out, 'junit.xml')], { encoding: 'utf8' });
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
  });

  it('makes the regression a failed JUnit test case whose message holds change, CI and p, with the name escaped', () => {
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true }).parse(read('junit.xml'));
    const cases = [xml.testsuites.testsuite.testcase].flat() as Record<string, unknown>[];
    expect(cases.filter((c) => c.failure)).toHaveLength(1);
    const evil = cases.find((c) => c.failure)!;
    // The control character XML cannot hold becomes U+FFFD; every other character survives.
    expect(evil.name).toBe(EVIL_NAME.replace('\u0001', '\ufffd'));
    const failure = evil.failure as Record<string, string>;
    expect(failure.type).toBe('regression');
    expect(failure.message).toMatch(/\+50\.0% \[\+\d+\.\d+%, \+\d+\.\d+%\] \(p = 0\.\d{4}, adjusted p = 0\.\d{4}; threshold 2%/);
    const steady = cases.find((c) => c.name === 'steady')!;
    expect(steady.failure).toBeUndefined();
    expect(xml.testsuites.failures).toBe('1');
  });

  it('lists the regression in the Code Quality report with the fields GitLab requires, name intact', () => {
    const issues = JSON.parse(read('gl-code-quality-report.json')) as CodeQualityIssue[];
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue).toMatchObject({
      check_name: 'benchgate-regression',
      severity: 'major',
      location: { path: '.gitlab-ci.yml', lines: { begin: 1 } },
    });
    expect(issue!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // The name as printed, its control character shown as U+FFFD (GitLab would decode an escaped one).
    expect(issue!.description).toContain(EVIL_NAME.replace('\u0001', '\ufffd'));
    expect(issue!.description).toContain('+50.0%');
  });

  it('writes OpenMetrics whose label values survive GitLab’s line reader', () => {
    const lines = read('metrics.txt').trim().split('\n');
    expect(lines.at(-1)).toBe('# EOF');
    const change = lines.filter((l) => l.startsWith('benchgate_change_percent{'));
    expect(change.filter((l) => l.includes('benchmark="steady"'))).toEqual([
      'benchgate_change_percent{suite="benchmarks",benchmark="steady",metric="time"} 0',
    ]);
    for (const line of lines.filter((l) => !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_]+\{([a-z]+="[^"#\\]*",?)+\} -?[\d.e+-]+$/);
    }
    expect(
      change.some(
        (l) =>
          /^benchgate_change_percent\{suite="benchmarks",benchmark="<b>_x_ & _y_<\/b> @all _1 \]\]> \| `tick`/.test(l) && / 50$/.test(l),
      ),
    ).toBe(true);
  });
});

describe('the MR note when GitLab says no, or no token is set', () => {
  // `benchgate analyze` publishes through the same platform without running anything again.
  let clone: MergeRequestClone;
  let gitlab: FakeGitLab;
  let log: string;

  beforeAll(async () => {
    clone = makeMergeRequestClone();
    gitlab = await startFakeGitLab({ projectId: PROJECT_ID, mergeRequestIid: MR_IID, token: TOKEN, otherNotes: 0 });
    const out = tempDir();
    const r = await runCli([...RUN_ARGS, '--out', out], {
      cwd: clone.dir,
      env: gitlabEnv(clone, gitlab.apiUrl, { BENCHGATE_GITLAB_TOKEN: '' }),
    });
    expect(r.code).toBe(1);
    log = path.join(out, 'results.jsonl');
  }, 120_000);

  afterAll(() => gitlab.close());

  const analyze = (env: NodeJS.ProcessEnv) =>
    runCli(['analyze', log, '--out', tempDir()], { cwd: clone.dir, env: gitlabEnv(clone, gitlab.apiUrl, env) });

  it.each([
    ['an unknown or revoked token (401)', 401, null, 'glpat-revoked'],
    ['a token without access to the project (403)', 403, 403, TOKEN],
  ])('degrades %s to one log line; the gate still decides the exit code', async (_label, status, refuseWith, token) => {
    gitlab.refuseWith = refuseWith;
    const r = await analyze({ BENCHGATE_GITLAB_TOKEN: token });
    gitlab.refuseWith = null;
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.includes('MR note'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`GitLab refused the MR note (${status})`);
    expect(r.stderr).not.toContain(token);
    expect(gitlab.notes).toHaveLength(0);
  });

  it('says in one log line how to enable the note when no token is set, and calls no API', async () => {
    const before = gitlab.requests.length;
    const r = await analyze({ BENCHGATE_GITLAB_TOKEN: '' });
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.includes('BENCHGATE_GITLAB_TOKEN'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^MR note skipped: .*project access token with the api scope/);
    expect(gitlab.requests.length).toBe(before);
  });

  it('leaves a note that only quotes the marker alone and posts its own', async () => {
    const quoting = `Why does this fail?\n> ${MARKER}\n> regression`;
    const other = await startFakeGitLab({
      projectId: PROJECT_ID,
      mergeRequestIid: MR_IID,
      token: TOKEN,
      otherNotes: 0,
      otherBodies: [quoting],
    });
    try {
      const r = await runCli(['analyze', log, '--out', tempDir()], { cwd: clone.dir, env: gitlabEnv(clone, other.apiUrl) });
      expect(r.stderr).toContain(`posted a benchgate note on merge request !${MR_IID}`);
      expect(other.notes.map((n) => n.body.startsWith(MARKER))).toEqual([false, true]);
      expect(other.notes[0]!.body).toBe(quoting);
    } finally {
      await other.close();
    }
  });

  it("never edits another user's note that starts with the marker: it posts its own", async () => {
    const planted = `${MARKER}\n### ✅ benchgate: safe to merge`;
    const other = await startFakeGitLab({
      projectId: PROJECT_ID,
      mergeRequestIid: MR_IID,
      token: TOKEN,
      otherNotes: 0,
      otherBodies: [planted],
    });
    try {
      const r = await runCli(['analyze', log, '--out', tempDir()], { cwd: clone.dir, env: gitlabEnv(clone, other.apiUrl) });
      expect(r.stderr).toContain(`posted a benchgate note on merge request !${MR_IID}`);
      expect(r.stderr).not.toContain('refused');
      expect(other.notes.map((n) => [n.author.id, n.body.startsWith(MARKER)])).toEqual([
        [2, true],
        [TOKEN_USER.id, true],
      ]);
      expect(other.notes[0]!.body).toBe(planted);
      expect(other.requests.filter((q) => q.method === 'PUT')).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('passes with --fail-on none: the regression is reported but no test case fails', async () => {
    const out = tempDir();
    const r = await runCli(['analyze', log, '--fail-on', 'none', '--out', out], { cwd: clone.dir, env: gitlabEnv(clone, gitlab.apiUrl) });
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(out, 'junit.xml'), 'utf8')).not.toContain('<failure');
    const issues = JSON.parse(readFileSync(path.join(out, 'gl-code-quality-report.json'), 'utf8')) as CodeQualityIssue[];
    // The stand-in's regression; the (process) rows are real timings, whatever noise says of them.
    const benchmarks = issues.filter((i) => !i.description.includes('(process)'));
    expect(benchmarks.map((i) => i.severity)).toEqual(['minor']);
  });
});

describe('benchgate run in a GitLab branch pipeline (a push, no merge request variables)', () => {
  it('compares the explicit --base with the pushed commit, as the recording jobs do, and calls no API', async () => {
    const clone = makeMergeRequestClone();
    const out = tempDir();
    const env = gitlabEnv(clone, 'http://127.0.0.1:9/unreachable', {
      CI_PIPELINE_SOURCE: 'push',
      CI_COMMIT_BRANCH: 'main',
      CI_MERGE_REQUEST_DIFF_BASE_SHA: '',
      CI_MERGE_REQUEST_IID: '',
    });
    const r = await runCli([...RUN_ARGS, '--base', clone.baseSha, '--fail-on', 'none', '--out', out], { cwd: clone.dir, env });
    expect(r.code).toBe(0);
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as { base: { sha: string }; head: { sha: string } };
    expect(results.base.sha).toBe(clone.baseSha);
    expect(results.head.sha).toBe(clone.headSha);
    // Without --base there is nothing to compare with: a usage error, not a guess.
    const bare = await runCli([...RUN_ARGS, '--out', tempDir()], { cwd: clone.dir, env });
    expect(bare.code).toBe(2);
  }, 60_000);
});
