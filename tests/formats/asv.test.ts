import { describe, expect, it } from '@jest/globals';
import { asv } from '../../src/formats/asv.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const FILE = 'asv/generated_asv0.6.6_record_samples_params_failure.json';

describe('asv', () => {
  it('names each parameter combination, reads the recorded samples, and the kind of each benchmark', () => {
    const ms = asv.parse(fixture(FILE));
    expect(benchmarks(ms)).toEqual([
      "bench.Sorting.time_sort(10, 'asc')",
      "bench.Sorting.time_sort(10, 'desc')",
      "bench.Sorting.time_sort(1000, 'asc')",
      "bench.Sorting.time_sort(1000, 'desc')",
      'bench.TimeSuite.time_keys',
      'bench.TimeSuite.time_values',
      'bench.time_broken',
      'bench.mem_list',
      'bench.peakmem_list',
      'bench.track_answer',
    ]);
    const sort = find(ms, "bench.Sorting.time_sort(1000, 'asc')");
    expect(sort).toMatchObject({ unit: 's', better: 'lower' });
    expect(sort.values).toHaveLength(10);
    expect(sort.values[0]).toBe(1.025899996420776e-5);
    expect(find(ms, 'bench.mem_list', 'memory')).toMatchObject({ unit: 'B', values: [2104] });
    expect(find(ms, 'bench.peakmem_list', 'peak memory')).toMatchObject({ unit: 'B', values: [24629248] });
    expect(find(ms, 'bench.track_answer', 'track').values).toEqual([42]);
  });

  it('fails a benchmark whose result is null', () => {
    expect(find(asv.parse(fixture(FILE)), 'bench.time_broken')).toMatchObject({ failed: 'asv reported the benchmark failed', values: [] });
  });

  it('leaves out a combination asv skipped (a bare NaN in its JSON) and fails a null one', () => {
    const json = JSON.parse(fixture(FILE));
    json.results['bench.Sorting.time_sort'][0].splice(0, 2, 'SKIP', null);
    const text = JSON.stringify(json).replace('"SKIP"', 'NaN');
    expect(text).toContain('[[NaN,null,');
    const ms = asv.parse(text);
    expect(benchmarks(ms)).not.toContain("bench.Sorting.time_sort(10, 'asc')");
    expect(find(ms, "bench.Sorting.time_sort(10, 'desc')").failed).toBe('asv reported the benchmark failed');
  });

  it('rejects the version 1 layout, naming what it expects', () => {
    const error = thrown(() => asv.parse('{"commit_hash": "abc", "result_columns": [], "results": {}, "version": 1}'));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe('asv: expected "version": 2 (asv 0.5 and later)');
  });
});
