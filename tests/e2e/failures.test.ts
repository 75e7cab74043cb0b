/**
 * Failures end to end, in process (tests/helpers/in-process-cli.ts) over scripted runs: a failed
 * build, a crash, unreadable output, a time-out, refs that look like shell, benchmarks on one side,
 * command mode. SIGTERM stays a real CLI process: the point there is the signal.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Side } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { bySide, commands, fakeExecutor, type FakeCall, type FakeRun } from '../helpers/fake-executor.js';
import { runInProcess, runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { extraWorktrees, git, makeRepo, readResults, startCli, tempDir, verdictsOf } from './helpers.js';

/** benchgate JSON with one value per benchmark that differs by round (1.00<round> ms, as bench.sh's printf printed it). */
function printJson(names: string[], round: number): string {
  const value = Number(`1.00${Math.abs(round)}`);
  return `${JSON.stringify({ benchgate: 1, benchmarks: names.map((name) => ({ name, unit: 'ms', values: [value] })) })}\n`;
}

/** The bench printing benchgate JSON with fixed values; `extra` (a side's script) runs first, to fail or hang. */
function bench(extra: Partial<Record<Side, (call: FakeCall) => FakeRun | null>> = {}) {
  const side = (name: Side) => (call: FakeCall) => extra[name]?.(call) ?? { stdout: printJson(['fixed'], call.round) };
  return bySide({ base: side('base'), head: side('head') });
}

const BENCH = 'sh bench.sh';
const noProcesses = () => fakeExecutor(commands({}));

function run(repo: string, out: string, script: ReturnType<typeof commands>, ...extra: string[]) {
  return runLastCommitInProcess(
    repo,
    BENCH,
    out,
    ['--format', 'benchgate', '--rounds', '5', '--seed', '1', ...extra],
    fakeExecutor(script),
  );
}

/** `analyze` reads the log and exits 3: the run failed, or ended early (cancelled: an incomplete run never passes). */
async function analyzable(out: string, expectedCode: number[] = [3]) {
  const file = path.join(out, 'results.jsonl');
  const r = await runInProcess(['analyze', file, '--out', tempDir()], noProcesses());
  expect(expectedCode).toContain(r.code);
  return readLog(file);
}

/** A real bench script (for the SIGTERM test) printing benchgate JSON with fixed values after `extra`. */
function realBench(extra: string): string {
  const entry = '{"name": "fixed", "unit": "ms", "values": [1.00%s]}';
  return `#!/bin/sh\n${extra}\nprintf '{"benchgate": 1, "benchmarks": [${entry}]}\\n' "\${BENCHGATE_ROUND#-}"\n`;
}

