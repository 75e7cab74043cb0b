/**
 * k6 `--summary-export` JSON (and the `handleSummary` data object, whose metrics keep their
 * statistics under `values`). `http_req_duration` gives one comparison per trend statistic k6 was
 * asked to print (`med` as p50, `p(90)`, `p(95)` by default, more with --summary-trend-stats) and
 * `max`, in ms; `http_reqs.rate` is requests/s. Failed requests (`http_req_failed`, by default
 * responses outside 200-399 and network errors) fail the run. The script names no single target:
 * the benchmark is "http". Sub-metrics (`http_req_duration{...}`) and other trends are not read.
 */
import { countReason, httpMeasurements } from './http.js';
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const NAME = 'k6';
const shape = new JsonShape(NAME);

/** A metric's statistics: flat in --summary-export, under `values` in handleSummary's data. */
function stats(metrics: JsonObject, name: string): JsonObject | undefined {
  if (metrics[name] === undefined) return undefined;
  const metric = shape.object(metrics[name], `metrics.${name}`);
  return metric.values === undefined ? metric : shape.object(metric.values, `metrics.${name}.values`);
}

function percentiles(duration: JsonObject): [number, number][] {
  const result: [number, number][] = [];
  for (const [key, value] of Object.entries(duration)) {
    const percentile = key === 'med' ? '50' : /^p\((\d+(?:\.\d+)?)\)$/.exec(key)?.[1];
    if (percentile === undefined) continue; // avg, min, max, count
    result.push([Number(percentile), toSeconds(shape.number(value, `metrics.http_req_duration.${key}`), 'ms')]);
  }
  return result.sort(([a], [b]) => a - b);
}

export const k6: FormatParser = {
  name: NAME,
  description: 'k6 --summary-export JSON (or handleSummary data)',

  detect(text) {
    const start = head(text, 64 * 1024);
    return /^\s*\{/.test(start) && start.includes('"root_group"') && start.includes('"metrics"') && start.includes('"http_req_duration"');
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const metrics = shape.object(root.metrics, 'metrics');
    const duration = stats(metrics, 'http_req_duration');
    if (duration === undefined) throw shape.error('expected metrics.http_req_duration: benchgate reads the HTTP metrics of a k6 test');
    const failed = stats(metrics, 'http_req_failed');
    const max = shape.optionalNumber(duration.max, 'metrics.http_req_duration.max');
    return httpMeasurements({
      benchmark: 'http',
      percentiles: percentiles(duration),
      maxSeconds: max === undefined ? undefined : toSeconds(max, 'ms'),
      requestsPerSecond: shape.number(stats(metrics, 'http_reqs')?.rate, 'metrics.http_reqs.rate'),
      failures:
        failed === undefined
          ? []
          : countReason(shape.number(failed.passes, 'metrics.http_req_failed.passes'), 'failed requests (http_req_failed)'),
    });
  },
};
