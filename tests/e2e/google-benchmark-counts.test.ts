/**
 * measure: instructions per benchmark for Google Benchmark, end to end: a three-benchmark C++
 * suite (Google Benchmark 1.8 or later) whose head doubles one benchmark's loop. Each benchmark is
 * selected by an anchored filter and run at fixed iteration counts (--benchmark_min_time=Nx) under
 * cachegrind; the doubled one is a regression of about +100%, the others unchanged.
 */
import { describe, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { perOpCounts } from '../../src/counts/per-op.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, runLastCommit, tempDir } from './helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';

/** The suite; `changedLoop` is the loop bound of BM_Changed. */
const suite = (changedLoop: number) => ({
  'bench.cc': `#include <benchmark/benchmark.h>
static long work(long n) { long x = 0; for (long i = 0; i < n; i++) { x += i * i; benchmark::DoNotOptimize(x); } return x; }
static void BM_Same(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(work(500)); }
BENCHMARK(BM_Same);
static void BM_Changed(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(work(${changedLoop})); }
BENCHMARK(BM_Changed);
static void BM_Args(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(work(s.range(0))); }
BENCHMARK(BM_Args)->Arg(100);
BENCHMARK_MAIN();
`,
});

const BUILD = 'g++ -O2 -o bench bench.cc -lbenchmark -lpthread';

/** Google Benchmark with --benchmark_min_time=Nx (1.8.0 or later), g++ and valgrind: a tiny program built and run once. */
function hasToolchain(): boolean {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'bench.cc'), suite(1)['bench.cc']);
  const built = spawnSync('sh', ['-c', BUILD], { cwd: dir });
  if (built.status !== 0) return false;
  const ran = spawnSync('./bench', ['--benchmark_filter=^BM_Same$', '--benchmark_min_time=1x'], { cwd: dir });
  return ran.status === 0 && hasTool('valgrind', '--version');
}
const itWithToolchain = itWhen(hasToolchain);

describe('benchgate run --measure instructions --format google-benchmark', () => {
  itWithToolchain(
    'counts each benchmark of the built binary at fixed iterations and finds the one whose work doubled',
    async () => {
      const repo = makeRepo([suite(500), suite(1000)]);
      const out = tempDir();
      const r = await runLastCommit(repo, './bench --benchmark_filter=BM_', out, [
        '--build',
        BUILD,
        '--format',
        'google-benchmark',
        '--measure',
        'instructions',
        '--jobs',
        '2',
      ]);
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      const result = readResults(out);
      expect(Object.fromEntries(result.comparisons.map((c) => [c.benchmark, c.verdict]))).toEqual({
        BM_Changed: 'regression',
        BM_Same: 'unchanged',
        'BM_Args/100': 'unchanged',
      });
      const changed = result.comparisons.find((c) => c.benchmark === 'BM_Changed')!;
      expect(changed.changePct).toBeGreaterThan(80);
      expect(changed.changePct).toBeLessThan(110);
      const log = readLog(path.join(out, 'results.jsonl'));
      expect(log.header.config.countScope).toBe('benchmark');
      for (const { small, large } of Object.values(log.header.countPlan!)) expect(large).toBe(2 * small);
      // Compiled code counts the same to within 0.01% run to run: the exact rule decides at the minimum repetitions.
      for (const [, { base, head }] of perOpCounts(log.runs)) {
        expect(base.length).toBe(3);
        expect(head.length).toBe(3);
        for (const side of [base, head]) expect(Math.max(...side) / Math.min(...side) - 1).toBeLessThan(1e-4);
      }
    },
    120_000,
  );
});
