import { describe, expect, it } from '@jest/globals';
import { catch2 } from '../../src/formats/catch2.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => catch2.parse(fixture(`catch2/${file}`));
const GENERATED = [
  'Fibonacci / fib 10',
  'Fibonacci / fib 20',
  'Containers / string concat with a rather long benchmark name that wraps',
  'Containers / vector / vector push_back 1000',
];

describe('catch2', () => {
  it.each([
    'generated_v3.7.1_xml_reporter.xml',
    'generated_v2.13.10_xml_reporter_run1.xml',
    'generated_v3.7.1_xml_benchmark_no_analysis.xml',
  ])('reads the mean (ns) of every benchmark in %s, named by test case and sections', (file) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toEqual(GENERATED);
    expect(ms.every((m) => m.values.length === 1 && m.unit === 's' && m.better === 'lower')).toBe(true);
  });

  it('converts XML nanoseconds to seconds', () => {
    expect(find(parse('generated_v3.7.1_xml_reporter.xml'), 'Fibonacci / fib 20').values[0]).toBeCloseTo(18369.8e-9, 18);
  });

  it.each(['generated_v3.7.1_console.txt', 'generated_v2.13.10_console_run1.txt', 'generated_v3.7.1_console_benchmark_no_analysis.txt'])(
    'reads the console output %s, with wrapped names and per-value units',
    (file) => {
      const ms = parse(file);
      expect(new Set(benchmarks(ms))).toEqual(new Set(GENERATED));
      expect(ms.every((m) => m.values.length === 1)).toBe(true);
    },
  );

  it('reads the mean, not the estimated run time, from the console', () => {
    const ms = parse('generated_v3.7.1_console.txt');
    expect(find(ms, 'Fibonacci / fib 20').values[0]).toBeCloseTo(16.4886e-6, 15);
    expect(find(ms, 'Containers / vector / vector push_back 1000').values[0]).toBeCloseTo(2.09169e-6, 15);
    expect(find(parse('generated_v3.7.1_console_benchmark_no_analysis.txt'), 'Fibonacci / fib 20').values[0]).toBeCloseTo(15.9099e-6, 15);
  });

  it('reads names that continue on the mean line and older console layouts', () => {
    expect(benchmarks(parse('bencher_adapter_catch2_issue_351_multiline_names.txt'))).toContain(
      'Even More Fibonacci / With a long name / Fibonacci 10 with a long name',
    );
    expect(benchmarks(parse('gab_catch2_output_v3_actually_v2.11.txt'))).toEqual([
      'Fibonacci / Fibonacci 10',
      'Fibonacci / Fibonacci 20',
      'More Fibonacci / Fibonacci~ 5!',
      'More Fibonacci / Fibonacci-15_bench',
    ]);
    expect(benchmarks(parse('nanobench_repo_comparisons_catch2_v2.9.2_console.txt'))).toHaveLength(3);
  });

  it('reads a name or message only from its attribute: a child element of that name is not text', () => {
    const xml =
      '<?xml version="1.0"?><Catch2TestRun><TestCase name="T"><BenchmarkResults name="b"><failed><message><i/></message></failed></BenchmarkResults>' +
      '<BenchmarkResults><name><i>x</i></name><mean value="5"/></BenchmarkResults></TestCase></Catch2TestRun>';
    const ms = catch2.parse(xml);
    expect(benchmarks(ms)).toEqual(['T / b', 'T / ']);
    expect(find(ms, 'T / b').failed).toBe('benchmark failed');
  });

  it('turns a failed benchmark into a failed measurement, in XML and on the console', () => {
    const xml =
      '<?xml version="1.0"?><Catch2TestRun><TestCase name="T"><BenchmarkResults name="b"><failed message="boom"/></BenchmarkResults></TestCase></Catch2TestRun>';
    expect(catch2.parse(xml)).toEqual([{ benchmark: 'T / b', metric: 'time', unit: 's', better: 'lower', values: [], failed: 'boom' }]);
    const console = fixture('catch2/generated_v3.7.1_console.txt').replace(
      '                                        93.0489 ns    87.9371 ns    104.658 ns ',
      'Benchmark failed (std::runtime_error: boom)',
    );
    expect(find(catch2.parse(console), 'Fibonacci / fib 10')).toMatchObject({ failed: 'std::runtime_error: boom', values: [] });
  });

  it('reads a failure printed after the name, when the benchmark threw before its first sample', () => {
    // Laid out as Catch2's TablePrinter does (name column 37 wide, then the failure in the samples
    // column, then the table closes and the test case failure follows): not a captured run.
    const row = (name: string) => `${name.padEnd(36)} Benchmark failed (std::runtime_error: boom) \n`;
    const afterward =
      '\nt.cpp:5: FAILED:\n  {Unknown expression after the reported line}\ndue to unexpected exception with message:\n  std::runtime_error: boom\n\n';
    const text = fixture('catch2/generated_v3.7.1_console.txt')
      .replace(/fib 20 {10}.*\n.*\n.*\n.*\n/, row('fib 20') + afterward)
      .replace(/benchmark name that wraps .*\n.*\n.*\n.*\n/, row('benchmark name that wraps') + afterward);
    expect(text).toContain('fib 20                               Benchmark failed (std::runtime_error: boom) \n');
    expect(catch2.parse(text).map((m) => [m.benchmark, m.values.length, m.failed])).toEqual([
      ['Fibonacci / fib 10', 1, undefined],
      ['Fibonacci / fib 20', 0, 'std::runtime_error: boom'],
      ['Containers / vector / vector push_back 1000', 1, undefined],
      ['Containers / string concat with a rather long benchmark name that wraps', 0, 'std::runtime_error: boom'],
    ]);
  });

  it('reports malformed XML with its line', () => {
    expect(() => catch2.parse('<?xml version="1.0"?>\n<Catch2TestRun>\n<TestCase name="x">\n</Catch2TestRun>')).toThrow(FormatError);
  });
});
