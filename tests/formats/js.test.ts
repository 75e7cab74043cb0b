import { describe, expect, it } from '@jest/globals';
import { js } from '../../src/formats/js.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => js.parse(fixture(`js-benchmark-js-tinybench-mitata/${file}`));

describe('js', () => {
  it('reads benchmark.js hz as higher-is-better ops/s, names containing " x " included', () => {
    const ms = parse('gab_benchmarkjs_output.txt');
    expect(benchmarks(ms)).toEqual(['fib(10)', 'fib(20)', 'createObjectBuffer with 200 comments']);
    expect(find(ms, 'fib(10)', 'throughput')).toEqual({
      benchmark: 'fib(10)',
      metric: 'throughput',
      unit: 'ops/s',
      better: 'higher',
      values: [1431759],
    });
    expect(benchmarks(parse('bencher_adapter_benchmarkjs_issue_506.txt'))).toHaveLength(6);
    expect(benchmarks(parse('generated_benchmarkjs2.1.4_node20_run1.txt'))).toEqual(['fib(10)', 'fib(15)', 'Array#join 100']);
  });

  it('reads the median latency of the tinybench table in seconds', () => {
    const ms = parse('generated_tinybench6.2.3_console_table.txt');
    expect(benchmarks(ms)).toEqual(['fib(10)', 'fib(15)', 'Array#join 100']);
    expect(find(ms, 'fib(15)').values).toEqual([7665e-9]);
  });

  it('reads tinybench latency samples (ms) from the JSON dump', () => {
    const ms = parse('generated_tinybench6.2.3_tasks_results_retainSamples_dump.json');
    expect(benchmarks(ms)).toEqual(['fib(10)', 'fib(15)']);
    expect(find(ms, 'fib(10)').values).toHaveLength(25);
    expect(find(ms, 'fib(10)').values[0]).toBeCloseTo(0.0061709999999948195e-3, 15);
  });

  it('reads mitata text (avg per iteration) and JSON samples (ns)', () => {
    const text = parse('generated_mitata1.0.34_text.txt');
    expect(benchmarks(text)).toEqual(['fib(10)', 'fib(15)', 'Array#join 10', 'Array#join 100']);
    expect(find(text, 'fib(15)').values[0]).toBeCloseTo(7.45e-6, 15);
    const json = parse('generated_mitata1.0.34_format_json_samples_context_noop_trimmed.json');
    expect(json.map((m) => [m.benchmark, m.values.length])).toEqual([
      ['fib(10)', 228],
      ['fib(15)', 17],
      ['Array#join 10', 118],
      ['Array#join 100', 12],
    ]);
  });

  it('reads vitest bench JSON, falling back to the median (ms) without samples', () => {
    const ms = parse('bencher_adapter_vitest_bench_outputJson_four.json');
    expect(benchmarks(ms)).toEqual([
      'fib.bench.ts > fibonacci > fib(10)',
      'fib.bench.ts > fibonacci > fib(20)',
      'sort.bench.ts > sorting > normal',
      'sort.bench.ts > sorting > reverse',
    ]);
    expect(find(ms, 'fib.bench.ts > fibonacci > fib(10)').values).toEqual([0.00075]);
  });

  it('turns an errored tinybench task into a failed measurement', () => {
    const ms = js.parse(JSON.stringify([{ name: 'a', result: { state: 'errored', error: 'boom' } }]));
    expect(ms).toEqual([
      { benchmark: 'a', metric: 'time', unit: 's', better: 'lower', values: [], failed: 'tinybench task errored: boom' },
    ]);
  });

  it('rejects text without any result', () => {
    expect(() => js.parse('Running 0 benchmarks\nDone!\n')).toThrow(FormatError);
  });
});
