/**
 * Digit grouping in text reports (src/formats/numbers.ts parseGroupedDecimal): strict three-digit
 * grouping with a point decimal is read; a comma that could be a decimal comma or a wrong grouping
 * is a FormatError naming the fix, never a number read 1000x wrong. One case per text parser
 * whose tool can print grouped digits, on its genuine fixture (edited where it says so).
 */
import { describe, expect, it } from '@jest/globals';
import { cargoBench } from '../../src/formats/cargo-bench.js';
import { js } from '../../src/formats/js.js';
import { nanobench } from '../../src/formats/nanobench.js';
import { parseGroupedDecimal } from '../../src/formats/numbers.js';
import { qtestlib } from '../../src/formats/qtestlib.js';
import { FormatError } from '../../src/formats/types.js';
import { wrk } from '../../src/formats/wrk.js';
import { find, fixture, thrown } from './fixture.js';

const FIX = /run it with LC_ALL=C, or use the tool's JSON output/;

/** The parser's error on `text`, which must be a FormatError at `line` naming the fix. */
function refused(parse: () => unknown, line: number, shown: string): void {
  const error = thrown(parse);
  expect(error).toBeInstanceOf(FormatError);
  expect((error as FormatError).line).toBe(line);
  expect((error as Error).message).toMatch(FIX);
  expect((error as Error).message).toContain(JSON.stringify(shown));
}

describe('parseGroupedDecimal', () => {
  it.each([
    ['78,120.88', 78120.88],
    ['1,234,567', 1234567],
    ['-1,000', -1000],
    ['1,234.5e3', 1234500],
    ['804.40', 804.4],
    ['12', 12],
  ])('reads %s as %d', (text, value) => expect(parseGroupedDecimal(text, 'wrk', 1)).toBe(value));

  it.each(['78,12', '1,2345', '12,34,567', '78.120,88', ',123', '1,234,', '1,,234', '1,234.567,8'])(
    'refuses %s, naming the fix',
    (text) => {
      refused(() => parseGroupedDecimal(text, 'wrk', 7), 7, text);
    },
  );

  it('leaves what is no number to the caller', () => {
    expect(parseGroupedDecimal('N/A', 'wrk', 1)).toBeUndefined();
    expect(parseGroupedDecimal('1,2 ms', 'wrk', 1)).toBeUndefined();
  });
});

describe('each text parser whose tool can group digits', () => {
  const wrkText = fixture('wrk/generated_wrk4.1.0_latency.txt');

  it('wrk: Requests/sec 78,120.88 (as the seed document showed) is 78120.88; 78,12 is refused', () => {
    const ms = wrk.parse(fixture('wrk/edited_grouped_requests_per_sec.txt'));
    expect(find(ms, 'http://127.0.0.1:18081/', 'requests/s').values).toEqual([78120.88]);
    refused(() => wrk.parse(fixture('wrk/edited_decimal_comma_requests_per_sec.txt')), 12, '78,12');
    expect(wrkText).toContain('Requests/sec:    804.40');
  });

  it('cargo bench (libtest): 3,161 ns/iter is 3161 ns; 3,1610 is refused, not read as 31610', () => {
    const text = fixture('cargo-libtest-bench/bencher_adapter_many.txt');
    expect(find(cargoBench.parse(text), 'tests::benchmark').values).toEqual([3.161e-6]);
    refused(() => cargoBench.parse(text.replace('3,161 ns/iter', '3,1610 ns/iter')), 4, '3,1610');
  });

  it('nanobench markdown: 2,069,220.00 ns/op is read; 2,0692 is refused', () => {
    const text = fixture('nanobench/generated_v4.3.11_run1_markdown.txt');
    expect(find(nanobench.parse(text), 'sleep 2ms').values[0]).toBeCloseTo(2.06922e-3, 12);
    const line = text.split('\n').findIndex((l) => l.includes('2,069,220.00')) + 1;
    refused(() => nanobench.parse(text.replace('2,069,220.00', '2,0692')), line, '2,0692');
  });

  it('benchmark.js: 1,431,759 ops/sec is read; 1,43 ops/sec is refused when parsing', () => {
    const text = fixture('js-benchmark-js-tinybench-mitata/gab_benchmarkjs_output.txt');
    expect(find(js.parse(text), 'fib(10)', 'throughput').values).toEqual([1431759]);
    refused(() => js.parse(text.replace('1,431,759 ops/sec', '1,43 ops/sec')), 1, '1,43');
  });

  it('tinybench console table: a grouped median is read; 7,22 is refused', () => {
    const text = fixture('js-benchmark-js-tinybench-mitata/generated_tinybench6.2.3_console_table.txt');
    const grouped = text.replace("'7665.0 ± 271.00'", "'7,665.0 ± 271.00'");
    expect(find(js.parse(grouped), 'fib(15)').values[0]).toBeCloseTo(7665e-9, 15);
    refused(() => js.parse(text.replace("'722.00 ± 31.00'", "'7,22 ± 31.00'")), 5, '7,22');
  });

  it('QTestLib text: 1,234.5 msecs per iteration is read; 0,00028 is refused', () => {
    const text = fixture('qtestlib/generated_qt5.15.8_txt_walltime.txt');
    const line = text.split('\n').findIndex((l) => l.includes('0.00028 msecs')) + 1;
    const grouped = qtestlib.parse(text.replace('0.00028 msecs', '1,234.5 msecs'));
    expect(grouped.some((m) => m.values.some((v) => Math.abs(v - 1.2345) < 1e-12))).toBe(true);
    refused(() => qtestlib.parse(text.replace('0.00028 msecs', '0,00028 msecs')), line, '0,00028');
  });
});
