/**
 * dist/index.js as the runner runs it, on a shallow clone of a repository whose pull request
 * makes every benchmark but one twice as slow, against a local stand-in for the GitHub API.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { git, makeRepo, ROOT, tempDir } from '../../e2e/helpers.js';
import type { ComparisonResult } from '../../../src/model.js';
import { FakeGitHub } from './fake-github.js';
import { expectPlainText } from './render.js';
import { eventFile, runAction, workflowCommands, type StepResult } from './runner.js';

const CORPUS = JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/github/corpus.json'), 'utf8')) as string[];
const NAMES = [...CORPUS, 'scale.mjs:1'];
const TOKEN = 'ghs_fake0token0for0tests';

function fixtureRepo(): { origin: string; baseSha: string; headSha: string } {
  const bench = readFileSync(path.join(ROOT, 'tests/fixtures/github/bench-repo/bench.mjs'), 'utf8');
  const origin = makeRepo([
    { 'bench.mjs': bench, 'names.json': JSON.stringify(NAMES), 'scale.mjs': 'export const SCALE = 1;\n' },
    { 'scale.mjs': 'export const SCALE = 2;\n' },
  ]);
  return { origin, baseSha: git(origin, 'rev-parse', 'HEAD~1').trim(), headSha: git(origin, 'rev-parse', 'HEAD').trim() };
}

/** actions/checkout with fetch-depth 1: only the head commit is there; benchgate fetches the base. */
function shallowClone(origin: string): string {
  const dir = path.join(tempDir('benchgate-workspace-'), 'widgets');
  git(path.dirname(dir), 'clone', '-q', '--depth', '1', `file://${origin}`, dir);
  return dir;
}

