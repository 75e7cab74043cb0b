import { describe, expect, it } from '@jest/globals';
import { jmh } from '../../src/formats/jmh.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => jmh.parse(fixture(`jmh/${file}`));

describe('jmh', () => {
  it('reads rawData as fork x iteration samples; thrpt is higher-is-better ops/s, avgt seconds', () => {
    const ms = parse('generated_jmh1.37_thrpt_avgt_params_forks2.json');
    expect(benchmarks(ms)).toEqual([
      'fix.FixBench.concat(size=10)',
      'fix.FixBench.concat(size=1000)',
      'fix.FixBench.sumLoop(size=10)',
      'fix.FixBench.sumLoop(size=1000)',
    ]);
    expect(find(ms, 'fix.FixBench.concat(size=10)', 'throughput')).toMatchObject({ unit: 'ops/s', better: 'higher' });
    expect(find(ms, 'fix.FixBench.concat(size=10)', 'throughput').values[0]).toBeCloseTo(6103421.841996578, 6);
    const time = find(ms, 'fix.FixBench.sumLoop(size=10)');
    expect(time).toMatchObject({ unit: 's', better: 'lower' });
    expect(time.values).toHaveLength(8);
    expect(time.values[0]).toBeCloseTo(5.103044991250585e-9, 20);
  });

  it('reads sample-mode histograms as one mean per iteration, and profiler metrics', () => {
    const ms = parse('generated_jmh1.37_prof_gc_with_sampletime_histogram_forks2.json');
    const sample = find(ms, 'fix.FixBench.allocArray(size=10)', 'sample time');
    expect(sample.unit).toBe('s');
    expect(sample.values).toHaveLength(6); // 2 forks x 3 iterations
    // Count-weighted mean of the first iteration's [value, count] bins, in us/op.
    expect(sample.values[0]).toBeCloseTo(0.11921999087174805e-6, 15);
    expect(sample.role).toBe('primary');
    expect(find(ms, 'fix.FixBench.concat(size=10)', 'gc.alloc.rate.norm')).toMatchObject({
      unit: 'B/op',
      better: 'lower',
      role: 'secondary',
    });
    expect(find(ms, 'fix.FixBench.concat(size=10)', 'gc.alloc.rate')).toMatchObject({
      unit: 'MB/sec',
      better: 'lower',
      role: 'derived',
      values: [569.6053936891918, 1615.7634752210276, 1231.0861595465149, 642.1502262510506, 1886.1409502813567, 967.9876198476355],
    });
    // gc.time is printed in ms: time is always seconds.
    expect(find(ms, 'fix.FixBench.concat(size=10)', 'gc.time')).toMatchObject({
      unit: 's',
      better: 'lower',
      values: [0.007, 0.004, 0.004, 0.002, 0.004],
    });
    expect(ms.some((m) => /^p\d/.test(m.metric))).toBe(false);
  });

  it.each([
    ['bencher_adapter_jmh_six.json', 6],
    ['gab_jmh_output_2_params.json', 1],
  ])('reads %s', (file, count) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toHaveLength(count);
    expect(ms.every((m) => m.values.length === 3 && m.metric === 'throughput')).toBe(true);
  });

  it('keeps params sorted in the name', () => {
    expect(benchmarks(parse('gab_jmh_output_2_params.json'))).toEqual([
      'org.openjdk.jmh.samples.JMHSample_01_HelloWorld.wellHelloThere(paramA=17, paramB=33)',
    ]);
  });

  it('turns a NaN score into a failed measurement', () => {
    const text = JSON.stringify([
      { jmhVersion: '1.37', benchmark: 'a.B.c', mode: 'avgt', primaryMetric: { score: 'NaN', scoreUnit: 'ns/op', rawData: [['NaN']] } },
    ]);
    expect(jmh.parse(text)).toEqual([
      { benchmark: 'a.B.c', metric: 'time', unit: 's', better: 'lower', values: [], failed: 'JMH reported NaN', role: 'primary' },
    ]);
  });
});
