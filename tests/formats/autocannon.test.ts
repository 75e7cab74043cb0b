import { describe, expect, it } from '@jest/globals';
import { autocannon } from '../../src/formats/autocannon.js';
import { find, fixture } from './fixture.js';

const parse = (file: string) => autocannon.parse(fixture(`autocannon/${file}`));

describe('autocannon', () => {
  it('reads the percentiles of its console table (p97.5 and p99), the maximum and requests/s', () => {
    const ms = parse('generated_autocannon9.0.0_json.json');
    const url = 'http://127.0.0.1:18081/';
    expect(ms.map((m) => [m.benchmark, m.metric, m.role])).toEqual([
      [url, 'latency p2.5', 'secondary'],
      [url, 'latency p50', 'primary'],
      [url, 'latency p97.5', 'secondary'],
      [url, 'latency p99', 'primary'],
      [url, 'latency max', 'secondary'],
      [url, 'requests/s', 'primary'],
    ]);
    const json = JSON.parse(fixture('autocannon/generated_autocannon9.0.0_json.json'));
    expect(find(ms, url, 'latency p97.5')).toMatchObject({ unit: 's', better: 'lower', values: [json.latency.p97_5 / 1000] });
    expect(find(ms, url, 'latency max').values).toEqual([json.latency.max / 1000]);
    // requests/duration, not requests.average: the mean of 1 s counts moves in steps of total/n.
    expect(find(ms, url, 'requests/s')).toMatchObject({ unit: 'req/s', better: 'higher', values: [json.requests.total / json.duration] });
    expect(json.requests.average).toBeCloseTo(json.requests.total / json.samples, 1);
  });

  it.each([
    ['generated_autocannon9.0.0_json_non2xx.json', '100 non-2xx responses'],
    ['generated_autocannon9.0.0_json_errors_timeouts.json', '13 errors (13 timeouts)'],
    ['generated_autocannon9.0.0_json_connection_refused.json', '448 errors'],
  ])('fails the run of %s: %s', (file, reason) => {
    const ms = parse(file);
    expect(ms).toHaveLength(6);
    for (const m of ms) expect(m).toMatchObject({ failed: reason, values: [] });
  });

  it('names the benchmark by --title when given', () => {
    const json = JSON.parse(fixture('autocannon/generated_autocannon9.0.0_json.json'));
    expect(autocannon.parse(JSON.stringify({ ...json, title: 'GET /' }))[0]!.benchmark).toBe('GET /');
  });
});
