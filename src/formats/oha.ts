/**
 * oha `--output-format json` (`-j` before 1.5): every percentile of `latencyPercentiles`
 * (p10 ... p99.99, seconds), `summary.slowest` as the maximum and `summary.requestsPerSec`. The JSON
 * does not name the URL: the benchmark is "http". Non-2xx status codes and errors fail the run,
 * except "aborted due to deadline": with -z, the requests still in flight when the time is up.
 */
import { countReason, httpMeasurements } from './http.js';
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import type { FormatParser } from './types.js';

const NAME = 'oha';
const shape = new JsonShape(NAME);
const DEADLINE = 'aborted due to deadline';

function percentiles(latency: JsonObject): [number, number][] {
  return Object.entries(latency).map(([key, value]): [number, number] => {
    const percentile = /^p(\d+(?:\.\d+)?)$/.exec(key);
    if (!percentile) throw shape.error(`expected keys such as p50 in latencyPercentiles, got "${key}"`);
    return [Number(percentile[1]), shape.number(value, `latencyPercentiles.${key}`)];
  });
}

function total(counts: JsonObject, path: string, keep: (key: string) => boolean): number {
  let sum = 0;
  for (const [key, value] of Object.entries(counts)) if (keep(key)) sum += shape.number(value, `${path}.${key}`);
  return sum;
}

function failures(root: JsonObject): string[] {
  const codes = root.statusCodeDistribution === undefined ? {} : shape.object(root.statusCodeDistribution, 'statusCodeDistribution');
  const errors = root.errorDistribution === undefined ? {} : shape.object(root.errorDistribution, 'errorDistribution');
  return [
    ...countReason(
      total(codes, 'statusCodeDistribution', (code) => !/^2\d\d$/.test(code)),
      'non-2xx responses',
    ),
    ...countReason(
      total(errors, 'errorDistribution', (error) => error !== DEADLINE),
      'errors',
    ),
  ];
}

export const oha: FormatParser = {
  name: NAME,
  description: 'oha --output-format json',

  detect(text) {
    const start = head(text, 16 * 1024);
    return /^\s*\{/.test(start) && start.includes('"latencyPercentiles"') && start.includes('"requestsPerSec"');
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const summary = shape.object(root.summary, 'summary');
    return httpMeasurements({
      benchmark: 'http',
      percentiles: percentiles(shape.object(root.latencyPercentiles, 'latencyPercentiles')),
      maxSeconds: shape.optionalNumber(summary.slowest, 'summary.slowest'),
      requestsPerSecond: shape.number(summary.requestsPerSec, 'summary.requestsPerSec'),
      failures: failures(root),
    });
  },
};
