/**
 * The generated fixtures hold several process runs of one benchmark program: every run must give
 * the same benchmarks, metrics, units and sample counts, or base and head runs would not line up.
 */
import { describe, expect, it } from '@jest/globals';
import { getFormat } from '../../src/formats/index.js';
import { fixture } from './fixture.js';

const RUN_SETS: [string, string[], number][] = [
  ['bench-bitcoin-csv', ['1', '2', '3'].map((n) => `bench-bitcoin-csv/generated_nanobench_v4.3.11_legacy_template_run${n}.csv`), 4],
  ['nanobench', ['1', '2', '3'].map((n) => `nanobench/generated_v4.3.11_run${n}_markdown.txt`), 4],
  ['nanobench', ['1', '2', '3'].map((n) => `nanobench/generated_v4.3.11_run${n}_templates_json.json`), 4],
  ['nanobench', ['1', '2', '3'].map((n) => `nanobench/generated_v4.3.11_run${n}_templates_pyperf.json`), 1],
  ['catch2', ['1', '2'].map((n) => `catch2/generated_v2.13.10_console_run${n}.txt`), 4],
  ['catch2', ['1', '2'].map((n) => `catch2/generated_v2.13.10_xml_reporter_run${n}.xml`), 4],
  ['js', ['1', '2'].map((n) => `js-benchmark-js-tinybench-mitata/generated_benchmarkjs2.1.4_node20_run${n}.txt`), 3],
  ['cargo-bench', ['1', '2'].map((n) => `cargo-libtest-bench/generated_nightly_libtest_stdout_run${n}.txt`), 2],
];

describe('repeated process runs of one program', () => {
  it.each(RUN_SETS)('%s: %j give the same %i benchmarks with the same shape', (format, files, count) => {
    const shapes = files.map((file) =>
      getFormat(format)
        .parse(fixture(file))
        .map((m) => ({ benchmark: m.benchmark, metric: m.metric, unit: m.unit, better: m.better, n: m.values.length })),
    );
    expect(new Set(shapes[0]!.map((s) => s.benchmark)).size).toBe(count);
    for (const shape of shapes.slice(1)) expect(shape).toEqual(shapes[0]);
    // The values themselves differ from run to run: these are separate measurements, not copies.
    const values = files.map((file) =>
      JSON.stringify(
        getFormat(format)
          .parse(fixture(file))
          .map((m) => m.values),
      ),
    );
    expect(new Set(values).size).toBe(files.length);
  });
});
