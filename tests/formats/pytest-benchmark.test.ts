import { describe, expect, it } from '@jest/globals';
import { pytestBenchmark } from '../../src/formats/pytest-benchmark.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => pytestBenchmark.parse(fixture(`pytest-benchmark/${file}`));
const NAMES = [
  'test_fix.py::test_fib_10',
  'test_fix.py::test_sorted[100]',
  'test_fix.py::test_sorted[1000]',
  'test_fix.py::test_sleep_pedantic',
];

describe('pytest-benchmark', () => {
  it('reads stats.data, one sample per round, named by fullname', () => {
    const ms = parse('generated_v5.3.1_benchmark_json_flag_includes_data.json');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(ms.map((m) => m.values.length)).toEqual([341, 274, 507, 7]);
    expect(find(ms, 'test_fix.py::test_fib_10')).toMatchObject({ unit: 's', better: 'lower' });
    expect(parse('generated_v5.3.1_save_with_benchmark_save_data.json').map((m) => m.values.length)).toEqual([329, 274, 476, 7]);
  });

  it('falls back to the median without data', () => {
    const ms = parse('generated_v5.3.1_autosave_storage_without_data.json');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(find(ms, 'test_fix.py::test_fib_10').values).toEqual([9.387999853061046e-6]);
    expect(parse('upstream_test_storage_v2.5.0_0030.json').map((m) => [m.benchmark, m.values.length])).toEqual([
      ['tests/test_normal.py::test_xfast_parametrized[0]', 1],
    ]);
  });

  it('skips placeholder strings in trimmed data', () => {
    const ms = parse('bencher_adapter_pytest_four_trimmed_data_has_placeholder_strings.json');
    expect(ms.map((m) => [m.benchmark, m.values.length])).toEqual([
      ['bench.py::test_fib_1', 4],
      ['bench.py::test_fib_10', 4],
      ['bench.py::test_fib_20', 4],
      ['bench.py::test_sleep_2', 5],
    ]);
  });

  it('rejects a benchmark without stats', () => {
    expect(() => pytestBenchmark.parse('{"benchmarks":[{"name":"x"}]}')).toThrow(FormatError);
  });
});
