import { describe, expect, it } from '@jest/globals';
import { detectFormat, formats, getFormat, parseOutput } from '../../src/formats/index.js';
import { FormatError } from '../../src/formats/types.js';
import { fixture, thrown } from './fixture.js';

/** Every fixture file the parsers support, with the format auto-detection must pick. */
const DETECTABLE: [string, string][] = [
  ['bench-bitcoin-csv', 'bench-bitcoin-csv/bchn_doc_sample_run.csv'],
  ['bench-bitcoin-csv', 'bench-bitcoin-csv/xpchain_doc_sample_windows_exponents.csv'],
  ['bench-bitcoin-csv', 'bench-bitcoin-csv/generated_nanobench_v4.3.11_legacy_template_run1.csv'],
  ['google-benchmark', 'google-benchmark-json/generated_v1.7.1_repetitions5_with_aggregates_and_bigo.json'],
  ['google-benchmark', 'google-benchmark-json/generated_v1.7.1_repetitions5_report_aggregates_only.json'],
  ['google-benchmark', 'google-benchmark-json/generated_v1.7.1_single_run_no_repetitions.json'],
  ['google-benchmark', 'google-benchmark-json/generated_v1.7.1_repetitions3_random_interleaving_benchmark_out.json'],
  ['google-benchmark', 'google-benchmark-json/gab_googlecpp_output_single.json'],
  ['go', 'go-test-bench/gab_go_fiber_multi_package_duplicate_names.txt'],
  ['go', 'go-test-bench/generated_go1.26_test_json_events_count2.jsonl'],
  ['go', 'go-test-bench/generated_go1.26_two_packages_count5_benchmem_reportmetric.txt'],
  ['go', 'go-test-bench/generated_go1.26_verbose_count2_with_name_only_lines.txt'],
  ['go', 'go-test-bench/golang_perf_benchproc_suffixarray_count10_benchmem.txt'],
  ['go', 'go-test-bench/golang_perf_benchstat_crc_new_with_notes.txt'],
  ['go', 'go-test-bench/golang_perf_benchstat_crc_old_with_notes.txt'],
  ['go', 'go-test-bench/golang_perf_benchstat_new_count10.txt'],
  ['go', 'go-test-bench/golang_perf_benchstat_old_count10.txt'],
];

describe('format registry', () => {
  it.each(DETECTABLE)('detects %s in %s', (name, file) => {
    const text = fixture(file);
    expect(detectFormat(text).name).toBe(name);
    const parsed = parseOutput(text, 'auto');
    expect(parsed.format).toBe(name);
    expect(parsed.measurements.length).toBeGreaterThan(0);
  });

  it('detects benchgate JSON', () => {
    expect(detectFormat('{"benchgate": 1, "benchmarks": []}').name).toBe('benchgate');
  });

  it('has unique names and finds each by name', () => {
    const names = formats.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(getFormat(name).name).toBe(name);
  });

  it('lists the valid names for an unknown format', () => {
    expect(() => getFormat('gobench')).toThrow(/valid formats: auto, .*google-benchmark/);
  });

  it('names the formats tried and shows the first lines when nothing matches', () => {
    const error = thrown(() => detectFormat('hello\nworld\n'));
    expect(error).toBeInstanceOf(FormatError);
    const message = (error as Error).message;
    for (const f of formats) expect(message).toContain(f.name);
    expect(message).toContain('| hello');
  });
});
