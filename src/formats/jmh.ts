/**
 * JMH `-rf json`: samples are `primaryMetric.rawData` (fork x iteration), or in sample mode the
 * mean of each iteration's `rawDataHistogram`. Benchmarks are named `benchmark(param=value, ...)`
 * (params sorted); the mode picks the metric: thrpt "throughput" (ops/s, higher), avgt "time",
 * sample "sample time", ss "single-shot time" (seconds). A "NaN" score marks a failed benchmark.
 * Profiler metrics (gc.alloc.rate, ...) with raw data become their own metrics, as JMH reports them.
 */
import type { Better } from '../model.js';
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { isTimeUnit, toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const NAME = 'jmh';
const shape = new JsonShape(NAME);
const MODE_METRIC: Record<string, string> = { thrpt: 'throughput', avgt: 'time', sample: 'sample time', ss: 'single-shot time' };

interface Target {
  unit: string;
  better: Better;
  convert: (value: number) => number;
}

/** `ops/ms` becomes ops/s, `us/op` and a plain `ms` (gc.time) seconds; any other unit is kept. */
function targetFor(unit: string, better: Better): Target {
  if (isTimeUnit(unit)) return { unit: 's', better, convert: (value) => toSeconds(value, unit) };
  const [top, bottom] = unit.split('/');
  if (top === 'ops' && bottom !== undefined && isTimeUnit(bottom)) {
    return { unit: 'ops/s', better: 'higher', convert: (value) => value / toSeconds(1, bottom) };
  }
  if (bottom === 'op' && top !== undefined && isTimeUnit(top))
    return { unit: 's', better: 'lower', convert: (value) => toSeconds(value, top) };
  return { unit, better, convert: (value) => value };
}

function benchmarkName(result: JsonObject, path: string): string {
  const name = shape.string(result.benchmark, `${path}.benchmark`);
  if (result.params === undefined) return name;
  const params = Object.entries(shape.object(result.params, `${path}.params`)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${name}(${params.map(([key, value]) => `${key}=${String(value)}`).join(', ')})`;
}

/** The per-iteration values of a metric: rawData flattened, or each histogram iteration's mean. */
function samples(metric: JsonObject, path: string): (number | 'NaN')[] {
  const value = (v: unknown, p: string) => (v === 'NaN' ? 'NaN' : shape.number(v, p));
  if (metric.rawData !== undefined) {
    return shape
      .array(metric.rawData, `${path}.rawData`)
      .flatMap((fork, f) => shape.array(fork, `${path}.rawData[${f}]`).map((v, i) => value(v, `${path}.rawData[${f}][${i}]`)));
  }
  if (metric.rawDataHistogram !== undefined) {
    return shape
      .array(metric.rawDataHistogram, `${path}.rawDataHistogram`)
      .flatMap((fork, f) =>
        shape
          .array(fork, `${path}.rawDataHistogram[${f}]`)
          .map((iteration, i) => histogramMean(iteration, `${path}.rawDataHistogram[${f}][${i}]`)),
      );
  }
  return [value(metric.score, `${path}.score`)];
}

function histogramMean(iteration: unknown, path: string): number {
  let sum = 0;
  let count = 0;
  shape.array(iteration, path).forEach((bin, b) => {
    const [value, n] = shape.numbers(bin, `${path}[${b}]`);
    if (value === undefined || n === undefined) throw shape.error(`expected [value, count] at ${path}[${b}]`);
    sum += value * n;
    count += n;
  });
  if (count <= 0) throw shape.error(`expected a non-empty histogram at ${path}`);
  return sum / count;
}

function addMetric(set: MeasurementSet, name: string, metricName: string, metric: JsonObject, path: string, better: Better): void {
  const target = targetFor(shape.string(metric.scoreUnit, `${path}.scoreUnit`), better);
  const values = samples(metric, path);
  if (values.includes('NaN')) {
    set.fail(name, 'JMH reported NaN', metricName, target.unit, target.better);
    return;
  }
  for (const value of values as number[]) set.add(name, metricName, target.unit, target.better, target.convert(value));
}

export const jmh: FormatParser = {
  name: NAME,
  description: 'JMH -rf json',

  detect(text) {
    const start = head(text, 16 * 1024);
    return /^\s*\[/.test(start) && start.includes('"jmhVersion"') && start.includes('"primaryMetric"');
  },

  parse(text) {
    const results = shape.array(parseJson(NAME, text), 'the top level');
    // The mode's metric is the primary one; profilers add secondary metrics, gc.alloc.rate being
    // gc.alloc.rate.norm over the primary time.
    const primaries = new Set<string>();
    const set = new MeasurementSet(NAME, (metric) => ({
      role: primaries.has(metric) ? 'primary' : metric === 'gc.alloc.rate' ? 'derived' : 'secondary',
    }));
    results.forEach((item, i) => {
      const path = `[${i}]`;
      const result = shape.object(item, path);
      const name = benchmarkName(result, path);
      const mode = shape.string(result.mode, `${path}.mode`);
      const metric = MODE_METRIC[mode] ?? mode;
      primaries.add(metric);
      addMetric(
        set,
        name,
        metric,
        shape.object(result.primaryMetric, `${path}.primaryMetric`),
        `${path}.primaryMetric`,
        mode === 'thrpt' ? 'higher' : 'lower',
      );
      const secondary = result.secondaryMetrics === undefined ? {} : shape.object(result.secondaryMetrics, `${path}.secondaryMetrics`);
      for (const [key, value] of Object.entries(secondary)) {
        const secondaryName = key.replace(/^\u00b7/, ''); // older JMH prefixes "·"
        // Sample-mode percentiles (p0.00 ... p1.00) summarise the primary samples again.
        if (/^p\d/.test(secondaryName)) continue;
        const secondaryMetric = shape.object(value, `${path}.secondaryMetrics.${key}`);
        if (secondaryMetric.rawData === undefined && secondaryMetric.rawDataHistogram === undefined) continue;
        addMetric(set, name, secondaryName, secondaryMetric, `${path}.secondaryMetrics.${key}`, 'lower');
      }
    });
    return set.toArray();
  },
};
