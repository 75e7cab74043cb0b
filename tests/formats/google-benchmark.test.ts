import { describe, expect, it } from '@jest/globals';
import { googleBenchmark } from '../../src/formats/google-benchmark.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => googleBenchmark.parse(fixture(`google-benchmark-json/${file}`));
const NAMES = [
  'BM_StringCreation',
  'BM_memcpy/64',
  'BM_memcpy/4096',
  'BM_SetInsert/16',
  'BM_SetInsert/64',
  'BM_SetInsert/256',
  'BM_SetInsert/1024',
  'BM_Sleep/iterations:20/real_time',
];

describe('google-benchmark', () => {
  it('takes one sample per repetition and never counts aggregates', () => {
    const ms = parse('generated_v1.7.1_repetitions5_with_aggregates_and_bigo.json');
    expect(benchmarks(ms)).toEqual(NAMES);
    const time = find(ms, 'BM_StringCreation');
    expect(time).toMatchObject({ unit: 's', better: 'lower' });
    expect(time.values).toHaveLength(5);
    expect(time.values[0]).toBeCloseTo(1.5713011363371616e-9, 20);
    expect(find(ms, 'BM_StringCreation', 'cpu_time').values).toHaveLength(5);
    expect(ms.every((m) => m.values.length === 5)).toBe(true);
  });

  it('reports counters as their own metrics, rates as higher-is-better; time primary, built-in rates derived, counters secondary', () => {
    const ms = parse('generated_v1.7.1_repetitions5_with_aggregates_and_bigo.json');
    expect(find(ms, 'BM_memcpy/64')).toMatchObject({ role: 'primary' });
    expect(find(ms, 'BM_memcpy/64', 'cpu_time')).toMatchObject({ role: 'secondary' });
    expect(find(ms, 'BM_memcpy/64', 'bytes_per_second')).toMatchObject({ unit: 'bytes/s', better: 'higher', role: 'derived' });
    expect(find(ms, 'BM_SetInsert/16', 'items')).toMatchObject({ role: 'secondary' });
    expect(find(ms, 'BM_SetInsert/16', 'items').values).toHaveLength(5);
  });

  it('gives the range argument of Complexity() families as complexityN', () => {
    const ms = parse('generated_v1.7.1_repetitions5_with_aggregates_and_bigo.json');
    expect(find(ms, 'BM_SetInsert/256').complexityN).toBe(256);
    expect(find(ms, 'BM_memcpy/64').complexityN).toBeUndefined();
  });

  it('falls back to the median aggregate when only aggregates were reported', () => {
    const ms = parse('generated_v1.7.1_repetitions5_report_aggregates_only.json');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(ms.every((m) => m.values.length === 1)).toBe(true);
    // The `BM_StringCreation_median` row, not `_mean`, under the plain name.
    expect(find(ms, 'BM_StringCreation').values[0]).toBeCloseTo(0.6883361468945636e-9, 20);
  });

  it.each([
    ['generated_v1.7.1_single_run_no_repetitions.json', 8, 1],
    ['generated_v1.7.1_repetitions3_random_interleaving_benchmark_out.json', 8, 3],
    ['gab_googlecpp_output_single.json', 2, 1],
  ])('reads %s', (file, count, samples) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toHaveLength(count);
    expect(ms.filter((m) => m.metric === 'time').every((m) => m.values.length === samples)).toBe(true);
  });

  it('converts every time unit to seconds', () => {
    const ms = parse('generated_v1.7.1_single_run_no_repetitions.json');
    expect(find(ms, 'BM_Sleep/iterations:20/real_time').values[0]).toBeCloseTo(1.0642380500030413e-3, 15); // time_unit ms
    expect(find(ms, 'BM_SetInsert/1024').values[0]).toBeCloseTo(36089.1861198637e-9, 15); // time_unit ns
  });

  it('turns error_occurred into a failed measurement', () => {
    const text = JSON.stringify({
      benchmarks: [
        {
          name: 'BM_x',
          run_type: 'iteration',
          error_occurred: true,
          error_message: 'boom',
          iterations: 0,
          real_time: 0,
          cpu_time: 0,
          time_unit: 'ns',
        },
      ],
    });
    expect(googleBenchmark.parse(text)).toEqual([
      { benchmark: 'BM_x', metric: 'time', unit: 's', better: 'lower', values: [], failed: 'boom', role: 'primary' },
    ]);
  });

  it('leaves out a SkipWithMessage row (1.8+) instead of reading its zero times', () => {
    // Row shape as json_reporter.cc writes it for internal::SkippedWithMessage.
    const skipped = {
      name: 'BM_y',
      run_name: 'BM_y',
      run_type: 'iteration',
      repetitions: 1,
      repetition_index: 0,
      threads: 1,
      skipped: true,
      skip_message: 'no GPU',
      iterations: 0,
      real_time: 0,
      cpu_time: 0,
      time_unit: 'ns',
    };
    const ran = {
      ...skipped,
      name: 'BM_x',
      run_name: 'BM_x',
      skipped: undefined,
      skip_message: undefined,
      iterations: 10,
      real_time: 5,
      cpu_time: 5,
    };
    expect(googleBenchmark.parse(JSON.stringify({ benchmarks: [ran, skipped] })).map((m) => [m.benchmark, m.metric, m.values])).toEqual([
      ['BM_x', 'time', [5e-9]],
      ['BM_x', 'cpu_time', [5e-9]],
    ]);
  });

  it('tolerates a stray line printed into the JSON on stdout', () => {
    const text = fixture('google-benchmark-json/gab_googlecpp_output_single.json').replace(
      '  "benchmarks": [\n',
      '  "benchmarks": [\nPerformance counters not supported.\n',
    );
    expect(text).toContain('Performance counters not supported.');
    expect(benchmarks(googleBenchmark.parse(text))).toEqual(['fib_10', 'fib_20']);
  });

  it('rejects a row without real_time', () => {
    expect(() => googleBenchmark.parse('{"benchmarks":[{"name":"a","run_type":"iteration"}]}')).toThrow(FormatError);
  });
});
