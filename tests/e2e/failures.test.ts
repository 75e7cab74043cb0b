import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { extraWorktrees, git, makeRepo, readResults, runCli, runLastCommit, startCli, tempDir, verdictsOf } from './helpers.js';

/** A printf line printing benchgate JSON with one value per benchmark that differs by round. */
function printJson(names: string[]): string {
  const entries = names.map((n) => `{"name": "${n}", "unit": "ms", "values": [1.00%s]}`);
  return `printf '{"benchgate": 1, "benchmarks": [${entries.join(', ')}]}\\n' ${names.map(() => '"${BENCHGATE_ROUND#-}"').join(' ')}\n`;
}

/** A bench script printing benchgate JSON with fixed values; `extra` runs first (to fail or hang). */
function bench(extra = ''): string {
  return `#!/bin/sh\n${extra}\n${printJson(['fixed'])}`;
}

function run(repo: string, out: string, ...extra: string[]) {
  return runLastCommit(repo, 'sh bench.sh', out, ['--format', 'benchgate', '--rounds', '5', '--seed', '1', ...extra]);
}

/** `analyze` reads the log and exits 3: the run failed, or ended early (cancelled: an incomplete run never passes). */
async function analyzable(out: string, expectedCode: number[] = [3]) {
  const file = path.join(out, 'results.jsonl');
  const r = await runCli(['analyze', file, '--out', tempDir()]);
  expect(expectedCode).toContain(r.code);
  return readLog(file);
}

describe('failures leave a clear message, the documented exit code, no worktrees and a readable log', () => {
  it('a failed build on base: exit 3, names the side, exit code and last lines', async () => {
    const repo = makeRepo([
      { 'bench.sh': bench(), 'build.sh': 'echo compiling\necho "error: missing header foo.h" >&2\nexit 7\n' },
      { 'build.sh': 'echo ok\n' },
    ]);
    const out = tempDir();
    const r = await run(repo, out, '--build', 'sh build.sh');
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
    const repo = makeRepo([
      { 'bench.sh': bench() },
      { 'bench.sh': bench('[ "$BENCHGATE_ROUND" = 3 ] && { echo "segfault in fixed" >&2; exit 139; }') },
    ]);
    const out = tempDir();
    const r = await run(repo, out);
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
    const repo = makeRepo([{ 'bench.sh': bench() }, { 'bench.sh': '#!/bin/sh\necho "Segmentation fault (core dumped)"\n' }]);
    const out = tempDir();
    const r = await run(repo, out);
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

  it('a run over --timeout is killed with its process tree: exit 3', async () => {
    const repo = makeRepo([{ 'bench.sh': bench() }, { 'bench.sh': bench('[ "$BENCHGATE_ROUND" = 2 ] && sleep 60') }]);
    const out = tempDir();
    const started = Date.now();
    const r = await run(repo, out, '--timeout', '1');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('head run in round 2/5 failed: benchmark timed out after 1 s (--timeout)');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(extraWorktrees(repo)).toEqual([]);
    await analyzable(out);
  });

  it('SIGTERM mid-run: exit 143, the finished runs stay in the log, worktrees removed', async () => {
    const repo = makeRepo([{ 'bench.sh': bench('sleep 0.2') }, { 'bench.sh': bench('sleep 0.2') }]);
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
    const repo = makeRepo([{ 'bench.sh': bench(), x: 'keep me\n' }, { 'bench.sh': bench() }]);
    const out = tempDir();
    for (const flag of ['--base', '--head']) {
      const args = ['run', '--repo', repo, '--base', 'HEAD~1', '--bench', 'sh bench.sh', '--out', out, `${flag}=${ref}`];
      const r = await runCli(args, { cwd: repo });
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
    const repo = makeRepo([{ 'bench.sh': bench(), x: 'keep me\n' }, { 'bench.sh': bench() }]);
    git(repo, 'branch', baseBranch, 'HEAD~1');
    git(repo, 'branch', headBranch, 'HEAD');
    const out = tempDir();
    const r = await runCli(
      [
        'run',
        '--repo',
        repo,
        '--base',
        baseBranch,
        '--head',
        headBranch,
        '--bench',
        'sh bench.sh',
        '--rounds',
        '3',
        '--fail-on',
        'none',
        '--out',
        out,
      ],
      { cwd: repo },
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
    const origin = makeRepo([{ 'bench.sh': bench(), x: 'keep me\n' }]);
    const clone = path.join(tempDir(), 'clone');
    git(path.dirname(clone), 'clone', '-q', '--depth', '1', `file://${origin}`, clone);
    const ref = 'missing$(touch${IFS}pwned);rm${IFS}x';
    const r = await runCli(['run', '--repo', clone, '--base', ref, '--bench', 'sh bench.sh', '--out', tempDir()], { cwd: clone });
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
    const json = (names: string[]) => `#!/bin/sh\n${printJson(names)}`;
    const repo = makeRepo([{ 'bench.sh': json(['kept', 'old']) }, { 'bench.sh': json(['kept', 'new']) }]);
    const out = tempDir();
    const r = await run(repo, out);
    expect(r.code).toBe(0);
    expect(verdictsOf(out)).toEqual({ kept: 'unchanged', new: 'added', old: 'removed' });
  });
});

describe('command mode', () => {
  it('times the whole process per run and sees a 2x slower head', async () => {
    const repo = makeRepo([{ 'work.sh': 'sleep 0.1\n' }, { 'work.sh': 'sleep 0.2\n' }]);
    const out = tempDir();
    const r = await runCli([
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
    ]);
    expect(r.code).toBe(1);
    const work = readResults(out).comparisons.find((c) => c.benchmark === 'work' && c.metric === 'time');
    expect(work).toMatchObject({ verdict: 'regression' });
    expect(work!.changePct).toBeGreaterThan(50);
  });
});
