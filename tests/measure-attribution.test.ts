/** Which timed comparisons get attribution passes: flagged benchmarks, once each, never the process's own cost. */
import { describe, expect, it } from '@jest/globals';
import { PROCESS_BENCHMARK } from '../src/diagnostics/cost.js';
import { benchmarksToExplain } from '../src/measure-attribution.js';
import { comparison } from './builders.js';

describe('benchmarksToExplain', () => {
  it('takes regressions and improvements by the harness’s name, once each, and leaves the process’s cost out', () => {
    const comparisons = [
      comparison({ benchmark: 'BenchmarkParse-2', metric: 'sec/op', verdict: 'regression' }),
      comparison({ benchmark: 'BenchmarkParse-2', metric: 'B/op', verdict: 'regression' }),
      comparison({ benchmark: 'BenchmarkFormat-2', metric: 'sec/op', verdict: 'improvement' }),
      comparison({ benchmark: 'BenchmarkSame-2', metric: 'sec/op', verdict: 'unchanged' }),
      comparison({ benchmark: 'BenchmarkOpen-2', metric: 'sec/op', verdict: 'inconclusive' }),
      // A slower benchmark makes the harness process's cpu-user grow too: flagged, but no benchmark to run.
      comparison({ benchmark: PROCESS_BENCHMARK, metric: 'cpu-user', verdict: 'regression' }),
    ];
    expect(benchmarksToExplain(comparisons, 'go')).toEqual(['BenchmarkParse', 'BenchmarkFormat']);
  });
});
