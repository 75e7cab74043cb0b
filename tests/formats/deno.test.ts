import { describe, expect, it } from '@jest/globals';
import { deno } from '../../src/formats/deno.js';
import { benchmarks, find, fixture } from './fixture.js';

const FILE = 'deno/generated_deno2.9.6_bench_json_two_files_group_failure.json';

describe('deno', () => {
  it('names benchmarks by file, group and name, and reads p75 in seconds (not the outlier-pulled average)', () => {
    const ms = deno.parse(fixture(FILE));
    expect(benchmarks(ms)).toEqual([
      'fib_bench.ts > fib 10',
      'fib_bench.ts > url parse',
      'fib_bench.ts > throws',
      'fib_bench.ts > fib > fib 15',
      'fib_bench.ts > fib > fib 18',
      'other_bench.ts > url parse',
    ]);
    const url = find(ms, 'fib_bench.ts > url parse');
    expect(url).toMatchObject({ metric: 'time', unit: 's', better: 'lower' });
    expect(url.values[0]).toBeCloseTo(621e-9, 18); // the avg, 2842 ns, is pulled by one 28 ms iteration
  });

  it('fails a benchmark that threw', () => {
    expect(find(deno.parse(fixture(FILE)), 'fib_bench.ts > throws')).toMatchObject({ failed: 'deno bench reported Error', values: [] });
  });
});
