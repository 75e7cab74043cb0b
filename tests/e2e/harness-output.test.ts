/**
 * Time mode with a harness called as people run it, without the flag that makes its output
 * machine-readable: Google Benchmark's console table (`./bench --benchmark_filter=...`) and
 * pytest-benchmark's (`python3 -m pytest tests/`). benchgate reads the direct call and adds the
 * flag itself (JSON on stdout; pytest's JSON in a file of benchgate's); a call it sees but cannot
 * complete (`cd . && ./bench`) is exit 2 before anything is built, naming the flag. No verdict is
 * asserted: these are real timings.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, runLastCommit, tempDir } from './helpers.js';

const GB_SUITE = {
  'bench.cc': `#include <benchmark/benchmark.h>
static void BM_Add(benchmark::State& s) { long x = 0; for (auto _ : s) benchmark::DoNotOptimize(x += 1); }
BENCHMARK(BM_Add);
static void BM_Mul(benchmark::State& s) { long x = 1; for (auto _ : s) benchmark::DoNotOptimize(x *= 3); }
BENCHMARK(BM_Mul);
BENCHMARK_MAIN();
`,
};
const BUILD = 'g++ -O2 -o bench bench.cc -lbenchmark -lpthread';

const PY_SUITE = {
  'tests/test_sum.py': `def test_sum(benchmark):
    benchmark(lambda: sum(range(100)))
`,
};

function hasGoogleBenchmark(): boolean {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'bench.cc'), GB_SUITE['bench.cc']);
  return spawnSync('sh', ['-c', BUILD], { cwd: dir }).status === 0;
}
const python = spawnSync('python3', ['-c', 'import sys, pytest_benchmark; print(sys.executable)'], { encoding: 'utf8' });
// Missing tools skip these tests on a laptop; in CI (BENCHGATE_REQUIRE_TOOLCHAINS) they fail them.
const itWithGb = process.env.BENCHGATE_REQUIRE_TOOLCHAINS || hasGoogleBenchmark() ? it : it.skip;
const itWithPytest = process.env.BENCHGATE_REQUIRE_TOOLCHAINS || python.status === 0 ? it : it.skip;

const TIME_FLAGS = ['--rounds', '2', '--warmup', '0', '--fail-on', 'none'];

/** The benchmarks each run of the log timed. */
const measuredIn = (out: string) =>
  readLog(path.join(out, 'results.jsonl')).runs.map((run) =>
    run.measurements
      .filter((m) => m.metric === 'time')
      .map((m) => m.benchmark)
      .sort(),
  );

describe('time mode without the harness flag for machine-readable output', () => {
  itWithGb(
    'Google Benchmark printing its console table: benchgate adds --benchmark_format=json to the direct call',
    async () => {
      const repo = makeRepo([GB_SUITE, GB_SUITE]);
      const out = tempDir();
      const r = await runLastCommit(repo, './bench --benchmark_filter=BM_ --benchmark_min_time=0.01s', out, [
        '--build',
        BUILD,
        '--format',
        'google-benchmark',
        ...TIME_FLAGS,
      ]);
      expect(r.stderr).not.toContain('invalid JSON');
      expect(r.code).toBe(0);
      expect(measuredIn(out)).toEqual(Array.from({ length: 4 }, () => ['BM_Add', 'BM_Mul']));
    },
    120_000,
  );

  itWithGb('a call benchgate sees but cannot complete is exit 2 before the build, naming the flag', async () => {
    const repo = makeRepo([GB_SUITE, GB_SUITE]);
    const out = tempDir();
    const built = path.join(tempDir(), 'built');
    const r = await runLastCommit(repo, 'cd . && ./bench --benchmark_filter=BM_', out, [
      '--build',
      `touch ${built}`,
      '--format',
      'google-benchmark',
      ...TIME_FLAGS,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('add --benchmark_format=json to that call');
    expect(existsSync(built)).toBe(false);
  });

  itWithPytest(
    'pytest-benchmark without --benchmark-json: benchgate has it write the JSON to a file of its own and reads that',
    async () => {
      const repo = makeRepo([PY_SUITE, PY_SUITE]);
      const out = tempDir();
      const r = await runLastCommit(repo, `${python.stdout.trim()} -m pytest tests/`, out, ['--format', 'pytest-benchmark', ...TIME_FLAGS]);
      expect(r.stderr).not.toContain('cannot read the benchmark output');
      expect(r.code).toBe(0);
      expect(measuredIn(out)).toEqual(Array.from({ length: 4 }, () => ['tests/test_sum.py::test_sum']));
    },
    120_000,
  );
});
