import { describe, expect, it } from '@jest/globals';
import { k6 } from '../../src/formats/k6.js';
import { FormatError } from '../../src/formats/types.js';
import { find, fixture, thrown } from './fixture.js';

const FILE = 'k6/crush_test_k6_v1_summary_export.json';

describe('k6', () => {
  it('reads the trend statistics k6 printed: med as p50, p(90), p(95) (the tail, no p99 by default), max, and requests/s', () => {
    const ms = k6.parse(fixture(FILE));
    expect(ms.map((m) => [m.metric, m.role])).toEqual([
      ['latency p50', 'primary'],
      ['latency p90', 'secondary'],
      ['latency p95', 'primary'],
      ['latency max', 'secondary'],
      ['requests/s', 'primary'],
    ]);
    expect(find(ms, 'http', 'latency p50')).toMatchObject({ unit: 's', better: 'lower', values: [2.969171 / 1000] });
    expect(find(ms, 'http', 'latency p95').values[0]).toBeCloseTo(11.3877108e-3, 12);
    expect(find(ms, 'http', 'requests/s')).toMatchObject({ unit: 'req/s', better: 'higher', values: [531.6526933019591] });
    expect(ms.every((m) => m.failed === undefined)).toBe(true);
  });

  it('gates on p99 when --summary-trend-stats printed it, reads p(50) and med once, and reads handleSummary data (values nested)', () => {
    const json = JSON.parse(fixture(FILE));
    const metrics = Object.fromEntries(Object.entries(json.metrics).map(([name, stats]) => [name, { type: 'trend', values: stats }]));
    metrics.http_req_duration!.values = {
      ...json.metrics.http_req_duration,
      'p(50)': json.metrics.http_req_duration.med,
      'p(99)': 30,
      'p(99.9)': 55,
    };
    const ms = k6.parse(JSON.stringify({ ...json, metrics }));
    expect(ms.filter((m) => m.role === 'primary').map((m) => m.metric)).toEqual(['latency p50', 'latency p99', 'requests/s']);
    expect(ms.filter((m) => m.metric === 'latency p50')).toHaveLength(1); // med and p(50) are one percentile
    expect(find(ms, 'http', 'latency p99').values).toEqual([0.03]);
  });

  it('fails the run when requests failed (http_req_failed counts them as passes)', () => {
    const json = JSON.parse(fixture(FILE));
    json.metrics.http_req_failed = { passes: 12, fails: 1585, value: 0.0075 };
    for (const m of k6.parse(JSON.stringify(json))) expect(m).toMatchObject({ failed: '12 failed requests (http_req_failed)', values: [] });
  });

  it('says what it reads when the test made no HTTP requests', () => {
    const error = thrown(() => k6.parse('{"root_group": {}, "metrics": {"iterations": {"count": 1, "rate": 1}}}'));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe('k6: expected metrics.http_req_duration: benchgate reads the HTTP metrics of a k6 test');
  });
});
