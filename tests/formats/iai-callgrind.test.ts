import { describe, expect, it } from '@jest/globals';
import { iaiCallgrind } from '../../src/formats/iai-callgrind.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const parse = (file: string) => iaiCallgrind.parse(fixture(`iai-callgrind/${file}`));
const SHORT = 'my_bench::bench_fibonacci_group::bench_fibonacci short:10';
const LONG = 'my_bench::bench_fibonacci_group::bench_fibonacci long:20';

describe('iai-callgrind / gungraun', () => {
  it.each([
    ['generated_gungraun0.17.2_first_run.txt', 1789],
    ['generated_gungraun0.17.2_second_run_no_change.txt', 1789],
    ['generated_gungraun0.17.2_third_run_after_change.txt', 1519],
  ])("reads this run's counts (not the previous run's) from %s", (file, instructions) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toEqual([SHORT, LONG]);
    expect(find(ms, SHORT, 'instructions')).toMatchObject({
      unit: 'instructions',
      better: 'lower',
      values: [instructions],
      role: 'primary',
      deterministic: true,
    });
  });

  it('marks the cache simulation secondary and the estimated cycles derived', () => {
    const ms = parse('generated_gungraun0.17.2_third_run_after_change.txt');
    expect(ms.filter((m) => m.benchmark === LONG).map((m) => [m.metric, m.role, m.values[0]])).toEqual([
      ['instructions', 'primary', 186836],
      ['L1 Hits', 'secondary', 274783],
      ['LL Hits', 'secondary', 1],
      ['RAM Hits', 'secondary', 3],
      ['Total read+write', 'secondary', 274787],
      ['Estimated Cycles', 'derived', 274893],
    ]);
    expect(ms.filter((m) => m.deterministic).map((m) => m.metric)).toEqual(['instructions', 'instructions']);
  });

  it("skips what a benchmark printed with --nocapture, and names other tools' metrics", () => {
    const text = [
      'my_benchmark::my_group::bench_library some_id:10',
      'Output to stdout: 20',
      '- end of stdout/stderr',
      '  Instructions:                 851|N/A             (*********)',
      '  ======= DHAT =========================================================',
      '  Total bytes:                   96|N/A             (*********)',
      '',
      'Gungraun result: Ok. 1 without regressions; 0 regressed; 1 benchmarks finished in 0.49333s',
    ].join('\n');
    const ms = iaiCallgrind.parse(text);
    expect(ms.map((m) => [m.benchmark, m.metric, m.values])).toEqual([
      ['my_benchmark::my_group::bench_library some_id:10', 'instructions', [851]],
      ['my_benchmark::my_group::bench_library some_id:10', 'DHAT Total bytes', [96]],
    ]);
  });

  it('names the line of a count that is not a number', () => {
    const text = fixture('iai-callgrind/generated_gungraun0.17.2_first_run.txt').replace('1789|N/A', 'lots|N/A');
    const error = thrown(() => iaiCallgrind.parse(text));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe('iai-callgrind: line 2: expected a number for Instructions, got "lots"');
  });
});
