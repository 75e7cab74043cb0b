/**
 * The CLI on the scenarios of issue 12: a head that allocates 30 MB at import while its one
 * benchmark is unchanged passes, with the (process) rows reported apart; an unknown --format
 * is exit 2 before any worktree; a hand-edited log with a non-numeric value is exit 2, never 1;
 * a bench that cannot import its package says so, with the hint to install it in `build`.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IMPORT_COST_BENCH, loadModule } from '../helpers/import-cost-bench.js';
import { extraWorktrees, makeRepo, readResults, runCli, runLastCommit, tempDir } from './helpers.js';

const run = (repo: string, out: string, ...extra: string[]) =>
  runLastCommit(repo, 'node bench.mjs', out, ['--rounds', '6', '--warmup', '0', '--seed', '1', ...extra]);

describe('the CLI gates only what the user chose, and exits as documented', () => {
  it('30 MB allocated at import, the benchmark unchanged: exit 0, the (process) rows reported in their own section', async () => {
    const repo = makeRepo([{ 'bench.mjs': IMPORT_COST_BENCH, 'load.mjs': loadModule(1) }, { 'load.mjs': loadModule(30) }]);
    const out = tempDir();
    const r = await run(repo, out, '--format', 'benchgate');
    expect(r.code).toBe(0);
    const result = readResults(out);
    const rss = result.comparisons.find((c) => c.benchmark === '(process)' && c.metric === 'max-rss')!;
    expect(rss).toMatchObject({ gating: false, notGating: 'process' });
    expect(rss.changePct!).toBeGreaterThan(20);
    expect(result.comparisons.find((c) => c.benchmark === 'work')).toMatchObject({ gating: true, verdict: 'unchanged' });
    expect(r.stdout).toMatch(/^suite benchmarks, process cost: /m);
    expect(r.stdout).toMatch(/\(process\) \[max-rss\].*not gating: process cost/);

    // Chosen, the process cost gates: the same change then fails it.
    const gated = await runCli(['analyze', path.join(out, 'results.jsonl'), '--gate-process', 'on', '--out', tempDir()]);
    expect(gated.code).toBe(1);
  }, 120_000);

  it('an unknown --format: exit 2 naming the valid ones, before any worktree or output', async () => {
    const repo = makeRepo([{ 'bench.mjs': IMPORT_COST_BENCH, 'load.mjs': loadModule(1) }, {}]);
    const out = path.join(tempDir(), 'out');
    const r = await run(repo, out, '--format', 'gobench');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format: unknown format "gobench"; valid formats: auto, command, .*\bgo\b/);
    expect(extraWorktrees(repo)).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  it('a hand-edited log with a non-numeric value: exit 2 naming the line, never 1', async () => {
    const repo = makeRepo([{ 'bench.mjs': IMPORT_COST_BENCH, 'load.mjs': loadModule(1) }, {}]);
    const out = tempDir();
    expect((await run(repo, out, '--format', 'benchgate', '--rounds', '4')).code).toBe(0);
    const log = path.join(out, 'results.jsonl');
    const lines = readFileSync(log, 'utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"run"'));
    lines[i] = lines[i]!.replace(/"values":\[[0-9.]+/, '"values":["fast"');
    writeFileSync(log, lines.join('\n'));
    const r = await runCli(['analyze', log, '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`results.jsonl:${i + 1}`);
  }, 60_000);

  it('a bench that cannot import its package: exit 3 with the error line and the hint to install it in build', async () => {
    const repo = makeRepo([{ 'bench.mjs': "import 'left-pad-missing';\n" }, {}]);
    const r = await run(repo, tempDir(), '--format', 'benchgate');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/exited with code 1: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'left-pad-missing'.*build: npm ci/);
  }, 60_000);
});
