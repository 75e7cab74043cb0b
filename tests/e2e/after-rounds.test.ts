/**
 * Faults after the rounds (issue 13, item 4): each reaches the one error handler (exit.ts) with
 * a documented exit code and a message naming the file, and leaves no worktree behind; a run
 * with hundreds of thousands of values works. The CLI runs in process over scripted runs
 * (tests/helpers/in-process-cli.ts); the large runs and the output cap stay real processes.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execMeasured } from '../../src/runner/exec.js';
import { fakeExecutor, type FakeScript } from '../helpers/fake-executor.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { extraWorktrees, makeRepo, readResults, runCli, tempDir } from './helpers.js';

const LOCAL = { GITHUB_ACTIONS: '', GITLAB_CI: '' };
const BENCH = 'node bench.mjs';
const FLAGS = ['--base', 'HEAD~1', '--format', 'benchgate', '--rounds', '4', '--warmup', '0'];
/** Every run prints one value of x. */
const ONE_VALUE: FakeScript = () => ({
  stdout: `${JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'x', unit: 'ms', values: [1] }] })}\n`,
});
const run = (repo: string, flags: string[]) =>
  runInProcess(['run', '--repo', repo, '--bench', BENCH, ...FLAGS, ...flags], fakeExecutor(ONE_VALUE));

describe('an error after the rounds reaches the one handler', () => {
  const repo = makeRepo([{ 'a.txt': '1' }, { 'a.txt': '2' }]);

  it('--out naming a file: exit 2, the path named, no worktree left', async () => {
    const file = path.join(tempDir(), 'not-a-dir');
    writeFileSync(file, '');
    const step = await run(repo, ['--out', file]);
    expect(step.code).toBe(2);
    expect(step.stderr).toMatch(/benchgate: cannot (open|mkdir) .*not-a-dir.*: (ENOTDIR|EEXIST)/);
    expect(step.stderr).not.toContain('internal error');
    expect(extraWorktrees(repo)).toEqual([]);
  });

  it('a report path that is a directory (EISDIR) after the rounds: exit 2, the file named, the log kept', async () => {
    const out = tempDir();
    mkdirSync(path.join(out, 'summary.md'));
    const step = await run(repo, ['--out', out]);
    expect(step.code).toBe(2);
    expect(step.stderr).toContain(`benchgate: cannot write ${path.join(out, 'summary.md')}: EISDIR`);
    expect(step.stderr).toContain('round 4/4');
    expect(extraWorktrees(repo)).toEqual([]);
  });
});

// The real CLI: in jest's vm context the analysis of 400,000 values takes twice as long (about
// 16 s against 7 s: every global the statistics touch, Number and Math, is looked up through the
// context), and the point here is the analysis, not the runs.
describe('large runs', () => {
  /** One run printing 200,000 values of one benchmark (base 1 ms, head 2 ms, a small spread). */
  const script = (ms: number) =>
    `const values = Array.from({ length: 200000 }, (_, i) => ${ms} + (i % 7) / 1000);\nconsole.log(JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'big', unit: 'ms', values }] }));\n`;
  const repo = makeRepo([{ 'bench.mjs': script(1) }, { 'bench.mjs': script(2) }]);

  it.each(['run', 'pooled'])(
    '200,000 values in one run (sampling %s): analysed, no stack overflow',
    async (sampling) => {
      const out = tempDir();
      // Two rounds of one value per run are too few for a gate that could fail (analysis/reach.ts): it is off for them.
      const few = ['--rounds', '2', ...(sampling === 'run' ? ['--fail-on', 'none'] : [])];
      const step = await runCli(['run', '--bench', 'node bench.mjs', ...FLAGS, ...few, '--sampling', sampling, '--out', out], {
        cwd: repo,
        env: LOCAL,
      });
      expect(step.stderr).not.toContain('internal error');
      expect(step.code).toBe(sampling === 'pooled' ? 1 : 0);
      const big = readResults(out).comparisons.find((c) => c.benchmark === 'big')!;
      expect(big.head!.n).toBe(sampling === 'pooled' ? 400_000 : 2);
    },
    180_000,
  );
});

describe('output over the cap', () => {
  it('stops the command at the cap and says so, instead of reading it into one string', async () => {
    const endless = `node -e "const s = 'x'.repeat(65536); setInterval(() => process.stdout.write(s), 0)"`;
    const r = await execMeasured(endless, { cwd: tempDir(), env: process.env, timeoutSec: 60, maxStdoutBytes: 1_000_000 });
    expect(r.outputLimitExceeded).toBe(true);
    expect(r.timedOut).toBe(false);
    expect(r.signal).toBe('SIGKILL');
    expect(r.stdout.length).toBeLessThanOrEqual(1_000_000);
  }, 60_000);
});
