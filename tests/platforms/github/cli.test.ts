/**
 * `benchgate run` (from source) inside a GitHub Actions job: refs given next to the event, and
 * the config's settings reaching what the GitHub platform shows.
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { git, makeRepo, readResults, runCli, tempDir } from '../../e2e/helpers.js';
import { workflowCommands } from './runner.js';

/** Prints v.txt's number as the benchmark's time: base 1 ms, head 2 ms, no noise. */
const BENCH = `node -e "console.log(JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'x', unit: 'ms', values: [Number(require('fs').readFileSync('v.txt', 'utf8'))] }] }))"`;

describe('benchgate run in a GitHub job', () => {
  const repo = makeRepo([{ 'v.txt': '1', 'bench/x.mjs': '' }, { 'v.txt': '2' }, { 'v.txt': '3' }]);
  const [first, second, third] = ['HEAD~2', 'HEAD~1', 'HEAD'].map((ref) => git(repo, 'rev-parse', ref).trim()) as [string, string, string];
  const event = path.join(tempDir('benchgate-event-'), 'push.json');
  writeFileSync(event, JSON.stringify({ before: first, after: third }));

  async function run(flags: string[]) {
    const out = tempDir('benchgate-out-');
    const step = await runCli(['run', '--bench', BENCH, '--format', 'benchgate', '--warmup', '0', '--out', out, ...flags], {
      cwd: repo,
      env: {
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: event,
        GITHUB_WORKSPACE: repo,
        GITHUB_STEP_SUMMARY: '',
        GITHUB_TOKEN: '',
      },
    });
    expect(step.stderr).toBe('');
    const result = readResults(out);
    return { step, result, refs: { base: result.base.sha, head: result.head.sha } };
  }

  it('an explicit head wins over the event; the base still comes from the event', async () => {
    expect((await run(['--rounds', '4', '--head', 'HEAD~1'])).refs).toEqual({ base: first, head: second });
  });

  it('an explicit base alone is compared with the checkout, not the event head', async () => {
    git(repo, 'checkout', '-q', '--detach', 'HEAD~1');
    try {
      expect((await run(['--rounds', '4', '--base', first])).refs).toEqual({ base: first, head: second });
    } finally {
      git(repo, 'checkout', '-q', 'main');
    }
  });

  it('neither: both from the event', async () => {
    expect((await run(['--rounds', '4'])).refs).toEqual({ base: first, head: third });
  });

  it("annotates the regression on the config's source file, from the working directory", async () => {
    writeFileSync(path.join(repo, '.benchgate.yml'), 'source: x.mjs:7\nworking-directory: bench\nsuite: widgets\n');
    const { step, result } = await run(['--rounds', '6', '--head', 'HEAD~1', '--bench', BENCH.replace('v.txt', '../v.txt')]);
    expect(result.comparisons.find((c) => c.benchmark === 'x')!.verdict).toBe('regression');
    // Only x's own annotation: the (process) cost comparisons vary with the machine.
    const errors = workflowCommands(step.stdout, ['error']).filter((e) => e.message.startsWith('x: '));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.properties).toMatchObject({ file: 'bench/x.mjs', line: '7', title: 'benchgate: Regression in widgets' });
  });
});
