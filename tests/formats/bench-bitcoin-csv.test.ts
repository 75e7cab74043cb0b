import { describe, expect, it } from '@jest/globals';
import { benchBitcoinCsv } from '../../src/formats/bench-bitcoin-csv.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const parse = (file: string) => benchBitcoinCsv.parse(fixture(`bench-bitcoin-csv/${file}`));

describe('bench-bitcoin-csv', () => {
  it('reads every row of the BCHN sample as median, min, max and derived average in seconds', () => {
    const ms = parse('bchn_doc_sample_run.csv');
    expect(benchmarks(ms)).toHaveLength(31);
    expect(ms).toHaveLength(31 * 4);
    expect(find(ms, 'Base58CheckEncode')).toEqual({
      benchmark: 'Base58CheckEncode',
      metric: 'time',
      unit: 's',
      better: 'lower',
      values: [3.29183e-6],
      role: 'primary',
    });
    expect(find(ms, 'Base58CheckEncode', 'min')).toMatchObject({ values: [3.27814e-6], role: 'secondary' });
    expect(find(ms, 'Base58CheckEncode', 'max').values).toEqual([3.36971e-6]);
    expect(find(ms, 'Base58CheckEncode', 'average').values[0]).toBeCloseTo(5.28577 / (5 * 320000), 15);
  });

  it('reads Windows 3-digit exponents', () => {
    const ms = parse('xpchain_doc_sample_windows_exponents.csv');
    expect(benchmarks(ms)).toHaveLength(36);
    expect(find(ms, 'Base58CheckEncode').values).toEqual([2.98956e-6]);
  });

  it('keeps nanobench-era names with spaces and fractional iterations', () => {
    const ms = parse('generated_nanobench_v4.3.11_legacy_template_run1.csv');
    expect(benchmarks(ms)).toEqual(['std::mt19937_64', 'std::mt19937_64 minEpochIterations', 'vector<char> push_back 1000', 'sleep 2ms']);
    expect(find(ms, 'sleep 2ms').values).toEqual([0.00206922]);
  });

  it('stops at a supplemental table after the main one', () => {
    const text =
      fixture('bench-bitcoin-csv/bchn_doc_sample_run.csv') +
      '\n--- Supplemental data for benchmark category "libauth" ---\n# Name, ops, something\nfoo, 1, 2\n';
    expect(benchmarks(benchBitcoinCsv.parse(text))).toHaveLength(31);
  });

  it('tolerates warnings before the header', () => {
    const ms = benchBitcoinCsv.parse(
      'WARNING: This is a debug build\n# Benchmark, evals, iterations, total, min, max, median\nA, 5, 10, 1, 0.01, 0.03, 0.02\n',
    );
    expect(find(ms, 'A').values).toEqual([0.02]);
  });

  it('rejects the timing-free rows of bench_bitcoin -list instead of reading them as results', () => {
    const list = '# Benchmark, evals, iterations, total, min, max, median\nBase58CheckEncode, 5, 320000\nBase58Decode, 5, 800000\n';
    const error = thrown(() => benchBitcoinCsv.parse(list));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe(
      'bench-bitcoin-csv: line 2: expected "name, evals, iterations, total, min, max, median", got 3 columns (bench_bitcoin -list output has no timings: run the benchmarks)',
    );
  });

  it('reports the line of a malformed row', () => {
    const text = '# Benchmark, evals, iterations, total, min, max, median\nA, 5, 10, 1, 0.01, 0.03, 0.02\nB, 5, 10\n';
    const error = thrown(() => benchBitcoinCsv.parse(text));
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ format: 'bench-bitcoin-csv', line: 3 });
  });
});
