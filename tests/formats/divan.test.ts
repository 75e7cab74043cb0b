import { describe, expect, it } from '@jest/globals';
import { divan } from '../../src/formats/divan.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => divan.parse(fixture(`divan/${file}`));

describe('divan', () => {
  it('names each leaf by its path in the tree and reads its median in seconds', () => {
    const ms = parse('generated_divan0.1.21_args_modules_types.txt');
    expect(benchmarks(ms)).toEqual([
      'fib::fibonacci::5',
      'fib::fibonacci::15',
      'fib::sum_vec',
      'fib::strings::format_int',
      'fib::strings::parse::u8',
      'fib::strings::parse::u64',
    ]);
    expect(find(ms, 'fib::fibonacci::15')).toMatchObject({ metric: 'time', unit: 's', better: 'lower', role: 'primary' });
    expect(find(ms, 'fib::fibonacci::15').values[0]).toBeCloseTo(3.095e-6, 15);
    expect(find(ms, 'fib::strings::parse::u8').values[0]).toBeCloseTo(4.378e-9, 18);
  });

  it('reads counters as derived throughput and the allocation profiler as secondary metrics', () => {
    const ms = parse('generated_divan0.1.21_counters_alloc_profiler.txt');
    expect(benchmarks(ms)).toEqual(['fib::collect_vec', 'fib::copy_bytes', 'fib::fibonacci::5', 'fib::fibonacci::15']);
    expect(ms.filter((m) => m.benchmark === 'fib::copy_bytes').map((m) => [m.metric, m.unit, m.role])).toEqual([
      ['time', 's', 'primary'],
      ['throughput', 'B/s', 'derived'],
      ['max alloc count', 'count', 'secondary'],
      ['max alloc bytes', 'B', 'secondary'],
      ['alloc count', 'count', 'secondary'],
      ['alloc bytes', 'B', 'secondary'],
    ]);
    expect(find(ms, 'fib::copy_bytes', 'throughput')).toMatchObject({ better: 'higher', values: [26.38e9] });
    expect(find(ms, 'fib::collect_vec', 'throughput')).toMatchObject({ unit: 'item/s', values: [3.708e9] });
    expect(find(ms, 'fib::copy_bytes', 'alloc bytes').values).toEqual([4096]);
    expect(find(ms, 'fib::collect_vec', 'max alloc count').values).toEqual([1]);
  });
});
