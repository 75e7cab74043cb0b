/**
 * Shards end to end (issue 25, docs/shards.md): 4 shards of a seeded stand-in harness
 * (tests/fixtures/adaptive/seeded-bench.mjs: a value depends on round, side and name only, so a
 * benchmark reads the same in a shard as in the whole suite) joined by `benchgate merge` give a
 * single job's verdicts; each shard ran only its own benchmarks, through the filter; a crashed,
 * a missing and a doubled shard, and a mix of shard and whole-run logs, are each an error naming it.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyze } from '../../src/analysis/index.js';
import { joinShardDirectories } from '../../src/commands/report.js';
import { trustedSettings } from '../../src/commands/trusted-gate.js';
import { sourced } from '../../src/config.js';
import type { ComparisonResult } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, ROOT, runCli, runLastCommit, tempDir, type CliResult } from './helpers.js';

const STAND_IN = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'adaptive', 'seeded-bench.mjs'), 'utf8');
const NAMES = Array.from({ length: 16 }, (_, i) => `bench_${String(i).padStart(2, '0')}`);
const FACTORS = { bench_03: 2, bench_09: 2, bench_14: 0.5 };
const FLAGS = ['--format', 'benchgate', '--rounds', '6', '--warmup', '1', '--seed', '5'];
const TOTAL = 4;

const rows = (r: ComparisonResult) =>
  Object.fromEntries(
    r.comparisons.filter((c) => c.benchmark !== '(process)').map((c) => [c.benchmark, { verdict: c.verdict, pAdjusted: c.pAdjusted }]),
  );

describe('benchgate run --shard, then merge', () => {
  const repo = makeRepo([
    { 'bench.mjs': STAND_IN, 'suite.json': JSON.stringify({ names: NAMES, cv: 0.03 }) },
    { 'suite.json': JSON.stringify({ names: NAMES, cv: 0.03, factors: FACTORS }) },
  ]);
  const single = tempDir();
  const shards = Array.from({ length: TOTAL }, () => tempDir());
  const crashed = tempDir();
  const calls = Array.from({ length: TOTAL }, () => path.join(tempDir(), 'calls.jsonl'));
  const logs = shards.map((out) => path.join(out, 'results.jsonl'));
  let runs: CliResult[] = [];
  let crash: CliResult;

  beforeAll(async () => {
    const bench = 'node bench.mjs {filter}';
    [runs, crash] = await Promise.all([
      Promise.all([
        runLastCommit(repo, bench, single, FLAGS),
        ...shards.map((out, i) =>
          runLastCommit(repo, bench, out, [...FLAGS, '--shard', `${i + 1}/${TOTAL}`], {
            env: { CALLS: calls[i], BENCHGATE_PASS_ENV: 'CALLS' },
          }),
        ),
      ]),
      runLastCommit(repo, bench, crashed, [...FLAGS, '--shard', `2/${TOTAL}`], {
        env: { CRASH_AT_ROUND: '3', BENCHGATE_PASS_ENV: 'CRASH_AT_ROUND' },
      }),
    ]);
  }, 60_000);

  it('splits the suite stably, disjointly and completely; each shard ran only its own benchmarks after the warm-up', () => {
    for (const r of runs) expect(r.stderr).not.toContain('Error');
    const owned = logs.map((file) => readLog(file).header.shard!);
    expect(owned.map((s) => [s.index, s.total, s.listed])).toEqual([1, 2, 3, 4].map((i) => [i, TOTAL, NAMES.length]));
    expect(owned.flatMap((s) => s.benchmarks).sort()).toEqual(NAMES);
    owned.forEach((s, i) => {
      const made = readFileSync(calls[i]!, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { round: number; ran: string[] });
      const measured = made.filter((c) => c.round > 0);
      expect(made.filter((c) => c.round <= 0).every((c) => c.ran.length === NAMES.length)).toBe(true);
      expect(measured).toHaveLength(s.benchmarks.length === 0 ? 0 : 12);
      for (const c of measured) expect(c.ran.sort()).toEqual(s.benchmarks);
    });
  });

  it("gives the single job's verdicts and adjusted p-values (one Holm family), with each shard's machine", async () => {
    const joined = path.join(tempDir(), 'joined.jsonl');
    const merged = await runCli(['merge', ...logs, '--out', joined]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    const out = tempDir();
    const analysed = await runCli(['analyze', joined, '--out', out]);
    expect(analysed.code).toBe(1);
    const whole = readResults(single);
    const result = readResults(out);
    expect(rows(result)).toEqual(rows(whole));
    expect(Object.entries(rows(result)).filter(([, r]) => r.verdict !== 'unchanged' && r.verdict !== 'inconclusive')).toEqual([
      ['bench_03', expect.objectContaining({ verdict: 'regression' })],
      ['bench_09', expect.objectContaining({ verdict: 'regression' })],
      ['bench_14', expect.objectContaining({ verdict: 'improvement' })],
    ]);
    expect(result.shards?.map((s) => s.index)).toEqual([1, 2, 3, 4]);
    expect(readFileSync(path.join(out, 'report.html'), 'utf8')).toContain('shard 4/4');
  });

  it("report-from's directory of shard artifacts is joined the same way, with the publish job's trusted settings", () => {
    const dir = tempDir();
    shards.forEach((out, i) => cpSync(out, path.join(dir, `benchgate-shard-${i + 1}`), { recursive: true }));
    joinShardDirectories(dir, [sourced({ threshold: '2' }, (k) => `--${k}`)]);
    const log = readLog(path.join(dir, 'results.jsonl'));
    expect(log.header.shards?.map((s) => s.index)).toEqual([1, 2, 3, 4]);
    const settings = trustedSettings(log.header.config, [], 'x');
    expect(rows(analyze({ header: log.header, runs: log.runs, end: log.end, settings }))).toEqual(rows(readResults(single)));
  });

  it('refuses a crashed shard (exit 3), a missing one, a doubled one and a mix with a whole run (exit 2), naming it', async () => {
    expect(crash.code).toBe(3);
    const to = ['--out', path.join(tempDir(), 'x.jsonl')];
    const crashedLog = path.join(crashed, 'results.jsonl');
    const failed = await runCli(['merge', logs[0]!, crashedLog, logs[2]!, logs[3]!, ...to]);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toContain(`${crashedLog}: shard 2/4 did not complete: its log ended failed`);
    const missing = await runCli(['merge', logs[0]!, logs[1]!, logs[3]!, ...to]);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      'benchgate: shard 3/4 is missing: join the logs of all 4 shards (a shard whose job did not upload its log did not finish)',
    ]);
    const doubled = await runCli(['merge', ...logs, crashedLog, ...to]);
    expect(doubled.code).toBe(2);
    expect(doubled.stderr).toContain(`${crashedLog}: shard 2/4 is given twice (also ${logs[1]})`);
    const mixed = await runCli(['merge', ...logs, path.join(single, 'results.jsonl'), ...to]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("is not a shard's log");
  });
});
