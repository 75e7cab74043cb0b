import { describe, expect, it } from '@jest/globals';
import { customBiggerIsBetter, customSmallerIsBetter } from '../../src/formats/custom-json.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

describe('github-action-benchmark custom JSON', () => {
  it('customSmallerIsBetter: time units become seconds, lower is better; range is not read', () => {
    const ms = customSmallerIsBetter.parse(fixture('custom-json/gab_custom_smallerisbetter_output2.json'));
    expect(benchmarks(ms)).toEqual(['No instrumentation', 'Deactivated probe', 'No logging', 'Binary file']);
    expect(find(ms, 'No logging')).toMatchObject({ unit: 's', better: 'lower' });
    expect(find(ms, 'No logging').values[0]).toBeCloseTo(1847.38e-9, 18);
  });

  it('customBiggerIsBetter: every value is higher-is-better, other units kept', () => {
    const ms = customBiggerIsBetter.parse(fixture('custom-json/gab_custom_biggerisbetter_output.json'));
    expect(find(ms, 'My Custom Bigger Is Better Benchmark - Throughput', 'throughput')).toMatchObject({
      unit: 'req/s',
      better: 'higher',
      values: [70],
    });
    expect(find(ms, 'My Custom Bigger Is Better Benchmark - Free Memory', 'Megabytes')).toMatchObject({ better: 'higher', values: [150] });
  });

  it('merges entries of one name into samples, and names the entry without a number', () => {
    expect(customSmallerIsBetter.parse('[{"name":"a","unit":"ms","value":1},{"name":"a","unit":"ms","value":2}]')[0]!.values).toEqual([
      1e-3, 2e-3,
    ]);
    const error = thrown(() => customSmallerIsBetter.parse('[{"name":"a","unit":"ms","value":"fast"}]'));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe('custom-smaller-is-better: expected a number at [0].value');
  });
});
