/**
 * A gate that cannot fail is refused (analysis/reach.ts): `--rounds 1` before anything is built,
 * and a plan that one benchmark could fail but the real family (known after the warm-up) cannot,
 * before the measured rounds; both exit 2 naming the rounds needed. `analyze` of such a log warns
 * in the headline. The CLI runs in process (tests/helpers/in-process-cli.ts) over scripted runs.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commands, fakeExecutor, type FakeCall } from '../helpers/fake-executor.js';
import { runInProcess, runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { extraWorktrees, makeRepo, tempDir } from './helpers.js';

/** 30 benchmarks in benchgate's format, values that do not matter (they differ by run). */
const thirty = (call: FakeCall) => {
  const benchmarks = Array.from({ length: 30 }, (_, i) => ({ name: `b${i}`, unit: 'ms', values: [1 + ((call.run * 7 + i) % 10) / 1000] }));
  return { stdout: `${JSON.stringify({ benchgate: 1, benchmarks })}\n` };
};
const BENCH = 'node bench.mjs';
const run = (repo: string, out: string, flags: string[], fake = fakeExecutor(commands({ [BENCH]: thirty }))) =>
  runLastCommitInProcess(repo, BENCH, out, flags, fake);

describe('a gate that cannot fail', () => {
  it('--rounds 1: exit 2 before any build or worktree, naming 4 rounds (the smallest exact Mann-Whitney p at 3 is 0.1)', async () => {
    const repo = makeRepo([{ 'bench.mjs': '' }, {}]);
    const fake = fakeExecutor(commands({ [BENCH]: thirty, make: {} }));
    const r = await run(repo, tempDir(), ['--rounds', '1', '--build', 'make', '--format', 'benchgate'], fake);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/even one benchmark at rounds 1, no change can reach the level \(0\.050\).*use rounds 4 or more/);
    expect(extraWorktrees(repo)).toEqual([]);
    // Nothing was built, nor run.
    expect(fake.calls).toEqual([]);
  });

  it('30 benchmarks at 5 rounds: one could fail, 30 under Holm cannot: exit 2 after the warm-up, no measured round, naming 7', async () => {
    const repo = makeRepo([{ 'bench.mjs': '' }, {}]);
    const out = tempDir();
    const r = await run(repo, out, ['--rounds', '5', '--warmup', '1', '--format', 'benchgate', '--seed', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/with 30 gating comparisons at rounds 5, no change can reach the level \(0\.0017\).*use rounds 7 or more/);
    const lines = readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['header', 'end']);

    // The same plan with fail-on none gates nothing by choice: not refused; analyze of its log warns in the headline.
    const off = tempDir();
    expect((await run(repo, off, ['--rounds', '5', '--warmup', '0', '--format', 'benchgate', '--fail-on', 'none'])).code).toBe(0);
    const again = tempDir();
    const analysed = await runInProcess(
      ['analyze', path.join(off, 'results.jsonl'), '--fail-on', 'regression', '--out', again],
      fakeExecutor(commands({})),
    );
    expect(analysed.code).toBe(0);
    expect(analysed.stdout).toMatch(/warning: with 30 gating comparisons at rounds 5, .*use rounds 7 or more/);
    expect(readFileSync(path.join(again, 'comment.md'), 'utf8')).toMatch(
      /^### ⚠️ benchgate passed, but its gate could not fail \(too few rounds\)/,
    );
  });
});
