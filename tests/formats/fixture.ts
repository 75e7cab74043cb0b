/** Test helpers: read a fixture from tests/fixtures/formats and look measurements up. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Measurement } from '../../src/model.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/formats/', import.meta.url));

const cache = new Map<string, string>();

/** A fixture's text (read once: the fuzz tests ask for the same files thousands of times). */
export function fixture(path: string): string {
  let text = cache.get(path);
  if (text === undefined) {
    text = readFileSync(FIXTURES + path, 'utf8');
    cache.set(path, text);
  }
  return text;
}

/** The one measurement of `benchmark` and `metric`; fails the test when absent. */
export function find(measurements: Measurement[], benchmark: string, metric = 'time'): Measurement {
  const found = measurements.find((m) => m.benchmark === benchmark && m.metric === metric);
  if (!found)
    throw new Error(`no ${metric} measurement for "${benchmark}" among ${[...new Set(measurements.map((m) => m.benchmark))].join(' | ')}`);
  return found;
}

export function benchmarks(measurements: Measurement[]): string[] {
  return [...new Set(measurements.map((m) => m.benchmark))];
}

/** The error `fn` throws (fails the test when it returns). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** Every fixture file a parser supports, by the format auto-detection must pick for it. */
export const FIXTURES_BY_FORMAT: Record<string, string[]> = {
  benchgate: ['benchgate/example.json'],
  'bench-bitcoin-csv': [
    'bench-bitcoin-csv/bchn_doc_sample_run.csv',
    'bench-bitcoin-csv/xpchain_doc_sample_windows_exponents.csv',
    'bench-bitcoin-csv/generated_nanobench_v4.3.11_legacy_template_run1.csv',
    'bench-bitcoin-csv/generated_nanobench_v4.3.11_legacy_template_run2.csv',
    'bench-bitcoin-csv/generated_nanobench_v4.3.11_legacy_template_run3.csv',
  ],
  'google-benchmark': [
    'google-benchmark-json/generated_v1.7.1_repetitions5_with_aggregates_and_bigo.json',
    'google-benchmark-json/generated_v1.7.1_repetitions5_report_aggregates_only.json',
    'google-benchmark-json/generated_v1.7.1_single_run_no_repetitions.json',
    'google-benchmark-json/generated_v1.7.1_repetitions3_random_interleaving_benchmark_out.json',
    'google-benchmark-json/gab_googlecpp_output_single.json',
  ],
  nanobench: [
    'nanobench/comparisons_out_markdown_with_unstable_row.txt',
    'nanobench/docs_mustache_render_csv_template.csv',
    'nanobench/docs_mustache_render_json_template.json',
    'nanobench/generated_v4.3.11_run1_markdown.txt',
    'nanobench/generated_v4.3.11_run1_templates_json.json',
    'nanobench/generated_v4.3.11_run2_markdown.txt',
    'nanobench/generated_v4.3.11_run2_templates_json.json',
    'nanobench/generated_v4.3.11_run3_markdown.txt',
    'nanobench/generated_v4.3.11_run3_templates_json.json',
    'nanobench/generated_v4.6.0_run1_markdown_with_perf_note.txt',
    'nanobench/generated_v4.6.0_run1_templates_json.json',
    'nanobench/tutorial_markdown_compare_ci_table.txt',
    'nanobench/tutorial_markdown_relative_rng_table.txt',
  ],
  'cargo-bench': [
    'cargo-libtest-bench/bencher_adapter_failed.txt',
    'cargo-libtest-bench/bencher_adapter_issue_390.txt',
    'cargo-libtest-bench/bencher_adapter_many.txt',
    'cargo-libtest-bench/bencher_adapter_multi_target.txt',
    'cargo-libtest-bench/gab_cargo_output.txt',
    'cargo-libtest-bench/gab_cargo_output3.txt',
    'cargo-libtest-bench/gab_cargo_output_units.txt',
    'cargo-libtest-bench/generated_nightly_libtest_stdout_run1.txt',
    'cargo-libtest-bench/generated_nightly_libtest_stdout_run2.txt',
  ],
  criterion: [
    'criterion/bencher_adapter_criterion_dogfood_console.txt',
    'criterion/bencher_adapter_criterion_many_console.txt',
    'criterion/generated_v0.5.1_cargo_bench_console_first_run.txt',
    'criterion/generated_v0.5.1_cargo_bench_console_second_run_with_change.txt',
    'cargo-libtest-bench/generated_nightly_cargo_bench_all_targets_stdout_stderr_mixed.txt',
  ],
  hyperfine: [
    'hyperfine/bencher_adapter_hyperfine_one.json',
    'hyperfine/bencher_adapter_hyperfine_two.json',
    'hyperfine/generated_v1.15.0_ignore_failure_nonzero_exit_codes.json',
    'hyperfine/generated_v1.15.0_parameter_scan_shell_zero_times.json',
    'hyperfine/generated_v1.15.0_two_commands_warmup_runs12.json',
    'hyperfine/generated_v1.20.0_list_parameter.json',
    'hyperfine/generated_v1.20.0_single_run_stddev_null.json',
    'hyperfine/generated_v1.20.0_two_commands_with_memory_usage.json',
  ],
  'pytest-benchmark': [
    'pytest-benchmark/bencher_adapter_pytest_four_trimmed_data_has_placeholder_strings.json',
    'pytest-benchmark/generated_v5.3.1_autosave_storage_without_data.json',
    'pytest-benchmark/generated_v5.3.1_benchmark_json_flag_includes_data.json',
    'pytest-benchmark/generated_v5.3.1_save_with_benchmark_save_data.json',
    'pytest-benchmark/upstream_test_storage_v2.5.0_0030.json',
  ],
  jmh: [
    'jmh/bencher_adapter_jmh_six.json',
    'jmh/gab_jmh_output_2_params.json',
    'jmh/generated_jmh1.37_prof_gc_with_sampletime_histogram_forks2.json',
    'jmh/generated_jmh1.37_thrpt_avgt_params_forks2.json',
  ],
  benchmarkdotnet: [
    'benchmarkdotnet/bencher_adapter_bdn0.15.8_full_with_measurements_and_memory.json',
    'benchmarkdotnet/bencher_adapter_bdn0.9.9_brief_no_measurements.json',
    'benchmarkdotnet/bencher_adapter_bdn_null_namespace_minimal.json',
    'benchmarkdotnet/bencher_gab_bdn0.12.1_full_measurements_trimmed.json',
  ],
  catch2: [
    'catch2/bencher_adapter_catch2_issue_351_multiline_names.txt',
    'catch2/gab_catch2_output_v3_actually_v2.11.txt',
    'catch2/generated_v2.13.10_console_run1.txt',
    'catch2/generated_v2.13.10_console_run2.txt',
    'catch2/generated_v2.13.10_xml_reporter_run1.xml',
    'catch2/generated_v2.13.10_xml_reporter_run2.xml',
    'catch2/generated_v3.7.1_console.txt',
    'catch2/generated_v3.7.1_console_benchmark_no_analysis.txt',
    'catch2/generated_v3.7.1_xml_benchmark_no_analysis.xml',
    'catch2/generated_v3.7.1_xml_reporter.xml',
    'catch2/nanobench_repo_comparisons_catch2_v2.9.2_console.txt',
  ],
  js: [
    'js-benchmark-js-tinybench-mitata/bencher_adapter_benchmarkjs_issue_506.txt',
    'js-benchmark-js-tinybench-mitata/bencher_adapter_vitest_bench_outputJson_four.json',
    'js-benchmark-js-tinybench-mitata/gab_benchmarkjs_output.txt',
    'js-benchmark-js-tinybench-mitata/generated_benchmarkjs2.1.4_node20_run1.txt',
    'js-benchmark-js-tinybench-mitata/generated_benchmarkjs2.1.4_node20_run2.txt',
    'js-benchmark-js-tinybench-mitata/generated_mitata1.0.34_format_json_samples_context_noop_trimmed.json',
    'js-benchmark-js-tinybench-mitata/generated_mitata1.0.34_text.txt',
    'js-benchmark-js-tinybench-mitata/generated_tinybench6.2.3_console_table.txt',
    'js-benchmark-js-tinybench-mitata/generated_tinybench6.2.3_tasks_results_retainSamples_dump.json',
  ],
  wrk: [
    'wrk/generated_wrk4.1.0_latency.txt',
    'wrk/edited_grouped_requests_per_sec.txt',
    'wrk/generated_wrk4.1.0_latency_non2xx.txt',
    'wrk/generated_wrk4.1.0_latency_socket_errors.txt',
  ],
  autocannon: [
    'autocannon/generated_autocannon9.0.0_json.json',
    'autocannon/generated_autocannon9.0.0_json_non2xx.json',
    'autocannon/generated_autocannon9.0.0_json_errors_timeouts.json',
    'autocannon/generated_autocannon9.0.0_json_connection_refused.json',
  ],
  oha: ['oha/crush_test_oha_json_deadline_aborts.json'],
  k6: ['k6/crush_test_k6_v1_summary_export.json'],
  pyperf: [
    'pyperf/generated_pyperf2.10.0_runner_two_benchmarks.json',
    'pyperf/generated_pyperf2.10.0_track_memory_bytes.json',
    'pyperf/generated_pyperf2.10.0_timeit_cli_single.json',
    'nanobench/generated_v4.3.11_run1_templates_pyperf.json',
    'nanobench/generated_v4.3.11_run2_templates_pyperf.json',
    'nanobench/generated_v4.3.11_run3_templates_pyperf.json',
  ],
  asv: ['asv/generated_asv0.6.6_record_samples_params_failure.json'],
  qtestlib: [
    'qtestlib/generated_qt5.15.8_txt_walltime.txt',
    'qtestlib/generated_qt5.15.8_txt_tickcounter.txt',
    'qtestlib/generated_qt5.15.8_txt_eventcounter.txt',
    'qtestlib/generated_qt5.15.8_txt_callgrind.txt',
    'qtestlib/generated_qt5.15.8_xml_walltime.xml',
    'qtestlib/generated_qt5.15.8_xml_callgrind.xml',
  ],
  'iai-callgrind': [
    'iai-callgrind/generated_gungraun0.17.2_first_run.txt',
    'iai-callgrind/generated_gungraun0.17.2_second_run_no_change.txt',
    'iai-callgrind/generated_gungraun0.17.2_third_run_after_change.txt',
  ],
  divan: ['divan/generated_divan0.1.21_args_modules_types.txt', 'divan/generated_divan0.1.21_counters_alloc_profiler.txt'],
  deno: ['deno/generated_deno2.9.6_bench_json_two_files_group_failure.json'],
  'benchmark-ips': [
    'benchmark-ips/generated_benchmark-ips2.7.2_ruby3.1_console_compare.txt',
    'benchmark-ips/generated_benchmark-ips2.7.2_ruby3.1_json.json',
  ],
  'julia-benchmarktools': ['julia-benchmarktools/gab_julia_output_trialestimate_median.json'],
  go: [
    'go-test-bench/gab_go_fiber_multi_package_duplicate_names.txt',
    'go-test-bench/generated_go1.26_failures_count2.txt',
    'go-test-bench/generated_go1.26_failures_test_json_events_count2.jsonl',
    'go-test-bench/generated_go1.26_test_json_events_count2.jsonl',
    'go-test-bench/generated_go1.26_two_packages_count5_benchmem_reportmetric.txt',
    'go-test-bench/generated_go1.26_verbose_count2_with_name_only_lines.txt',
    'go-test-bench/golang_perf_benchproc_suffixarray_count10_benchmem.txt',
    'go-test-bench/golang_perf_benchstat_crc_new_with_notes.txt',
    'go-test-bench/golang_perf_benchstat_crc_old_with_notes.txt',
    'go-test-bench/golang_perf_benchstat_new_count10.txt',
    'go-test-bench/golang_perf_benchstat_old_count10.txt',
    'go-test-bench/golang_perf_benchstat_units_metadata.txt',
  ],
};

/** Fixtures of the formats --format must name: auto-detection picks none for them. */
export const FIXTURES_BY_NAME_ONLY: Record<string, string[]> = {
  'custom-smaller-is-better': ['custom-json/gab_custom_smallerisbetter_output2.json'],
  'custom-bigger-is-better': ['custom-json/gab_custom_biggerisbetter_output.json'],
};
