import { describe, expect, it } from '@jest/globals';
import { benchmarkdotnet } from '../../src/formats/benchmarkdotnet.js';
import { find, fixture } from './fixture.js';

const parse = (file: string) => benchmarkdotnet.parse(fixture(`benchmarkdotnet/${file}`));

describe('benchmarkdotnet', () => {
  it('reads OriginalValues (ns) as seconds and allocated bytes per operation', () => {
    const ms = parse('bencher_adapter_bdn0.15.8_full_with_measurements_and_memory.json');
    const time = find(ms, 'BenchmarkDotNet.Samples.Memory.AllocEmptyList');
    expect(time).toMatchObject({ unit: 's', better: 'lower' });
    expect(time.values).toHaveLength(3);
    expect(time.values[0]).toBeCloseTo(76.35858058929443e-9, 20);
    expect(find(ms, 'BenchmarkDotNet.Samples.Memory.AllocEmptyList', 'allocated/op')).toMatchObject({
      unit: 'B',
      values: [368],
      role: 'secondary',
    });
  });

  it('reads the 0.12 export and falls back to the median in brief exports', () => {
    expect(parse('bencher_gab_bdn0.12.1_full_measurements_trimmed.json').map((m) => [m.benchmark, m.values.length])).toEqual([
      ['Sample.Benchmarks.Fib10', 14],
      ['Sample.Benchmarks.Fib20', 13],
    ]);
    const brief = parse('bencher_adapter_bdn0.9.9_brief_no_measurements.json');
    expect(find(brief, 'BenchmarkDotNet.Samples.Intro.IntroJsonExport.Sleep10').values[0]).toBeCloseTo(0.0103603826953125, 12);
    expect(parse('bencher_adapter_bdn_null_namespace_minimal.json').map((m) => m.benchmark)).toEqual(['NullNamespaceMethod']);
  });

  it('names a benchmark by FullName, which already holds its parameters, else by Namespace.Type.Method(Parameters)', () => {
    const text = JSON.stringify({
      HostEnvironmentInfo: {},
      Benchmarks: [
        // FullNameProvider writes [Params] into FullName; Parameters repeats them as "A=100&B=10".
        {
          FullName: 'N.T.M(A: 100, B: 10)',
          Namespace: 'N',
          Type: 'T',
          Method: 'M',
          Parameters: 'A=100&B=10',
          Statistics: { OriginalValues: [1] },
        },
        { Namespace: 'N', Type: 'T', Method: 'M', Parameters: 'A=200&B=10', Statistics: { OriginalValues: [1] } },
      ],
    });
    expect(benchmarkdotnet.parse(text).map((m) => m.benchmark)).toEqual(['N.T.M(A: 100, B: 10)', 'N.T.M(A=200&B=10)']);
  });

  it('uses Workload Result measurements when OriginalValues is absent', () => {
    const text = JSON.stringify({
      HostEnvironmentInfo: {},
      Benchmarks: [
        {
          Namespace: 'N',
          Type: 'T',
          Method: 'M',
          Parameters: 'N=10',
          Statistics: { Median: 5 },
          Measurements: [
            { IterationMode: 'Workload', IterationStage: 'Warmup', Operations: 2, Nanoseconds: 100 },
            { IterationMode: 'Workload', IterationStage: 'Result', Operations: 4, Nanoseconds: 100 },
          ],
        },
      ],
    });
    expect(benchmarkdotnet.parse(text)).toEqual([
      { benchmark: 'N.T.M(N=10)', metric: 'time', unit: 's', better: 'lower', values: [25e-9], role: 'primary' },
    ]);
  });

  it('appends the job when one benchmark ran under several jobs, and fails one without statistics', () => {
    const text = JSON.stringify({
      HostEnvironmentInfo: {},
      Benchmarks: [
        { FullName: 'N.T.M', DisplayInfo: 'T.M: ShortRun', Statistics: { OriginalValues: [1] } },
        { FullName: 'N.T.M', DisplayInfo: 'T.M: LongRun', Statistics: null },
      ],
    });
    expect(benchmarkdotnet.parse(text).map((m) => [m.benchmark, m.values.length, m.failed])).toEqual([
      ['N.T.M [ShortRun]', 1, undefined],
      ['N.T.M [LongRun]', 0, 'BenchmarkDotNet reported no statistics (the benchmark did not run)'],
    ]);
  });
});
