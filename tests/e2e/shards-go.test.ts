/**
 * Shards of real Go suites. A timing shard learns the benchmarks from `-test.list` and runs only
 * its own from the warm-up on. Per-benchmark instruction counts in shards, end to end on the real six-benchmark Go suite
 * (bench/real/go-counts.ts: head makes BenchmarkChanged do ~3% more work): 4 shards, each
 * counting the benchmarks the hash gives it (shard 1 gets none and passes), joined by
 * `benchgate merge`, find the changed benchmark and nothing else, as one job does
 * (tests/e2e/counts.test.ts).
 */
import { describe, expect } from '@jest/globals';
import path from 'node:path';
import { countSuite as suite } from '../../bench/real/go-counts.js';
import { SHARD_SUITE_NAMES, shardSuite } from '../../bench/real/go-shards.js';
import { shardOwns } from '../../src/harness/shard-split.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, runCli, runLastCommit, tempDir } from './helpers.js';
import { GO_PATH as PATH, hasTool, itWhen } from '../helpers/toolchains.js';

const itWithGo = itWhen(() => hasTool('go', 'version') && hasTool('valgrind', '--version'));
const itWithGoOnly = itWhen(() => hasTool('go', 'version'));

const TOTAL = 4;
const NAMES = ['Changed', 'Large', 'Same', 'Sizes/n=10', 'Sizes/n=1000', 'Small'].map((n) => `example.com/counts.Benchmark${n}`);

describe('benchgate run --shard with go test -list', () => {
  itWithGoOnly(
    "lists the benchmarks with -test.list on both sides; the warm-up and every round run only the shard's",
    async () => {
      const repo = makeRepo([shardSuite(), shardSuite()]);
      const out = tempDir();
      const shard = { index: 4, total: 4 };
      const r = await runLastCommit(
        repo,
        "./s.test -test.run '^$' -test.bench {filter} -test.benchtime 100x",
        out,
        ['--build', 'go test -c -o s.test .', '--format', 'go', '--rounds', '2', '--fail-on', 'none', '--shard', '4/4'],
        { env: { PATH } },
      );
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('shard 4/4: 5 of the 13 benchmarks the list mode listed');
      const log = readLog(path.join(out, 'results.jsonl'));
      expect(log.header.shard!.benchmarks).toEqual([
        'BenchmarkCompress',
        'BenchmarkDecode',
        'BenchmarkRender',
        'BenchmarkSearch',
        'BenchmarkSizes',
      ]);
      expect(log.runs).toHaveLength(4);
      for (const run of log.runs) {
        expect(run.measurements).toHaveLength(6);
        for (const m of run.measurements) expect(shardOwns('go', shard, m.benchmark)).toBe(true);
      }
    },
    120_000,
  );
});

describe('benchgate run --shard with a plain go test command (no {filter})', () => {
  const GO_TEST = 'go test -run ^$ -bench . -benchtime 1x -count 1';

  itWithGoOnly(
    "benchgate puts the shard's filter into -bench itself: each of 4 shards runs only its own benchmarks, and together all",
    async () => {
      const repo = makeRepo([shardSuite(), shardSuite()]);
      const outs = Array.from({ length: TOTAL }, () => tempDir());
      const flags = (i: number) => [
        '--format',
        'go',
        '--rounds',
        '1',
        '--warmup',
        '0',
        '--fail-on',
        'none',
        '--shard',
        `${i + 1}/${TOTAL}`,
      ];
      const runs = await Promise.all(outs.map((out, i) => runLastCommit(repo, GO_TEST, out, flags(i), { env: { PATH } })));
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      for (const r of runs) expect(r.stderr).not.toContain('add {filter}');
      const measured = outs.flatMap((out, i) => {
        const log = readLog(path.join(out, 'results.jsonl'));
        expect(log.runs).toHaveLength(2);
        const names = log.runs.flatMap((run) => run.measurements.map((m) => m.benchmark.replace(/-\d+$/, '')));
        for (const name of names) expect(shardOwns('go', { index: i + 1, total: TOTAL }, name)).toBe(true);
        return names;
      });
      // Every benchmark of the suite was measured by exactly one shard, once per side.
      expect([...new Set(measured)].sort()).toEqual([...SHARD_SUITE_NAMES].sort());
      expect(measured).toHaveLength(2 * SHARD_SUITE_NAMES.length);
    },
    240_000,
  );

  itWithGoOnly(
    'a command benchgate cannot read runs the whole suite each round: one warning with the waste measured',
    async () => {
      const repo = makeRepo([shardSuite(), shardSuite()]);
      const out = tempDir();
      const r = await runLastCommit(
        repo,
        `true && ${GO_TEST}`,
        out,
        ['--format', 'go', '--rounds', '3', '--fail-on', 'none', '--shard', '4/4'],
        {
          env: { PATH },
        },
      );
      expect(r.code).toBe(0);
      const warnings = r.stderr.split('\n').filter((line) => line.includes('add {filter}'));
      expect(warnings).toEqual([
        'warning: shard 4/4: this shard ran 13 benchmarks and owns 5: add {filter} to the bench command (docs/shards.md)',
      ]);
      // What it wastes: every round ran all 14 benchmarks (13 units), though the shard's analysis keeps its own.
      for (const run of readLog(path.join(out, 'results.jsonl')).runs) expect(run.measurements).toHaveLength(14);
    },
    120_000,
  );
});

