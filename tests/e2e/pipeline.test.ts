/**
 * `benchgate run` end to end on benchmarks whose values are fixed by the code of each commit
 * (no timing), so every verdict and exit code below is deterministic.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { planRounds } from '../../src/runner/schedule.js';
import { extraWorktrees, git, makeRepo, readResults, runCli, tempDir, verdictsOf } from './helpers.js';

const ROUNDS = 6;
const SEED = 5;

/**
 * The benchmark script exists only in head (the pull request adds it); both sides run head's
 * copy through BENCHGATE_HEAD_DIR against their own code, `speeds` (one "name value" a line).
 * Each value gets the round number appended as a last digit, so no two runs tie.
 * Every call also appends what it saw to $ENV_LOG.
 */
const BENCH = `#!/bin/sh
echo "$BENCHGATE_SIDE $BENCHGATE_ROUND $BENCHGATE_WORKTREE $BENCHGATE_BASE_DIR $BENCHGATE_HEAD_DIR $(pwd)" >> "$ENV_LOG"
sleep 0.1
entries=$(while read -r name value; do printf '{"name": "%s", "unit": "ms", "values": [%s%s]},' "$name" "$value" "\${BENCHGATE_ROUND#-}"; done < speeds)
printf '{"benchgate": 1, "benchmarks": [%s]}\\n' "\${entries%,}"
`;

function repoWithPullRequest(): string {
  return makeRepo([
    { speeds: 'aaa/same 1.00\nmmm/faster 2.00\nzzz/slower 1.00\n' },
    { speeds: 'aaa/same 1.00\nmmm/faster 1.00\nzzz/slower 2.00\n', 'bench.sh': BENCH },
  ]);
}

describe('benchgate run on a pull request that adds its benchmark script', () => {
  const repo = repoWithPullRequest();
  const envLog = path.join(tempDir(), 'env.log');
  const out = tempDir();
  const args = [
    'run',
    '--repo',
    repo,
    '--base',
    'HEAD~1',
    '--bench',
    'sh "$BENCHGATE_HEAD_DIR/bench.sh"',
    '--format',
    'benchgate',
    '--rounds',
    String(ROUNDS),
    '--seed',
    String(SEED),
  ];
  const first = runCli([...args, '--out', out], { env: { ENV_LOG: envLog, BENCHGATE_PASS_ENV: 'ENV_LOG' } });

  it('fails the gate on the regression, lists it first and removes the worktrees', async () => {
    const r = await first;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`seed ${SEED}`);
    expect(verdictsOf(out)).toEqual({ 'zzz/slower': 'regression', 'mmm/faster': 'improvement', 'aaa/same': 'unchanged' });
    const table = r.stdout.split('\n').filter((l) => /^(aaa|mmm|zzz)\//.test(l));
    expect(table.map((l) => l.split(' ')[0])).toEqual(['zzz/slower', 'mmm/faster', 'aaa/same']);
    expect(extraWorktrees(repo)).toEqual([]);
  });

  it('gives every command its side, round and both worktrees, warmup included', async () => {
    await first;
    const calls = readFileSync(envLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
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

  it('logs every measured run in the seeded order, with wall time, CPU time and peak RSS', async () => {
    await first;
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
    for (const run of log.runs) {
      expect(run.exitCode).toBe(0);
      expect(run.wallMs).toBeGreaterThanOrEqual(100);
      expect(run.measurements.map((m) => m.benchmark).sort()).toEqual(['aaa/same', 'mmm/faster', 'zzz/slower']);
      if (process.platform === 'linux') {
        expect(run.cpuUserMs).toEqual(expect.any(Number));
        expect(run.cpuSysMs).toEqual(expect.any(Number));
        // Sampled every 25 ms: a 0.1 s run on an overloaded machine may get no sample (null, as documented).
        if (run.maxRssKb !== null) expect(run.maxRssKb).toBeGreaterThan(0);
      }
    }
    // ...but the sampler works: most runs have a peak.
    if (process.platform === 'linux') expect(log.runs.filter((run) => run.maxRssKb !== null).length).toBeGreaterThan(log.runs.length / 2);
  });

  it('analyze re-does the report from the log alone, with other settings when asked', async () => {
    const r = await first;
    // The same settings give the same report.
    const sameOut = tempDir();
    const same = await runCli(['analyze', path.join(out, 'results.jsonl'), '--out', sameOut]);
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
    const again = await runCli(['analyze', path.join(out, 'results.jsonl'), '--threshold', '150', '--out', lenient]);
    expect(again.code).toBe(0);
    expect(verdictsOf(lenient)['zzz/slower']).toBe('unchanged');
    expect(readResults(lenient).settings).toEqual({ ...readResults(out).settings, thresholdPct: 150 });
  });

  it('passes with --fail-on none, from a flag or from .benchgate.yml, and still reports the regression', async () => {
    await first;
    const flagOut = tempDir();
    const env = { ENV_LOG: path.join(tempDir(), 'env.log') };
    const byFlag = await runCli([...args, '--out', flagOut, '--fail-on', 'none'], { env });
    expect(byFlag.code).toBe(0);
    expect(verdictsOf(flagOut)['zzz/slower']).toBe('regression');

    const config = path.join(tempDir(), 'benchgate.yml');
    writeFileSync(config, 'fail-on: none\n');
    const fileOut = tempDir();
    const byFile = await runCli([...args, '--out', fileOut, '--config', config], { env });
    expect(byFile.code).toBe(0);
    expect(readResults(fileOut).gateFailed).toBe(false);
  });
});

describe('configuration errors through the CLI', () => {
  it('exit 2 and name the file, the line and the key of .benchgate.yml', async () => {
    const repo = makeRepo([{ 'bench.sh': 'true\n' }, { 'bench.sh': 'true\n' }]);
    writeFileSync(path.join(repo, '.benchgate.yml'), 'bench: sh bench.sh\nbase: HEAD~1\n\nrounds: ten\n');
    const r = await runCli(['run', '--repo', repo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path.join(repo, '.benchgate.yml')}:4 (rounds): expected a whole number >= 1, or auto, got "ten"`);
    expect(extraWorktrees(repo)).toEqual([]);
    expect(git(repo, 'status', '--porcelain')).toBe('?? .benchgate.yml\n');
  });

  it('exit 2 and say how to give the base when no CI event provides it', async () => {
    const repo = makeRepo([{ 'bench.sh': 'true\n' }]);
    const r = await runCli(['run', '--repo', repo, '--bench', 'sh bench.sh'], { env: { GITHUB_ACTIONS: '', GITLAB_CI: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no base commit: pass --base <ref>');
  });
});
