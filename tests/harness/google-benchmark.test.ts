import { describe, expect, it } from '@jest/globals';
import { parse } from 'shell-quote';
import { googleBenchmark } from '../../src/harness/google-benchmark.js';
import { FORMATS_WITH_COUNTS, harnessOf } from '../../src/harness/index.js';
import { countCall } from '../../src/harness/count-setting.js';
import type { ShellWord } from '../../src/harness/types.js';

const counts = googleBenchmark.counts!;
const recognise = (command: string) => counts.recognise(parse(command, (key) => ({ op: `$${key}` })) as ShellWord[]);

describe('google-benchmark harness description: counts', () => {
  it('recognises the binary by its path with only Google Benchmark flags', () => {
    expect(recognise('./build/bench')).toEqual({ packages: [], pattern: '.', buildFlags: [], binary: './build/bench' });
    expect(recognise("build/bench --benchmark_filter='BM_(Parse|Hash)' --benchmark_format=json --benchmark_repetitions=5")).toEqual({
      packages: [],
      pattern: 'BM_(Parse|Hash)',
      buildFlags: [],
      binary: 'build/bench',
    });
  });

  it('refuses what it cannot see through', () => {
    for (const command of [
      'bench', // found on PATH: not something the build makes in the worktree
      'make bench',
      './bench --benchmark_filter BM_x', // Google Benchmark reads --flag=value only
      './bench --gtest_filter=x',
      './bench | tee out.json',
      'cd build && ./bench',
      './bench --benchmark_filter=$PATTERN',
      '--benchmark_filter=x ./bench',
    ])
      expect(recognise(command)).toBeNull();
  });

  it('selects one benchmark by an anchored, escaped filter and fixes its iterations', () => {
    expect(counts.selectOne('BM_Sum/threads:2')).toEqual([
      '--benchmark_filter=^BM_Sum/threads:2$',
      '--benchmark_format=json',
      '--benchmark_repetitions=1',
      '--benchmark_min_warmup_time=0',
    ]);
    expect(countCall(counts.selectOne('BM_x<int>(1.5)|y')).args[0]).toBe('--benchmark_filter=^BM_x<int>\\(1\\.5\\)\\|y$');
    expect(counts.fixWork(20_000)).toEqual(['--benchmark_min_time=20000x']);
    expect(counts.discover({ packages: [], pattern: 'BM_', buildFlags: [] })).toEqual([
      '--benchmark_filter=BM_',
      '--benchmark_min_time=1x',
      '--benchmark_format=json',
      '--benchmark_repetitions=1',
      '--benchmark_min_warmup_time=0',
    ]);
    expect(counts.env).toEqual({});
    expect(counts.units).toBeUndefined();
  });

  it('names what is missing when the library cannot fix its iterations (before 1.8.0)', () => {
    // Google Benchmark 1.7.1's own words for --benchmark_min_time=1x.
    const old =
      'listing the benchmarks of bench on base exited with code 1\n  | The value of flag --benchmark_min_time is expected to be a double, but actually has value "1x".\n  | ./bench: error: unrecognized command-line flag: --benchmark_min_time=1x';
    expect(counts.cannotFixWork!(old)).toMatch(/needs Google Benchmark 1\.8\.0 or later/);
    expect(counts.cannotFixWork!('exited with code 1\n  | Segmentation fault')).toBeNull();
  });
});

describe('google-benchmark in the harness registry', () => {
  it('is counted per benchmark', () => {
    expect(FORMATS_WITH_COUNTS).toContain('google-benchmark');
    expect(harnessOf('google-benchmark')).toBe(googleBenchmark);
  });
});
