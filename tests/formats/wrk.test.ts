import { describe, expect, it } from '@jest/globals';
import { FormatError } from '../../src/formats/types.js';
import { wrk } from '../../src/formats/wrk.js';
import { find, fixture, thrown } from './fixture.js';

const parse = (file: string) => wrk.parse(fixture(`wrk/${file}`));
const URL = 'http://127.0.0.1:18081/';

describe('wrk', () => {
  it('reads each printed percentile, the maximum and requests/s, with their roles', () => {
    const ms = parse('generated_wrk4.1.0_latency.txt');
    expect(ms.map((m) => [m.metric, m.role])).toEqual([
      ['latency p50', 'primary'],
      ['latency p75', 'secondary'],
      ['latency p90', 'secondary'],
      ['latency p99', 'primary'],
      ['latency max', 'secondary'],
      ['requests/s', 'primary'],
    ]);
    expect(find(ms, URL, 'latency p50')).toMatchObject({ unit: 's', better: 'lower', values: [9.5e-3] });
    expect(find(ms, URL, 'latency p99').values[0]).toBeCloseTo(51.65e-3, 12);
    expect(find(ms, URL, 'latency max').values[0]).toBeCloseTo(64.78e-3, 12);
    expect(find(ms, URL, 'requests/s')).toMatchObject({ unit: 'req/s', better: 'higher', values: [804.4] });
    expect(ms.every((m) => m.failed === undefined)).toBe(true);
  });

  it('fails every measurement of a run with non-2xx responses', () => {
    const ms = parse('generated_wrk4.1.0_latency_non2xx.txt');
    expect(ms).toHaveLength(6);
    for (const m of ms) expect(m).toMatchObject({ failed: '498 non-2xx or 3xx responses', values: [] });
  });

  it('fails a run with socket errors', () => {
    const ms = parse('generated_wrk4.1.0_latency_socket_errors.txt');
    expect(find(ms, 'http://127.0.0.1:18083/', 'latency p99')).toMatchObject({
      failed: '22 socket errors (connect 0, read 22, write 0, timeout 0)',
      values: [],
    });
  });

  it('asks for --latency when the percentiles are missing', () => {
    const text = fixture('wrk/generated_wrk4.1.0_without_latency_flag.txt');
    expect(wrk.detect(text)).toBe(true);
    const error = thrown(() => wrk.parse(text));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe(`wrk: line 1: no latency percentiles for ${URL}: run wrk with --latency`);
  });

  it('keeps two runs against one URL apart, and reads wrk durations in seconds and minutes', () => {
    const one = fixture('wrk/generated_wrk4.1.0_latency.txt').replace('    99%   51.65ms', '    99%    1.50s').replace('64.78ms', '1.50m');
    const ms = wrk.parse(one + one);
    expect([...new Set(ms.map((m) => m.benchmark))]).toEqual([URL, `${URL} (#2)`]);
    expect(find(ms, URL, 'latency p99').values).toEqual([1.5]);
    expect(find(ms, URL, 'latency max').values).toEqual([90]);
  });

  it('names the line of a malformed percentile', () => {
    const text = fixture('wrk/generated_wrk4.1.0_latency.txt').replace('9.50ms', '9.50parsecs');
    expect((thrown(() => wrk.parse(text)) as Error).message).toBe('wrk: line 7: expected a duration such as 9.50ms, got "9.50parsecs"');
  });
});
