import { describe, expect, it } from '@jest/globals';
import { oha } from '../../src/formats/oha.js';
import { find, fixture } from './fixture.js';

const FILE = 'oha/crush_test_oha_json_deadline_aborts.json';

describe('oha', () => {
  it('reads every printed percentile (p99 is the tail that gates), the slowest request and requests/s', () => {
    const ms = oha.parse(fixture(FILE));
    expect(ms.map((m) => [m.metric, m.role])).toEqual([
      ['latency p10', 'secondary'],
      ['latency p25', 'secondary'],
      ['latency p50', 'primary'],
      ['latency p75', 'secondary'],
      ['latency p90', 'secondary'],
      ['latency p95', 'secondary'],
      ['latency p99', 'primary'],
      ['latency p99.9', 'secondary'],
      ['latency p99.99', 'secondary'],
      ['latency max', 'secondary'],
      ['requests/s', 'primary'],
    ]);
    expect(find(ms, 'http', 'latency p99')).toMatchObject({ unit: 's', better: 'lower', values: [0.043479896] });
    expect(find(ms, 'http', 'latency max').values).toEqual([8.238461265]);
    expect(find(ms, 'http', 'requests/s')).toMatchObject({ unit: 'req/s', better: 'higher', values: [319.4286240572688] });
  });

  it('does not count requests aborted at the -z deadline as errors', () => {
    expect(JSON.parse(fixture(FILE)).errorDistribution).toEqual({ 'aborted due to deadline': 20 });
    expect(oha.parse(fixture(FILE)).every((m) => m.failed === undefined)).toBe(true);
  });

  it('fails the run on non-2xx responses and connection errors', () => {
    const json = JSON.parse(fixture(FILE));
    const text = JSON.stringify({
      ...json,
      statusCodeDistribution: { 200: 3000, 503: 175 },
      errorDistribution: { 'aborted due to deadline': 20, 'connection refused': 3 },
    });
    for (const m of oha.parse(text)) expect(m).toMatchObject({ failed: '175 non-2xx responses, 3 errors', values: [] });
  });
});
