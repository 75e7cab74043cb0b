/**
 * `benchgate run` end to end on benchmarks whose values are fixed by the code of each commit
 * (no timing), so every verdict and exit code below is deterministic. The CLI runs in process
 * (tests/helpers/in-process-cli.ts) over a scripted bench that reads the side's worktree.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { planRounds } from '../../src/runner/schedule.js';
import { commands, fakeExecutor, type FakeCall, type FakeRun } from '../helpers/fake-executor.js';
import { runInProcess, type InProcessResult } from '../helpers/in-process-cli.js';
import { extraWorktrees, git, makeRepo, readResults, tempDir, verdictsOf } from './helpers.js';

const ROUNDS = 6;
const SEED = 5;
const BENCH = 'sh "$BENCHGATE_HEAD_DIR/bench.sh"';

/**
 * The benchmark script exists only in head (the pull request adds it); both sides run head's
 * copy through BENCHGATE_HEAD_DIR against their own code, `speeds` in the working directory (one
 * "name value" a line). Each value gets the round number appended as a last digit, so no two runs
 * tie. Each run reports its own wall time, CPU time and peak RSS, for the log to keep.
 */
function bench(call: FakeCall): FakeRun {
  if (!existsSync(path.join(call.env.BENCHGATE_HEAD_DIR ?? '', 'bench.sh')))
    return { exitCode: 127, stderr: 'sh: 0: cannot open bench.sh\n' };
  const benchmarks = readFileSync(path.join(call.cwd, 'speeds'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .map(([name, value]) => ({ name, unit: 'ms', values: [Number(`${value}${Math.abs(call.round)}`)] }));
  return { stdout: `${JSON.stringify({ benchgate: 1, benchmarks })}\n`, ...costOf(call) };
}

/** What a run cost, distinct per side and run: the log must keep it as the executor reported it. */
const costOf = (call: Pick<FakeCall, 'side' | 'run'>) => {
  const n = call.run + (call.side === 'head' ? 100 : 0);
  return { wallMs: 100 + n, cpuUserMs: 80 + n, cpuSysMs: 10 + n, maxRssKb: 20_000 + n };
};

const benchExecutor = () => fakeExecutor(commands({ [BENCH]: bench }));

function repoWithPullRequest(): string {
  return makeRepo([
    { speeds: 'aaa/same 1.00\nmmm/faster 2.00\nzzz/slower 1.00\n' },
    { speeds: 'aaa/same 1.00\nmmm/faster 1.00\nzzz/slower 2.00\n', 'bench.sh': '' },
  ]);
}

const analyze = (args: string[]) => runInProcess(['analyze', ...args], fakeExecutor(commands({})));

describe('benchgate run on a pull request that adds its benchmark script', () => {
  const repo = repoWithPullRequest();
  const out = tempDir();
  const args = [
    'run',
    '--repo',
    repo,
    '--base',
    'HEAD~1',
    '--bench',
    BENCH,
    '--format',
    'benchgate',
    '--rounds',
    String(ROUNDS),
    '--seed',
    String(SEED),
  ];
  const fake = benchExecutor();
  let first: InProcessResult;
  beforeAll(async () => {
    first = await runInProcess([...args, '--out', out], fake);
  });

  it('fails the gate on the regression, lists it first and removes the worktrees', () => {
    const r = first;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`seed ${SEED}`);
    expect(verdictsOf(out)).toEqual({ 'zzz/slower': 'regression', 'mmm/faster': 'improvement', 'aaa/same': 'unchanged' });
    const table = r.stdout.split('\n').filter((l) => /^(aaa|mmm|zzz)\//.test(l));
    expect(table.map((l) => l.split(' ')[0])).toEqual(['zzz/slower', 'mmm/faster', 'aaa/same']);
    expect(extraWorktrees(repo)).toEqual([]);
  });

  it('gives every command its side, round and both worktrees, warmup included', () => {
    const seen = ['SIDE', 'ROUND', 'WORKTREE', 'BASE_DIR', 'HEAD_DIR'];
    const calls = fake.calls.map((c) => [...seen.map((name) => c.env[`BENCHGATE_${name}`] ?? ''), c.cwd]);
    expect(calls).toHaveLength(2 * (ROUNDS + 1));
    const [, , , baseDir, headDir] = calls[0]!;
    expect(baseDir).not.toBe(headDir);
    for (const [side, round, worktree, base, head, cwd] of calls) {
      expect([base, head]).toEqual([baseDir, headDir]);
      expect(worktree).toBe(side === 'base' ? baseDir : headDir);
      expect(cwd).toBe(worktree);
      expect(Number(round)).toBeGreaterThanOrEqual(0);
    }
    // The warmup round (0) ran on both sides but is not in the log.
    expect(
      calls
        .filter(([, round]) => round === '0')
        .map(([side]) => side)
        .sort(),
    ).toEqual(['base', 'head']);
  });

  it('logs every measured run in the seeded order, with wall time, CPU time and peak RSS', () => {
    const lines = readFileSync(path.join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]!.type).toBe('header');
    expect(lines.at(-1)).toMatchObject({ type: 'end', status: 'completed' });
    const log = readLog(path.join(out, 'results.jsonl'));
    expect(log.header.seed).toBe(SEED);
    const planned = planRounds(ROUNDS, 1, SEED)
      .filter((p) => !p.warmup)
      .flatMap((p) => p.order.map((side) => `${p.round} ${side}`));
    expect(log.runs.map((run) => `${run.round} ${run.side}`)).toEqual(planned);
    // Each side's first run is its warm-up; each measured run keeps the costs the executor reported for it.
    const seen = { base: 1, head: 1 };
    for (const run of log.runs) {
      expect(run.exitCode).toBe(0);
      expect(run).toMatchObject(costOf({ side: run.side, run: ++seen[run.side] }));
      expect(run.measurements.map((m) => m.benchmark).sort()).toEqual(['aaa/same', 'mmm/faster', 'zzz/slower']);
    }
    // That the executor measures a real process tree's CPU time and peak RSS is tests/runner/exec.test.ts's.
  });

  it('analyze re-does the report from the log alone, with other settings when asked', async () => {
    const r = first;
    // The same settings give the same report.
    const sameOut = tempDir();
    const same = await analyze([path.join(out, 'results.jsonl'), '--out', sameOut]);
    expect(same.code).toBe(1);
    expect(same.stdout).toBe(r.stdout);
    // results.json's settings are the same object whichever command wrote it, with no local paths.
    expect(readResults(sameOut).settings).toEqual(readResults(out).settings);
    expect(Object.keys(readResults(out).settings).sort()).toEqual([
      'alpha',
      'bench',
      'build',
      'correction',
      'failOn',
      'format',
      'gateMetrics',
      'gateProcess',
      'ignore',
      'measure',
      'rounds',
      'sampling',
      'suite',
      'thresholdPct',
      'thresholds',
      'timeoutSec',
      'warmup',
      // Relative to the repository: part of the comparison's identity (src/runner/log-identity.ts).
      'workingDirectory',
    ]);
    expect(JSON.stringify(readResults(out).settings)).not.toContain(repo);
    // A 2x slowdown is below a 150% threshold: no regression, the gate passes.
    const lenient = tempDir();
    const again = await analyze([path.join(out, 'results.jsonl'), '--threshold', '150', '--out', lenient]);
    expect(again.code).toBe(0);
    expect(verdictsOf(lenient)['zzz/slower']).toBe('unchanged');
    expect(readResults(lenient).settings).toEqual({ ...readResults(out).settings, thresholdPct: 150 });
  });

  it('passes with --fail-on none, from a flag or from .benchgate.yml, and still reports the regression', async () => {
    const flagOut = tempDir();
    const byFlag = await runInProcess([...args, '--out', flagOut, '--fail-on', 'none'], benchExecutor());
    expect(byFlag.code).toBe(0);
    expect(verdictsOf(flagOut)['zzz/slower']).toBe('regression');

    const config = path.join(tempDir(), 'benchgate.yml');
    writeFileSync(config, 'fail-on: none\n');
    const fileOut = tempDir();
    const byFile = await runInProcess([...args, '--out', fileOut, '--config', config], benchExecutor());
    expect(byFile.code).toBe(0);
    expect(readResults(fileOut).gateFailed).toBe(false);
  });
});

describe('configuration errors through the CLI', () => {
  it('exit 2 and name the file, the line and the key of .benchgate.yml', async () => {
    const repo = makeRepo([{ 'bench.sh': 'true\n' }, { 'bench.sh': 'true\n' }]);
    writeFileSync(path.join(repo, '.benchgate.yml'), 'bench: sh bench.sh\nbase: HEAD~1\n\nrounds: ten\n');
    const fake = fakeExecutor(commands({}));
    const r = await runInProcess(['run', '--repo', repo], fake);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path.join(repo, '.benchgate.yml')}:4 (rounds): expected a whole number >= 1, or auto, got "ten"`);
    expect(extraWorktrees(repo)).toEqual([]);
    expect(git(repo, 'status', '--porcelain')).toBe('?? .benchgate.yml\n');
    expect(fake.calls).toEqual([]);
  });

  it('exit 2 and say how to give the base when no CI event provides it', async () => {
    const repo = makeRepo([{ 'bench.sh': 'true\n' }]);
    // No CI event: the in-process CLI's platform is the terminal's, with an empty environment.
    const r = await runInProcess(['run', '--repo', repo, '--bench', 'sh bench.sh'], fakeExecutor(commands({})));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no base commit: pass --base <ref>');
  });
});
