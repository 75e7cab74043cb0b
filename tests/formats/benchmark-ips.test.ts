import { describe, expect, it } from '@jest/globals';
import { benchmarkIps } from '../../src/formats/benchmark-ips.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => benchmarkIps.parse(fixture(`benchmark-ips/${file}`));
const NAMES = ['addition', 'string interpolation with a long name', 'Array#sum'];

describe('benchmark-ips', () => {
  it('reads the Calculating section, a long name on its own line, and k/M suffixes', () => {
    const ms = parse('generated_benchmark-ips2.7.2_ruby3.1_console_compare.txt');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(find(ms, 'addition', 'throughput')).toMatchObject({ unit: 'i/s', better: 'higher', values: [4.326e6] });
    expect(find(ms, 'string interpolation with a long name', 'throughput').values[0]).toBeCloseTo(778.628e3, 6);
    expect(ms.every((m) => m.values.length === 1)).toBe(true); // the Warming up and Comparison sections are not read
  });

  it('reads the json! file: central_tendency in iterations per second', () => {
    const ms = parse('generated_benchmark-ips2.7.2_ruby3.1_json.json');
    expect(benchmarks(ms)).toEqual(NAMES);
    expect(find(ms, 'Array#sum', 'throughput').values).toEqual([1811606.7510038307]);
  });
});
