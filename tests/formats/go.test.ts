import { describe, expect, it } from '@jest/globals';
import { go } from '../../src/formats/go.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const parse = (file: string) => go.parse(fixture(`go-test-bench/${file}`));
const HASHING = 'example.com/fixmod/hashing';
const SORTING = 'example.com/fixmod/sorting';

describe('go', () => {
  it('reads -count lines as samples with -benchmem, MB/s and custom metrics, per package', () => {
    const ms = parse('generated_go1.26_two_packages_count5_benchmem_reportmetric.txt');
    expect(benchmarks(ms)).toEqual([
      `${HASHING}.BenchmarkSHA256/size=64-2`,
      `${HASHING}.BenchmarkSHA256/size=4096-2`,
      `${HASHING}.BenchmarkCRC32-2`,
      `${SORTING}.BenchmarkSortInts-2`,
      `${SORTING}.BenchmarkAllocSlice-2`,
    ]);
    const time = find(ms, `${HASHING}.BenchmarkCRC32-2`);
    expect(time).toMatchObject({ unit: 's', better: 'lower' });
    expect(time.values).toHaveLength(5);
    expect(time.values[0]).toBeCloseTo(88.65e-9, 18);
    expect(find(ms, `${HASHING}.BenchmarkCRC32-2`, 'throughput')).toMatchObject({
      unit: 'B/s',
      better: 'higher',
      values: [11550.61e6, 11460.5e6, 11562.76e6, 11230.65e6, 9500.39e6],
    });
    expect(find(ms, `${SORTING}.BenchmarkSortInts-2`, 'bytes/op')).toMatchObject({ unit: 'B', values: [62, 60, 60, 60, 60] });
    expect(find(ms, `${SORTING}.BenchmarkSortInts-2`, 'allocs/op').values).toEqual([2, 2, 2, 2, 2]);
    expect(find(ms, `${SORTING}.BenchmarkSortInts-2`, 'compares/op')).toMatchObject({ unit: 'compares/op', better: 'lower' });
  });

  it('marks time primary, -benchmem and ReportMetric metrics secondary, and SetBytes MB/s derived (issue 12)', () => {
    const ms = parse('generated_go1.26_two_packages_count5_benchmem_reportmetric.txt');
    const roles = (name: string) => Object.fromEntries(ms.filter((m) => m.benchmark === name).map((m) => [m.metric, m.role]));
    expect(roles(`${HASHING}.BenchmarkCRC32-2`)).toEqual({
      time: 'primary',
      throughput: 'derived',
      'bytes/op': 'secondary',
      'allocs/op': 'secondary',
    });
    expect(roles(`${SORTING}.BenchmarkSortInts-2`)).toEqual({
      time: 'primary',
      'compares/op': 'secondary',
      'bytes/op': 'secondary',
      'allocs/op': 'secondary',
    });
    expect(ms.some((m) => m.deterministic)).toBe(false);
  });

  it('keeps the same name in two packages as two benchmarks', () => {
    const ms = parse('gab_go_fiber_multi_package_duplicate_names.txt');
    expect(benchmarks(ms)).toEqual([
      'github.com/gofiber/fiber/v3/middleware/cache.BenchmarkAppendMsgitem-4',
      'github.com/gofiber/fiber/v3/middleware/cache.BenchmarkUnmarshalitem-4',
      'github.com/gofiber/fiber/v3/middleware/csrf.BenchmarkAppendMsgitem-4',
      'github.com/gofiber/fiber/v3/middleware/csrf.BenchmarkUnmarshalitem-4',
    ]);
    expect(ms.every((m) => m.values.length === 1)).toBe(true);
  });

  it('reads the -json event stream, including lines split across events', () => {
    const fromJson = parse('generated_go1.26_test_json_events_count2.jsonl');
    expect(benchmarks(fromJson)).toEqual([`${SORTING}.BenchmarkSortInts-2`, `${SORTING}.BenchmarkAllocSlice-2`]);
    for (const m of fromJson) expect(m.values).toHaveLength(2);
    expect(find(fromJson, `${SORTING}.BenchmarkSortInts-2`)).toMatchObject({ unit: 's', values: [79171e-9, 81627e-9] });
    // The second result line of BenchmarkAllocSlice is split over two events.
    expect(find(fromJson, `${SORTING}.BenchmarkAllocSlice-2`, 'bytes/op').values).toEqual([224, 224]);
    expect(find(fromJson, `${SORTING}.BenchmarkSortInts-2`, 'compares/op').values).toEqual([10321, 10321]);
  });

  it('skips -v name-only lines', () => {
    const ms = parse('generated_go1.26_verbose_count2_with_name_only_lines.txt');
    expect(benchmarks(ms)).toEqual([
      `${HASHING}.BenchmarkSHA256/size=64-2`,
      `${HASHING}.BenchmarkSHA256/size=4096-2`,
      `${HASHING}.BenchmarkCRC32-2`,
    ]);
    expect(ms.every((m) => m.values.length === 2)).toBe(true);
  });

  it.each([
    ['golang_perf_benchstat_old_count10.txt', 2, ['time']],
    ['golang_perf_benchstat_new_count10.txt', 2, ['time']],
    ['golang_perf_benchproc_suffixarray_count10_benchmem.txt', 42, ['time', 'throughput', 'bytes/op', 'allocs/op']],
    ['golang_perf_benchstat_crc_old_with_notes.txt', 36, ['time', 'throughput']],
    ['golang_perf_benchstat_crc_new_with_notes.txt', 36, ['time', 'throughput']],
  ])('reads %s: %i benchmarks x 10 samples of %j', (file, count, metrics) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toHaveLength(count);
    expect(ms).toHaveLength(count * metrics.length);
    expect([...new Set(ms.map((m) => m.metric))]).toEqual(metrics);
    expect(ms.every((m) => m.values.length === 10)).toBe(true);
  });

  it('ignores the prose before the results and keeps the package prefix', () => {
    expect(benchmarks(parse('golang_perf_benchstat_new_count10.txt'))[0]).toBe(
      'golang.org/x/perf/cmd/benchstat/testdata.BenchmarkEncode/format=json-48',
    );
    expect(benchmarks(parse('golang_perf_benchstat_crc_new_with_notes.txt'))[0]).toBe(
      'hash/crc32.BenchmarkCRC32/poly=IEEE/size=15/align=0-8',
    );
  });

  it('reads custom units and ignores Unit metadata and notes; a benchmark without ns/op gates on its own unit', () => {
    const ms = parse('golang_perf_benchstat_units_metadata.txt');
    expect(ms).toEqual([
      { benchmark: 'BenchmarkSize', metric: 'text-bytes', unit: 'text-bytes', better: 'lower', values: [100, 105], role: 'primary' },
      {
        benchmark: 'BenchmarkNonExact',
        metric: 'text-bytes',
        unit: 'text-bytes',
        better: 'lower',
        values: [100, 101, 101, 101, 101, 101],
        role: 'primary',
      },
    ]);
  });

  it('turns --- FAIL into a failed measurement', () => {
    const ms = go.parse('BenchmarkA-8  100  5 ns/op\n--- FAIL: BenchmarkB-8\n    b_test.go:9: boom\n');
    expect(find(ms, 'BenchmarkB-8')).toMatchObject({ failed: expect.any(String), values: [] });
  });

  it.each(['generated_go1.26_failures_count2.txt', 'generated_go1.26_failures_test_json_events_count2.jsonl'])(
    'names every shape of --- FAIL in %s as the benchmark would be named, GOMAXPROCS suffix included',
    (file) => {
      const ms = parse(file);
      const FIXFAIL = 'example.com/fixfail';
      expect(ms.map((m) => [m.benchmark, m.values.length, m.failed])).toEqual([
        [`${FIXFAIL}.BenchmarkOK-2`, 2, undefined],
        // Failed on b.N=1: Go printed "--- FAIL: BenchmarkFailFirst", without the -2 of its results.
        [`${FIXFAIL}.BenchmarkFailFirst-2`, 0, 'go test reported FAIL'],
        // Failed on a later b.N: "BenchmarkFailLater-2 \t--- FAIL: BenchmarkFailLater-2" (text), own line (-json).
        [`${FIXFAIL}.BenchmarkFailLater-2`, 0, 'go test reported FAIL'],
        // "--- FAIL: BenchmarkSub" only says that its sub-benchmark failed: it is not a benchmark of its own.
        [`${FIXFAIL}.BenchmarkSub/s=1-2`, 0, 'go test reported FAIL'],
      ]);
    },
  );

  it('keeps a failure name as printed when the GOMAXPROCS suffix cannot be told (-cpu lists, no results)', () => {
    const cpuList = go.parse('BenchmarkA  100  5 ns/op\nBenchmarkA-2  100  5 ns/op\n--- FAIL: BenchmarkB\n');
    expect(find(cpuList, 'BenchmarkB').failed).toBeDefined();
    expect(find(go.parse('--- FAIL: BenchmarkB\n'), 'BenchmarkB').failed).toBeDefined();
  });

  it('marks a benchmark failed in a later -count repetition as failed, not as the values before', () => {
    const ms = go.parse('BenchmarkA-2  100  5 ns/op\nBenchmarkA-2   \t--- FAIL: BenchmarkA-2\n    a_test.go:3: boom\n');
    expect(ms).toEqual([
      {
        benchmark: 'BenchmarkA-2',
        metric: 'time',
        unit: 's',
        better: 'lower',
        values: [],
        failed: 'go test reported FAIL',
        role: 'primary',
      },
    ]);
  });

  it('names the line of a malformed result', () => {
    const error = thrown(() => go.parse('pkg: x\nBenchmarkA-8  100  five ns/op\n'));
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ line: 2 });
  });
});