describe('the action on a pull request with a real regression', () => {
  const fake = new FakeGitHub();
  const repo = fixtureRepo();
  const workspace = shallowClone(repo.origin);
  const event = eventFile('pull_request.json', { BASE_SHA: repo.baseSha, HEAD_SHA: repo.headSha });
  const inputs = {
    build: `node -e "console.log('token', process.env.INPUT_TOKEN ? 'inherited' : 'withheld')"`,
    bench: 'node bench.mjs',
    format: 'benchgate',
    rounds: '8',
    warmup: '0',
    seed: '11',
    threshold: '10',
    suite: 'widgets',
    source: 'bench.mjs',
    token: TOKEN,
    comment: 'on',
    check: 'on',
  };
  let env: Record<string, string>;
  let first: StepResult;

  beforeAll(async () => {
    const api = await fake.start();
    env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'acme/widgets', GITHUB_API_URL: api };
    first = await runAction(workspace, inputs, env);
  });
  afterAll(() => fake.stop());

  it('fails the step with exit code 1 and sets the outputs', () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(1);
    expect(first.outputs.verdict).toBe('fail');
    const results = JSON.parse(readFileSync(first.outputs['results-path']!, 'utf8')) as ComparisonResult;
    const verdict = (name: string) => results.comparisons.find((c) => c.benchmark === name && c.metric === 'time')!.verdict;
    for (const name of NAMES) expect(verdict(name)).toBe('regression');
    // "steady" times the same work on both sides with real CPU time: its verdict is the machine's
    // noise (an A/A pair), so only its being compared is asserted, never what noise made of it.
    expect(results.comparisons.filter((c) => c.benchmark === 'steady' && c.metric === 'time')).toHaveLength(1);
    expect(first.outputs.regressions).toBe(String(results.counts.regression));
    expect(first.outputs.improvements).toBe(String(results.counts.improvement));
    expect(results.base.sha).toBe(repo.baseSha);
    expect(results.head.sha).toBe(repo.headSha);
    expect(existsSync(first.outputs['summary-path']!)).toBe(true);
    expect(path.basename(first.outputs['html-report']!)).toBe('report.html');
    expect(existsSync(first.outputs['html-report']!)).toBe(true);
    expect(first.outputs['exit-code']).toBe('1');
    expect(readFileSync(path.join(path.dirname(first.outputs['results-path']!), 'pull-request-number'), 'utf8')).toBe('42\n');
    expect(first.stdout).toMatch(/^::error::benchgate: the gate failed/m);
  });

  it('fetches the base commit the shallow clone lacks and groups each phase in the log', () => {
    expect(first.stdout).toContain(`${repo.baseSha} is not in this clone; fetching it from origin`);
    for (const group of ['resolve refs', 'build base', 'build head', 'analysis']) expect(first.stdout).toContain(`::group::${group}`);
    // The build (like the benchmarks) runs without the action's token in its environment.
    expect(first.stdout).toContain('[head] token withheld');
    expect(first.stdout).toMatch(/^round 8\/8 \((base, head|head, base)\) .*ETA/m);
  });

  it('writes the job summary with the verdict first and every regression', () => {
    expect(first.summary.split('\n')[0]).toMatch(/^### ❌ benchgate failed: \d+ regressions/);
    expect(first.summary).toContain('`scale.mjs:1`');
    expect((first.summary.match(/🔴 regression/g) ?? []).length).toBeGreaterThanOrEqual(NAMES.length);
    expectPlainText(first.summary, NAMES);
  });

  it('annotates each regression as an error, on the file its name names, else on the source input', () => {
    const errors = workflowCommands(first.stdout, ['error']).filter((c) => c.properties.title);
    // What a reader sees: the name as written (word joiners are invisible), no mention, no link.
    const visible = (text: string) => text.replaceAll('\u2060', '');
    for (const name of NAMES) expect(errors.filter((e) => visible(e.message).startsWith(`${name}:`))).toHaveLength(1);
    expect(errors.some((e) => /@everyone|http:\/\//.test(e.message))).toBe(false);
    expect(errors.every((e) => e.properties.title === 'benchgate: Regression in widgets')).toBe(true);
    const located = errors.find((e) => e.message.startsWith('scale.mjs:1:'))!;
    expect(located.properties).toMatchObject({ file: 'scale.mjs', line: '1' });
    // The others point at the file the source input names.
    for (const e of errors.filter((e) => e !== located)) expect(e.properties.file).toBe('bench.mjs');
  });

  it('creates one sticky comment and a failing check run on the head commit, with valid requests', () => {
    expect(fake.invalid).toEqual([]);
    expect(fake.calls('issues/create-comment')).toHaveLength(1);
    expect(fake.comments.get(42)).toHaveLength(1);
    const body = fake.comments.get(42)![0]!.body;
    expect(body).toMatch(/^<!-- benchgate:comment widgets -->\n### ❌/);
    expectPlainText(body.slice(body.indexOf('\n') + 1), NAMES);
    expectPlainText(String((fake.checkRuns[0]!.output as { summary: string }).summary), NAMES);
    expect(fake.checkRuns).toHaveLength(1);
    expect(fake.checkRuns[0]).toMatchObject({
      name: 'benchgate (widgets)',
      head_sha: repo.headSha,
      status: 'completed',
      conclusion: 'failure',
    });
    expect(fake.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true);
    // The runner masks the token from the add-mask command on; nothing else prints it.
    expect(first.stdout.split('\n').filter((l) => l.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);
  });

  it('updates the same comment on the next push instead of adding one', async () => {
    const second = await runAction(workspace, { ...inputs, rounds: '6' }, env);
    expect(second.code).not.toBeNull();
    expect(fake.invalid).toEqual([]);
    expect(fake.calls('issues/create-comment')).toHaveLength(1);
    expect(fake.calls('issues/update-comment')).toHaveLength(1);
    expect(fake.comments.get(42)).toHaveLength(1);
    expect(fake.checkRuns).toHaveLength(2);
  });

  it("degrades on a fork's read-only token: says so once per write, the exit code still gates", async () => {
    fake.forbidden.add('issues/update-comment');
    fake.forbidden.add('checks/create');
    const forked = await runAction(workspace, inputs, env);
    fake.forbidden.clear();
    expect(forked.code).toBe(1);
    expect(forked.outputs.verdict).toBeDefined();
    const warnings = workflowCommands(forked.stdout, ['warning']).map((w) => w.message);
    expect(warnings.filter((w) => w.includes('could not comment'))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('could not create a check run'))).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/lacks "checks: write"/);
    expect(forked.summary).toMatch(/^### /);
  });
});
