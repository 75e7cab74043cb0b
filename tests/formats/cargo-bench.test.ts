import { describe, expect, it } from '@jest/globals';
import { cargoBench } from '../../src/formats/cargo-bench.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const parse = (file: string) => cargoBench.parse(fixture(`cargo-libtest-bench/${file}`));

describe('cargo-bench', () => {
  it('reads the median per benchmark in seconds, with thousands separators and decimals', () => {
    const ms = parse('bencher_adapter_issue_390.txt');
    expect(benchmarks(ms)).toEqual([
      'bleu::benchmark::bench_batch_bleu',
      'bleu::benchmark::bench_bleu',
      'ngram::benchmark::bench_ngram',
      'tokenizer::benchmark::bench_tokenizer',
    ]);
    expect(find(ms, 'bleu::benchmark::bench_batch_bleu')).toEqual({
      benchmark: 'bleu::benchmark::bench_batch_bleu',
      metric: 'time',
      unit: 's',
      better: 'lower',
      values: [13967756.3 / 1e9],
    });
  });

  it('turns FAILED into a failed measurement and skips ignored tests', () => {
    const ms = parse('bencher_adapter_failed.txt');
    expect(ms.map((m) => [m.benchmark, m.values.length, m.failed])).toEqual([
      ['tests::benchmark_a', 1, undefined],
      ['tests::benchmark_b', 0, 'libtest reported FAILED'],
      ['tests::benchmark_c', 1, undefined],
    ]);
  });

  it('converts µs, ms and s per iteration and keeps other units as their own metric', () => {
    const ms = parse('bencher_adapter_many.txt');
    expect(find(ms, 'tests::one_digit').values).toEqual([1e-6]);
    expect(find(ms, 'tests::two_digit').values).toEqual([0.022]);
    expect(find(ms, 'tests::three_digit').values).toEqual([333]);
    const units = parse('gab_cargo_output_units.txt');
    expect(find(units, 'cmov', 'cycles/iter')).toMatchObject({ values: [2835], better: 'lower' });
    expect(find(units, 'upload', 'MS/s')).toMatchObject({ values: [1911], better: 'higher' });
  });

  it.each([
    ['bencher_adapter_multi_target.txt', 2],
    ['gab_cargo_output.txt', 2],
    ['gab_cargo_output3.txt', 2],
    ['generated_nightly_libtest_stdout_run1.txt', 2],
    ['generated_nightly_libtest_stdout_run2.txt', 2],
    ['generated_nightly_cargo_bench_all_targets_stdout_stderr_mixed.txt', 2],
  ])('reads %s', (file, count) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toHaveLength(count);
    expect(ms.every((m) => m.values.length === 1 && m.unit === 's')).toBe(true);
  });

  it('names the line of a malformed bench value', () => {
    const error = thrown(() => cargoBench.parse('running 1 test\ntest a ... bench: lots ns/iter (+/- 1)\n'));
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ line: 2 });
  });
});