describe('failures leave a clear message, the documented exit code, no worktrees and a readable log', () => {
  it('a failed build on base: exit 3, names the side, exit code and last lines', async () => {
    const repo = makeRepo([{ 'bench.sh': '' }, { 'build.sh': '' }]);
    const out = tempDir();
    const build = bySide({
      base: { stdout: 'compiling\n', stderr: 'error: missing header foo.h\n', exitCode: 7 },
      head: { stdout: 'ok\n' },
    });
    const r = await run(repo, out, commands({ [BENCH]: bench(), 'sh build.sh': build }), '--build', 'sh build.sh');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('build failed on base: exited with code 7');
    expect(r.stderr).toContain('error: missing header foo.h');
    expect(extraWorktrees(repo)).toEqual([]);
    const log = await analyzable(out);
    expect(log.end?.status).toBe('failed');
    expect(log.runs).toHaveLength(0);
    // The reports (the PR comment) say why nothing was measured, with the line that says why.
    const stopped = 'the run stopped: build failed on base: exited with code 7: error: missing header foo.h';
    expect(r.stdout).toContain(stopped);
    // Markdown escapes the dot of foo.h; the headline says why too.
    expect(readFileSync(path.join(out, 'summary.md'), 'utf8')).toContain(
      'benchgate could not decide: stopped before any result: build failed on base: exited with code 7: error: missing header foo\\.h',
    );
    expect(readResults(out)).toMatchObject({
      verdict: 'error',
      warnings: [{ code: 'run-failed', message: stopped }, { code: 'no-benchmarks' }],
    });
  });

  it('a benchmark that crashes in round 3: exit 3, the runs before it are kept', async () => {
    const repo = makeRepo([{ 'bench.sh': '' }, { 'bench.sh': '# head' }]);
    const out = tempDir();
    const crash = (call: FakeCall) => (call.round === 3 ? { stderr: 'segfault in fixed\n', exitCode: 139 } : null);
    const r = await run(repo, out, commands({ [BENCH]: bench({ head: crash }) }));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/head run in round 3\/5 failed: benchmark exited with code 139/);
    expect(r.stderr).toContain('segfault in fixed');
    expect(extraWorktrees(repo)).toEqual([]);
    const log = await analyzable(out);
    expect(log.runs.filter((x) => x.side === 'head' && !x.error).map((x) => x.round)).toEqual([1, 2]);
    expect(log.runs.find((x) => x.error)?.round).toBe(3);
    expect(readResults(out).failures.runs).toHaveLength(1);
  });

  it("output that cannot be read, in the warmup round: exit 3, the run, the parser's complaint and the report say so", async () => {
    const repo = makeRepo([{ 'bench.sh': '' }, { 'bench.sh': '# head' }]);
    const out = tempDir();
    const r = await run(repo, out, commands({ [BENCH]: bench({ head: () => ({ stdout: 'Segmentation fault (core dumped)\n' }) }) }));
    expect(r.code).toBe(3);
    const failure = 'head run in warmup 1/1 failed: cannot read the benchmark output: benchgate: invalid JSON';
    expect(r.stderr).toContain(failure);
    expect(r.stderr).toContain('| Segmentation fault (core dumped)');
    expect(extraWorktrees(repo)).toEqual([]);
    // Warmup runs are not logged: the end line carries the failure into the report.
    const log = await analyzable(out);
    expect(log.runs).toHaveLength(0);
    expect(r.stdout).toContain('the run stopped: head run in warmup 1/1 failed');
    expect(readResults(out).warnings[0]!.message).toContain(`the run stopped: ${failure}`);
  });

  // That the time limit kills the process tree at once is tests/runner/exec.test.ts's.
  it('a run over --timeout: exit 3', async () => {
    const repo = makeRepo([{ 'bench.sh': '' }, { 'bench.sh': '# head' }]);
    const out = tempDir();
    const r = await run(
      repo,
      out,
      commands({ [BENCH]: bench({ head: (call) => (call.round === 2 ? { timedOut: true } : null) }) }),
      '--timeout',
      '1',
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('head run in round 2/5 failed: benchmark timed out after 1 s (--timeout)');
    expect(extraWorktrees(repo)).toEqual([]);
    await analyzable(out);
  });

  it('SIGTERM mid-run: exit 143, the finished runs stay in the log, worktrees removed', async () => {
    const repo = makeRepo([{ 'bench.sh': realBench('sleep 0.2') }, { 'bench.sh': realBench('sleep 0.2') }]);
    const out = tempDir();
    const file = path.join(out, 'results.jsonl');
    const { child, done } = startCli([
      'run',
      '--repo',
      repo,
      '--base',
      'HEAD~1',
      '--bench',
      'sh bench.sh',
      '--format',
      'benchgate',
      '--rounds',
      '100',
      '--out',
      out,
    ]);
    const runLines = () =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter((l) => l.includes('"type":"run"')).length
        : 0;
    while (runLines() < 4) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGTERM');
    const r = await done;
    expect(r.code).toBe(143);
    expect(r.stderr).toContain('cancelled by SIGTERM');
    expect(extraWorktrees(repo)).toEqual([]);
    const log = await analyzable(out);
    expect(log.end?.status).toBe('cancelled');
    expect(log.runs.length).toBeGreaterThanOrEqual(4);
  });
});

