/**
 * List modes (src/harness/, docs/shards.md): each harness's arguments and the parser of what it
 * prints, on recorded output; the command they are appended to; harnesses without one.
 */
import { describe, expect, it } from '@jest/globals';
import { harnessOf, listCommand } from '../../src/harness/index.js';

const parse = (format: string, stdout: string) => harnessOf(format)!.list!.parse(stdout);

describe('list modes', () => {
  it('go: -test.list prints top-level names, and with go test an ok line per package; tests are not benchmarks', () => {
    expect(harnessOf('go')!.list!.args).toEqual(['-test.list', '^Benchmark']);
    const out =
      'BenchmarkParse\nBenchmarkSizes\nok  \texample.com/m\t0.003s\n?   \texample.com/m/cmd\t[no test files]\nBenchmarkB\nok  \texample.com/m/b\t0.002s\n';
    expect(parse('go', out)).toEqual(['BenchmarkParse', 'BenchmarkSizes', 'BenchmarkB']);
  });

  it('google-benchmark: one name a line', () => {
    expect(parse('google-benchmark', 'BM_Sort/8\nBM_Sort/64\n\nBM_Copy\n')).toEqual(['BM_Sort/8', 'BM_Sort/64', 'BM_Copy']);
  });

  it('criterion: libtest list format, benchmarks only', () => {
    expect(parse('criterion', 'fib/20: benchmark\nfib/30: benchmark\nparses: test\n')).toEqual(['fib/20', 'fib/30']);
  });

  it('jmh: the lines after "Benchmarks:"', () => {
    expect(parse('jmh', '# JMH version: 1.37\nBenchmarks: \norg.b.Bench.run\norg.b.Bench.walk\n')).toEqual([
      'org.b.Bench.run',
      'org.b.Bench.walk',
    ]);
    expect(parse('jmh', 'Error: no benchmarks\n')).toEqual([]);
  });

  it('pytest and catch2 have none: their lists name tests that are not benchmarks, so a shard could own no benchmark', () => {
    expect(harnessOf('pytest-benchmark')!.list).toBeUndefined();
    expect(harnessOf('catch2')!.list).toBeUndefined();
  });

  it('appends the arguments to one simple command, {filter} expanded; none to a pipeline, a list of commands or a harness without list mode', () => {
    expect(listCommand('go', "./x.test -test.run '^$' -test.bench {filter}")).toBe(
      `./x.test -test.run '^$' -test.bench "$BENCHGATE_FILTER" -test.list \\^Benchmark`,
    );
    expect(listCommand('jmh', 'java -jar b.jar {filter}')).toBe('java -jar b.jar "$BENCHGATE_FILTER" -l');
    expect(listCommand('go', 'cd x && go test -bench .')).toBeNull();
    expect(listCommand('google-benchmark', './b | tee out')).toBeNull();
    expect(listCommand('go', 'go test -bench . > out.txt')).toBeNull();
    for (const format of [
      'benchgate',
      'bench-bitcoin-csv',
      'pytest-benchmark',
      'catch2',
      'cargo-bench',
      'benchmarkdotnet',
      'hyperfine',
      'command',
    ]) {
      expect(listCommand(format, './bench {filter}')).toBeNull();
    }
  });
});
