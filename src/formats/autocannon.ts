/**
 * autocannon `--json`: the latency percentiles its console table prints (2.5, 50, 97.5, 99; ms),
 * the maximum, and `requests.total / duration` as requests/s (`requests.average`, the mean of its
 * one-second counts, moves in steps of total/n for a run of a few seconds: 1000/3, 1000/4).
 * Named by `title` when given, else `url`. `errors` (timeouts included), `non2xx` and `mismatches`
 * (with --expectBody) fail the run.
 */
import { countReason, httpMeasurements } from './http.js';
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const NAME = 'autocannon';
const shape = new JsonShape(NAME);
/** The percentiles of autocannon's console table, by their JSON keys. */
const PERCENTILES: [number, string][] = [
  [2.5, 'p2_5'],
  [50, 'p50'],
  [97.5, 'p97_5'],
  [99, 'p99'],
];

function count(root: JsonObject, key: string): number {
  return shape.optionalNumber(root[key], key) ?? 0;
}

function failures(root: JsonObject): string[] {
  const errors = count(root, 'errors');
  const timeouts = count(root, 'timeouts');
  return [
    ...countReason(errors, timeouts > 0 ? `errors (${timeouts} timeouts)` : 'errors'),
    ...countReason(count(root, 'non2xx'), 'non-2xx responses'),
    ...countReason(count(root, 'mismatches'), 'responses not matching --expectBody'),
  ];
}

function requestsPerSecond(root: JsonObject, requests: JsonObject): number {
  const total = shape.optionalNumber(requests.total, 'requests.total');
  const duration = shape.optionalNumber(root.duration, 'duration');
  if (total !== undefined && duration !== undefined && duration > 0) return total / duration;
  return shape.number(requests.average, 'requests.average');
}

function target(root: JsonObject): string {
  const title = shape.optionalString(root.title, 'title');
  if (title !== undefined && title !== '') return title;
  if (Array.isArray(root.url))
    return shape
      .array(root.url, 'url')
      .map((url, i) => shape.string(url, `url[${i}]`))
      .join(' ');
  return shape.optionalString(root.url, 'url') ?? shape.string(root.socketPath, 'url');
}

export const autocannon: FormatParser = {
  name: NAME,
  description: 'autocannon --json',

  detect(text) {
    const start = head(text, 16 * 1024);
    return /^\s*\{/.test(start) && start.includes('"non2xx"') && start.includes('"latency"') && start.includes('"p97_5"');
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const latency = shape.object(root.latency, 'latency');
    const requests = shape.object(root.requests, 'requests');
    return httpMeasurements({
      benchmark: target(root),
      percentiles: PERCENTILES.map(([p, key]) => [p, toSeconds(shape.number(latency[key], `latency.${key}`), 'ms')]),
      maxSeconds: toSeconds(shape.number(latency.max, 'latency.max'), 'ms'),
      requestsPerSecond: requestsPerSecond(root, requests),
      failures: failures(root),
    });
  },
};