describe('refs never reach a shell', () => {
  it.each(['$(touch pwned)', ';rm -rf x', '`touch pwned`', '--upload-pack=touch pwned'])('rejects or safely fails on %s', async (ref) => {
    const repo = makeRepo([{ 'bench.sh': '', x: 'keep me\n' }, { 'bench.sh': '# head' }]);
    const out = tempDir();
    for (const flag of ['--base', '--head']) {
      const args = ['run', '--repo', repo, '--base', 'HEAD~1', '--bench', BENCH, '--out', out, `${flag}=${ref}`];
      const r = await runInProcess(args, fakeExecutor(commands({ [BENCH]: bench() })));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/invalid ref|cannot resolve/);
    }
    expect(existsSync(path.join(repo, 'pwned'))).toBe(false);
    expect(existsSync(path.join(repo, 'x'))).toBe(true);
  });

  // Valid git branch names (no spaces): they cannot be refused, so they must reach git as data.
  it.each([
    ['$(touch${IFS}pwned)', ';rm${IFS}-rf${IFS}x'],
    ['`touch${IFS}pwned`', 'a|touch${IFS}pwned&&rm${IFS}x'],
  ])('compares branches named %s and %s and runs nothing from their names', async (baseBranch, headBranch) => {
    const repo = makeRepo([{ 'bench.sh': '', x: 'keep me\n' }, { 'bench.sh': '# head' }]);
    git(repo, 'branch', baseBranch, 'HEAD~1');
    git(repo, 'branch', headBranch, 'HEAD');
    const out = tempDir();
    const r = await runInProcess(
      [
        'run',
        '--repo',
        repo,
        '--base',
        baseBranch,
        '--head',
        headBranch,
        '--bench',
        BENCH,
        '--rounds',
        '3',
        '--fail-on',
        'none',
        '--out',
        out,
      ],
      fakeExecutor(commands({ [BENCH]: bench() })),
    );
    expect(r.stderr).not.toMatch(/invalid ref|cannot resolve/);
    expect(r.code).toBe(0);
    const header = readLog(path.join(out, 'results.jsonl')).header;
    expect(header.base).toEqual({ ref: baseBranch, sha: git(repo, 'rev-parse', 'HEAD~1').trim() });
    expect(header.head).toEqual({ ref: headBranch, sha: git(repo, 'rev-parse', 'HEAD').trim() });
    expect(existsSync(path.join(repo, 'pwned'))).toBe(false);
    expect(existsSync(path.join(repo, 'x'))).toBe(true);
  });

  it('fetches a missing shell-looking ref from origin as data, then fails to resolve it', async () => {
    const origin = makeRepo([{ 'bench.sh': '', x: 'keep me\n' }]);
    const clone = path.join(tempDir(), 'clone');
    git(path.dirname(clone), 'clone', '-q', '--depth', '1', `file://${origin}`, clone);
    const ref = 'missing$(touch${IFS}pwned);rm${IFS}x';
    const r = await runInProcess(['run', '--repo', clone, '--base', ref, '--bench', BENCH, '--out', tempDir()], noProcesses());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${ref} is not in this clone; fetching it from origin`);
    expect(r.stderr).toContain(`cannot resolve "${ref}"`);
    for (const dir of [origin, clone]) {
      expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
      expect(existsSync(path.join(dir, 'x'))).toBe(true);
    }
  });
});

describe('benchmarks on one side only', () => {
  it('are added and removed, never a crash', async () => {
    const repo = makeRepo([{ 'bench.sh': '' }, { 'bench.sh': '# head' }]);
    const json = (names: string[]) => (call: FakeCall) => ({ stdout: printJson(names, call.round) });
    const out = tempDir();
    const r = await run(repo, out, commands({ [BENCH]: bySide({ base: json(['kept', 'old']), head: json(['kept', 'new']) }) }));
    expect(r.code).toBe(0);
    expect(verdictsOf(out)).toEqual({ kept: 'unchanged', new: 'added', old: 'removed' });
  });
});

describe('command mode', () => {
  it('times the whole process per run and sees a 2x slower head', async () => {
    const repo = makeRepo([{ 'work.sh': 'sleep 0.1\n' }, { 'work.sh': 'sleep 0.2\n' }]);
    const out = tempDir();
    // sleep 0.1 on base, sleep 0.2 on head, give or take a millisecond.
    const sleeps = bySide({ base: (call) => ({ wallMs: 100 + (call.run % 3) }), head: (call) => ({ wallMs: 200 + (call.run % 3) }) });
    const r = await runInProcess(
      [
        'run',
        '--repo',
        repo,
        '--base',
        'HEAD~1',
        '--bench-command',
        'sh work.sh',
        '--rounds',
        '6',
        '--warmup',
        '0',
        '--out',
        out,
        '--suite',
        'work',
      ],
      fakeExecutor(commands({ 'sh work.sh': sleeps })),
    );
    expect(r.code).toBe(1);
    const work = readResults(out).comparisons.find((c) => c.benchmark === 'work' && c.metric === 'time');
    expect(work).toMatchObject({ verdict: 'regression' });
    expect(work!.changePct).toBeGreaterThan(50);
  });
});