describe('benchgate run --measure instructions --shard, then merge', () => {
  itWithGo(
    '4 shards count disjoint parts of the six benchmarks; joined, they find the one that grew ~3% and nothing else',
    async () => {
      const repo = makeRepo([suite(100), suite(103)]);
      const outs = Array.from({ length: TOTAL }, () => tempDir());
      const runs = await Promise.all(
        outs.map((out, i) =>
          runLastCommit(
            repo,
            "go test -run '^$' -bench . .",
            out,
            ['--format', 'go', '--measure', 'instructions', '--jobs', '1', '--shard', `${i + 1}/${TOTAL}`],
            {
              env: { PATH },
            },
          ),
        ),
      );
      const logs = outs.map((out) => readLog(path.join(out, 'results.jsonl')));
      const owned = logs.map((log) => log.header.shard!);
      // The stable hash of their units (Go: the top-level benchmark) splits these six: none, two, one, three.
      expect(owned.map((s) => [s.index, s.benchmarks.length, s.listed])).toEqual([
        [1, 0, 6],
        [2, 2, 6],
        [3, 1, 6],
        [4, 3, 6],
      ]);
      expect(owned.flatMap((s) => s.benchmarks).sort()).toEqual(NAMES);
      logs.forEach((log, i) => {
        // Each shard calibrated and counted only its own benchmarks.
        expect(Object.keys(log.header.countPlan ?? {}).sort()).toEqual(owned[i]!.benchmarks);
        expect(new Set(log.runs.map((r) => r.benchmark))).toEqual(new Set(owned[i]!.benchmarks));
      });
      // The empty shard passes; the one holding BenchmarkChanged fails its own gate.
      const changedShard = owned.findIndex((s) => s.benchmarks.includes(NAMES[0]!));
      expect(runs.map((r) => r.code)).toEqual(runs.map((_, i) => (i === changedShard ? 1 : 0)));

      const joined = path.join(tempDir(), 'joined.jsonl');
      const merged = await runCli(['merge', ...outs.map((out) => path.join(out, 'results.jsonl')), '--out', joined]);
      expect([merged.code, merged.stderr]).toEqual([0, '']);
      expect(Object.keys(readLog(joined).header.countPlan!).sort()).toEqual(NAMES);
      const out = tempDir();
      const analysed = await runCli(['analyze', joined, '--out', out]);
      expect(analysed.code).toBe(1);
      const result = readResults(out);
      expect(
        Object.fromEntries(result.comparisons.map((c) => [c.benchmark.replace('example.com/counts.Benchmark', ''), c.verdict])),
      ).toEqual({
        Changed: 'regression',
        Same: 'unchanged',
        Small: 'unchanged',
        Large: 'unchanged',
        'Sizes/n=10': 'unchanged',
        'Sizes/n=1000': 'unchanged',
      });
      expect(result.comparisons.every((c) => c.metric === 'instructions')).toBe(true);
      expect(result.shards?.map((s) => [s.index, s.listed])).toEqual([1, 2, 3, 4].map((i) => [i, 6]));
    },
    // The six benchmarks' counting split over 4 processes on a 2-core machine: about one job's time.
    300_000,
  );
});
