/** Benchmark names reach the report exactly as the harness printed them. */
import { describe, expect, it } from '@jest/globals';
import { parseOutput } from '../../src/formats/index.js';

const NAME = 'décodage/4B “quoted” 漢字 x/y';

describe('benchmark names are kept exactly', () => {
  it.each([
    ['benchgate', JSON.stringify({ benchgate: 1, benchmarks: [{ name: NAME, unit: 's', values: [1] }] }), NAME],
    ['cargo-bench', `test ${NAME} ... bench:         5 ns/iter (+/- 1)\n`, NAME],
    ['criterion', `${NAME}    time:   [1.0 ns 2.0 ns 3.0 ns]\n`, NAME],
    ['nanobench', `| ns/op | err% | total | benchmark\n|---:|---:|---:|:--\n| 5.00 | 0.1% | 0.01 | \`${NAME}\`\n`, NAME],
    ['js', `${NAME} x 1,000 ops/sec ±1.00% (90 runs sampled)\n`, NAME],
    ['go', 'BenchmarkDécodage/size=4B/漢字-8 \t 100\t 5 ns/op\n', 'BenchmarkDécodage/size=4B/漢字-8'],
    ['hyperfine', JSON.stringify({ results: [{ command: `sleep 0.1 # ${NAME}`, times: [0.1] }] }), `sleep 0.1 # ${NAME}`],
  ])('%s', (format, text, expected) => {
    const parsed = parseOutput(text, 'auto');
    expect(parsed.format).toBe(format);
    expect(parsed.measurements[0]!.benchmark).toBe(expected);
  });
});
