/**
 * The CLI on the scenarios of issue 12, in process over scripted runs (tests/helpers/in-process-cli.ts):
 * a head whose process holds 30 MB more while its one benchmark is unchanged passes, with the
 * (process) rows reported apart; an unknown --format is exit 2 before any worktree; a hand-edited
 * log with a non-numeric value is exit 2, never 1; a bench that cannot import its package says so,
 * with the hint to install it in `build`.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bySide, commands, fakeExecutor, type FakeCall, type FakeScript } from '../helpers/fake-executor.js';
import { runInProcess, runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { extraWorktrees, makeRepo, readResults, tempDir } from './helpers.js';

const BENCH = 'node bench.mjs';

/**
 * What tests/helpers/import-cost-bench.ts's stand-in prints: "work" at values that depend only on
 * the round (base and head the same), in a process that lives 400 ms holding `mb` megabytes more
 * than its ~40 MB of node.
 */
const importCost = (mb: number) => (call: FakeCall) => {
  const values = [1, 2, 3].map((i) => 10 + ((call.round * 7 + i * 3) % 5) / 10);
  return {
    stdout: JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'work', unit: 'ms', values }] }),
    wallMs: 450,
    maxRssKb: (40 + mb) * 1024,
  };
};

const run = (repo: string, out: string, script: FakeScript, ...extra: string[]) =>
  runLastCommitInProcess(
    repo,
    BENCH,
    out,
    ['--rounds', '6', '--warmup', '0', '--seed', '1', ...extra],
    fakeExecutor(commands({ [BENCH]: script })),
  );
const analyze = (log: string, ...extra: string[]) => runInProcess(['analyze', log, ...extra], fakeExecutor(commands({})));

describe('the CLI gates only what the user chose, and exits as documented', () => {
  it('30 MB allocated at import, the benchmark unchanged: exit 0, the (process) rows reported in their own section', async () => {
    const repo = makeRepo([{ 'bench.mjs': '', 'load.mjs': '1' }, { 'load.mjs': '30' }]);
    const out = tempDir();
    const r = await run(repo, out, bySide({ base: importCost(1), head: importCost(30) }), '--format', 'benchgate');
    expect(r.code).toBe(0);
    const result = readResults(out);
    const rss = result.comparisons.find((c) => c.benchmark === '(process)' && c.metric === 'max-rss')!;
    expect(rss).toMatchObject({ gating: false, notGating: 'process' });
    expect(rss.changePct!).toBeGreaterThan(20);
    expect(result.comparisons.find((c) => c.benchmark === 'work')).toMatchObject({ gating: true, verdict: 'unchanged' });
    expect(r.stdout).toMatch(/^suite benchmarks, process cost: /m);
    expect(r.stdout).toMatch(/\(process\) \[max-rss\].*not gating: process cost/);

    // Chosen, the process cost gates: the same change then fails it.
    const gated = await analyze(path.join(out, 'results.jsonl'), '--gate-process', 'on', '--out', tempDir());
    expect(gated.code).toBe(1);
  });

  it('an unknown --format: exit 2 naming the valid ones, before any worktree or output', async () => {
    const repo = makeRepo([{ 'bench.mjs': '', 'load.mjs': '1' }, {}]);
    const out = path.join(tempDir(), 'out');
    const r = await run(repo, out, importCost(1), '--format', 'gobench');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format: unknown format "gobench"; valid formats: auto, command, .*\bgo\b/);
    expect(extraWorktrees(repo)).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  it('a hand-edited log with a non-numeric value: exit 2 naming the line, never 1', async () => {
    const repo = makeRepo([{ 'bench.mjs': '', 'load.mjs': '1' }, {}]);
    const out = tempDir();
    expect((await run(repo, out, importCost(1), '--format', 'benchgate', '--rounds', '4')).code).toBe(0);
    const log = path.join(out, 'results.jsonl');
    const lines = readFileSync(log, 'utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"run"'));
    lines[i] = lines[i]!.replace(/"values":\[[0-9.]+/, '"values":["fast"');
    writeFileSync(log, lines.join('\n'));
    const r = await analyze(log, '--out', tempDir());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`results.jsonl:${i + 1}`);
  });

  it('a bench that cannot import its package: exit 3 with the error line and the hint to install it in build', async () => {
    const repo = makeRepo([{ 'bench.mjs': "import 'left-pad-missing';\n" }, {}]);
    // What node prints for that import: a stack trace whose first line says why.
    const missing = {
      exitCode: 1,
      stderr: [
        'node:internal/modules/esm/resolve:873',
        '  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
        '        ^',
        '',
        "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad-missing' imported from /tmp/bench.mjs",
        '    at packageResolve (node:internal/modules/esm/resolve:873:9)',
        '',
        'Node.js v20.19.0',
        '',
      ].join('\n'),
    };
    const r = await run(repo, tempDir(), () => missing, '--format', 'benchgate');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/exited with code 1: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'left-pad-missing'.*build: npm ci/);
  });
});
