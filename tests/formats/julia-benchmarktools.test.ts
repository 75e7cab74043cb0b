import { describe, expect, it } from '@jest/globals';
import { juliaBenchmarkTools } from '../../src/formats/julia-benchmarktools.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const FILE = 'julia-benchmarktools/gab_julia_output_trialestimate_median.json';

describe('julia-benchmarktools', () => {
  it('names benchmarks by their path of group keys and reads a TrialEstimate as one value', () => {
    const ms = juliaBenchmarkTools.parse(fixture(FILE));
    expect(benchmarks(ms)).toEqual(['fib/10', 'fib/20']); // JSON.parse puts integer-like keys first, ascending
    expect(find(ms, 'fib/10')).toMatchObject({ unit: 's', better: 'lower', role: 'primary' });
    expect(find(ms, 'fib/10').values[0]).toBeCloseTo(246.03846153846155e-9, 20);
    expect(find(ms, 'fib/20', 'memory')).toMatchObject({ unit: 'B', values: [0], role: 'secondary' });
    expect(find(ms, 'fib/20', 'allocs')).toMatchObject({ values: [0], role: 'secondary' });
  });

  it('reads the samples of a saved Trial (times in ns per evaluation)', () => {
    // The shape BenchmarkTools.save gives a Trial: the fixture's estimate with its samples in place.
    const json = JSON.parse(fixture(FILE));
    const estimate = json[1][0][1].data.fib[1].data['20'];
    json[1][0][1].data.fib[1].data['20'] = ['Trial', { ...estimate[1], times: [31000, 31028, 31100], gctimes: [0, 0, 0], time: undefined }];
    const ms = juliaBenchmarkTools.parse(JSON.stringify(json));
    expect(find(ms, 'fib/20').values).toEqual([31e-6, 31.028e-6, 31.1e-6]);
  });

  it('asks for a group around a Trial saved on its own, which has no name', () => {
    const error = thrown(() =>
      juliaBenchmarkTools.parse(
        '[{"Julia": "1.10.0", "BenchmarkTools": "1.5.0"}, [["TrialEstimate", {"time": 1, "memory": 0, "allocs": 0}]]]',
      ),
    );
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe(
      "julia-benchmarktools: expected a TrialEstimate inside a BenchmarkGroup at [1][0]: a group's keys name the benchmarks",
    );
  });
});
