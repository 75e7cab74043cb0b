/**
 * What gates, through dist/index.js on pull_request events: a change only in the harness
 * process's own cost (60 MB allocated at import) is reported in its own section and passes; a
 * regression on a pull request that carries the override label (read from the API) passes too,
 * with the report and the label named.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../../../src/model.js';
import { IMPORT_COST_BENCH, loadModule } from '../../helpers/import-cost-bench.js';
import { git, makeRepo, tempDir } from '../../e2e/helpers.js';
import { FakeGitHub } from './fake-github.js';
import { eventFile, runAction, type StepResult } from './runner.js';

/** The benchmark's values are SCALE times the round's; head doubles SCALE: a regression whatever the machine's load. */
const SCALED = `import { SCALE } from './scale.mjs';
const round = Number(process.env.BENCHGATE_ROUND ?? 1);
const values = [1, 2, 3].map((i) => SCALE * (10 + ((round * 7 + i * 3) % 5) / 10));
process.stdout.write(JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'work', unit: 'ms', values }] }));
`;

function clone(origin: string): string {
  const dir = path.join(tempDir('benchgate-workspace-'), 'repo');
  git(path.dirname(dir), 'clone', '-q', `file://${origin}`, dir);
  return dir;
}

async function runOn(
  commits: Record<string, string>[],
  inputs: Record<string, string>,
  api: string,
): Promise<{ step: StepResult; result: ComparisonResult }> {
  const origin = makeRepo(commits);
  const [baseSha, headSha] = [git(origin, 'rev-parse', 'HEAD~1').trim(), git(origin, 'rev-parse', 'HEAD').trim()];
  const event = eventFile('pull_request.json', { BASE_SHA: baseSha, HEAD_SHA: headSha });
  const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'acme/widgets', GITHUB_API_URL: api };
  const step = await runAction(
    clone(origin),
    {
      bench: 'node bench.mjs',
      format: 'benchgate',
      rounds: '8',
      warmup: '0',
      seed: '3',
      comment: 'off',
      check: 'off',
      token: 'ghs_fake',
      ...inputs,
    },
    env,
  );
  return { step, result: JSON.parse(readFileSync(step.outputs['results-path']!, 'utf8')) as ComparisonResult };
}

describe('the action gates only what the user chose', () => {
  const fake = new FakeGitHub();
  let api: string;
  beforeAll(async () => {
    api = await fake.start();
  });
  afterAll(() => fake.stop());

  it('reports a process-only change (60 MB more at import) in its own section, and passes', async () => {
    const { step, result } = await runOn(
      [{ 'bench.mjs': IMPORT_COST_BENCH, 'load.mjs': loadModule(1) }, { 'load.mjs': loadModule(60) }],
      {},
      api,
    );
    expect(step.code).toBe(0);
    const rss = result.comparisons.find((c) => c.benchmark === '(process)' && c.metric === 'max-rss')!;
    expect(rss).toMatchObject({ gating: false, notGating: 'process', pAdjusted: null });
    expect(rss.changePct!).toBeGreaterThan(100);
    expect(result.comparisons.find((c) => c.benchmark === 'work')).toMatchObject({ gating: true, verdict: 'unchanged' });
    expect(result.gateFailed).toBe(false);
    expect(step.summary).toMatch(/process cost/);
    expect(step.summary).toMatch(/\(process\) \[max-rss\].*not gating: process cost/);
  }, 180_000);

  it('lets a regression pass when the pull request has the override label, and names it and who applied it', async () => {
    fake.labels.set(42, [
      { name: 'documentation', by: 'bob' },
      { name: 'benchmarks-override', by: 'alice' },
    ]);
    const commits: Record<string, string>[] = [
      { 'bench.mjs': SCALED, 'scale.mjs': 'export const SCALE = 1;\n' },
      { 'scale.mjs': 'export const SCALE = 2;\n' },
    ];
    const { step, result } = await runOn(commits, { 'override-label': 'benchmarks-override' }, api);
    expect(step.code).toBe(0);
    expect(result.comparisons.find((c) => c.benchmark === 'work')!.verdict).toBe('regression');
    expect(result.override).toEqual({ label: 'benchmarks-override', by: 'alice' });
    expect(result.gateFailed).toBe(false);
    // The summary's first line, without its markdown escapes (backslashes, &quot;, the word joiner after @).
    const first = step.summary
      .split('\n')[0]!
      .replace(/\\/g, '')
      .replace(/&quot;/g, '"')
      .replace(/\u2060/g, '');
    expect(first).toMatch(/passed by the label “benchmarks-override”, applied by @alice: 1 regression/);
    expect(fake.calls('issues/list-labels-on-issue')[0]!.params.issue_number).toBe('42');
    expect(fake.invalid).toEqual([]);

    // Without the label the same change fails the gate.
    fake.labels.set(42, []);
    const again = await runOn(commits, { 'override-label': 'benchmarks-override' }, api);
    expect(again.step.code).toBe(1);
    expect(again.result.override).toBeUndefined();
  }, 240_000);
});
