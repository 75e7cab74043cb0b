/**
 * Shards end to end (issue 25, docs/shards.md), the CLI in process: 4 shards of a seeded stand-in
 * harness (tests/helpers/seeded-suite.ts: a value depends on round, side and name only, so a
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
import { commands, fakeExecutor, type FakeScript } from '../helpers/fake-executor.js';
import { runInProcess, runLastCommitInProcess, type InProcessResult } from '../helpers/in-process-cli.js';
import { seededSuite, type SeededCall } from '../helpers/seeded-suite.js';
import { makeRepo, readResults, tempDir } from './helpers.js';

/** The command `node bench.mjs {filter}` becomes (runner/bench-call.ts). */
const COMMAND = 'node bench.mjs "$BENCHGATE_FILTER"';
const cli = (args: string[]) => runInProcess(args, fakeExecutor(commands({})));
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
    { 'bench.mjs': '', 'suite.json': JSON.stringify({ names: NAMES, cv: 0.03 }) },
    { 'suite.json': JSON.stringify({ names: NAMES, cv: 0.03, factors: FACTORS }) },
  ]);
  const single = tempDir();
  const shards = Array.from({ length: TOTAL }, () => tempDir());
  const crashed = tempDir();
  const run = (out: string, flags: string[], script: FakeScript) =>
    runLastCommitInProcess(repo, 'node bench.mjs {filter}', out, flags, fakeExecutor(commands({ [COMMAND]: script })));
  const stands = Array.from({ length: TOTAL }, () => seededSuite());
  const calls: SeededCall[][] = stands.map((s) => s.calls);
  const logs = shards.map((out) => path.join(out, 'results.jsonl'));
  let runs: InProcessResult[] = [];
  let crash: InProcessResult;

  beforeAll(async () => {
    const crashing = seededSuite().script;
    runs = [await run(single, FLAGS, seededSuite().script)];
    for (const [i, out] of shards.entries()) runs.push(await run(out, [...FLAGS, '--shard', `${i + 1}/${TOTAL}`], stands[i]!.script));
    crash = await run(crashed, [...FLAGS, '--shard', `2/${TOTAL}`], (call) =>
      call.round === 3 ? { exitCode: 1, stderr: 'crashed on purpose\n' } : crashing(call),
    );
  });

  it('splits the suite stably, disjointly and completely; each shard ran only its own benchmarks after the warm-up', () => {
    for (const r of runs) expect(r.stderr).not.toContain('Error');
    const owned = logs.map((file) => readLog(file).header.shard!);
    expect(owned.map((s) => [s.index, s.total, s.listed])).toEqual([1, 2, 3, 4].map((i) => [i, TOTAL, NAMES.length]));
    expect(owned.flatMap((s) => s.benchmarks).sort()).toEqual(NAMES);
    owned.forEach((s, i) => {
      const made = calls[i]!;
      const measured = made.filter((c) => c.round > 0);
      expect(made.filter((c) => c.round <= 0).every((c) => c.ran.length === NAMES.length)).toBe(true);
      expect(measured).toHaveLength(s.benchmarks.length === 0 ? 0 : 12);
      for (const c of measured) expect(c.ran.sort()).toEqual(s.benchmarks);
    });
  });

  it("gives the single job's verdicts and adjusted p-values (one Holm family), with each shard's machine", async () => {
    const joined = path.join(tempDir(), 'joined.jsonl');
    const merged = await cli(['merge', ...logs, '--out', joined]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    const out = tempDir();
    const analysed = await cli(['analyze', joined, '--out', out]);
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
    const failed = await cli(['merge', logs[0]!, crashedLog, logs[2]!, logs[3]!, ...to]);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toContain(`${crashedLog}: shard 2/4 did not complete: its log ended failed`);
    const missing = await cli(['merge', logs[0]!, logs[1]!, logs[3]!, ...to]);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      'benchgate: shard 3/4 is missing: join the logs of all 4 shards (a shard whose job did not upload its log did not finish)',
    ]);
    const doubled = await cli(['merge', ...logs, crashedLog, ...to]);
    expect(doubled.code).toBe(2);
    expect(doubled.stderr).toContain(`${crashedLog}: shard 2/4 is given twice (also ${logs[1]})`);
    const mixed = await cli(['merge', ...logs, path.join(single, 'results.jsonl'), ...to]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("is not a shard's log");
  });
});
