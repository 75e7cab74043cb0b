/**
 * What the HTTP load testers (wrk, oha, k6, autocannon) print alike: a latency distribution as the
 * percentiles the tool chose, its maximum, the request rate, and the errors. Each percentile is a
 * comparison of its own, so the report shows how the distribution moved, not an average.
 *
 * Roles: p50, the tail percentile (p99 when printed, else the highest one) and requests/s gate by
 * default; the other percentiles and the maximum (a single request, the noisiest value of a run)
 * are secondary. Errors and non-2xx responses fail the run's measurements: a server that answers
 * fast with errors must not pass as faster.
 */
import type { Measurement, MetricRole } from '../model.js';

export interface HttpResult {
  /** The target: the URL when the tool prints it. */
  benchmark: string;
  /** [percentile (50, 97.5, 99...), latency in seconds], as the tool printed them. */
  percentiles: [number, number][];
  maxSeconds?: number;
  requestsPerSecond?: number;
  /** Reasons the run failed ("12 non-2xx responses"); none when it did not. */
  failures: string[];
}

function percentileMetric(percentile: number): string {
  return `latency p${percentile}`;
}

/** p99 when the tool printed it, else the highest percentile above the median. */
function tailPercentile(percentiles: number[]): number | undefined {
  if (percentiles.includes(99)) return 99;
  const above = percentiles.filter((p) => p > 50);
  return above.length === 0 ? undefined : Math.max(...above);
}

export function httpMeasurements(result: HttpResult): Measurement[] {
  const tail = tailPercentile(result.percentiles.map(([p]) => p));
  const failed = result.failures.length === 0 ? undefined : result.failures.join(', ');
  const measurement = (metric: string, unit: string, better: 'lower' | 'higher', value: number, role: MetricRole): Measurement =>
    failed === undefined
      ? { benchmark: result.benchmark, metric, unit, better, values: [value], role }
      : { benchmark: result.benchmark, metric, unit, better, values: [], role, failed };
  // One comparison per percentile: k6 prints the median twice when asked for p(50) too.
  const seen = new Set<number>();
  const percentiles = result.percentiles.filter(([p]) => !seen.has(p) && Boolean(seen.add(p)));
  const measurements = percentiles.map(([p, seconds]) =>
    measurement(percentileMetric(p), 's', 'lower', seconds, p === 50 || p === tail ? 'primary' : 'secondary'),
  );
  if (result.maxSeconds !== undefined) measurements.push(measurement('latency max', 's', 'lower', result.maxSeconds, 'secondary'));
  if (result.requestsPerSecond !== undefined)
    measurements.push(measurement('requests/s', 'req/s', 'higher', result.requestsPerSecond, 'primary'));
  return measurements;
}

/** "12 non-2xx responses" for a positive count; nothing for zero. */
export function countReason(count: number, what: string): string[] {
  return count > 0 ? [`${count} ${what}`] : [];
}

/** One name per target: a target load-tested twice in one output gets " (#2)", as hyperfine's commands. */
export class TargetNames {
  private readonly seen = new Map<string, number>();

  next(name: string): string {
    const occurrence = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, occurrence);
    return occurrence === 1 ? name : `${name} (#${occurrence})`;
  }
}
