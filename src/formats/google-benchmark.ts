/**
 * Google Benchmark `--benchmark_format=json`. Each `iteration` row is one repetition (one sample);
 * aggregate rows (mean, median, stddev, cv, BigO, RMS) are skipped, except that a benchmark with
 * only aggregates (--benchmark_report_aggregates_only) contributes its `median` row as its one value.
 * `error_occurred` (SkipWithError) is a failed benchmark; `skipped` (SkipWithMessage) rows are left out.
 */
import type { Measurement } from '../model.js';
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head, lines } from './lines.js';
import { type MetricKind, MeasurementSet } from './measurements.js';
import { isTimeUnit, toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const shape = new JsonShape('google-benchmark');

/** Row keys that are not user counters. */
const STANDARD_KEYS = new Set([
  'name',
  'family_index',
  'per_family_instance_index',
  'run_name',
  'run_type',
  'repetitions',
  'repetition_index',
  'threads',
  'iterations',
  'real_time',
  'cpu_time',
  'time_unit',
  'aggregate_name',
  'aggregate_unit',
  'error_occurred',
  'error_message',
  'label',
  'big_o',
  'cpu_coefficient',
  'real_coefficient',
  'rms',
  'complexity_n',
  'skipped',
  'skip_message',
]);

/** The built-in rates (SetBytesProcessed, SetItemsProcessed) divide a count by real_time. */
const DERIVED = new Set(['bytes_per_second', 'items_per_second']);

function kindOf(metric: string): MetricKind {
  if (metric === 'time') return { role: 'primary' };
  return { role: DERIVED.has(metric) ? 'derived' : 'secondary' };
}

interface Row {
  row: JsonObject;
  path: string;
  name: string;
}

function addRow(set: MeasurementSet, { row, path, name }: Row): void {
  if (row.error_occurred === true) {
    set.fail(name, shape.optionalString(row.error_message, `${path}.error_message`) ?? 'error_occurred');
    return;
  }
  const unit = shape.optionalString(row.time_unit, `${path}.time_unit`) ?? 'ns';
  if (!isTimeUnit(unit)) throw shape.error(`expected ns, us, ms or s at ${path}.time_unit`);
  set.add(name, 'time', 's', 'lower', toSeconds(shape.number(row.real_time, `${path}.real_time`), unit));
  const cpu = shape.optionalNumber(row.cpu_time, `${path}.cpu_time`);
  if (cpu !== undefined) set.add(name, 'cpu_time', 's', 'lower', toSeconds(cpu, unit));
  for (const [key, value] of Object.entries(row)) {
    if (STANDARD_KEYS.has(key) || typeof value !== 'number' || !Number.isFinite(value)) continue;
    // JSON does not say which counters are rates; the built-in ones end in "_per_second".
    const isRate = key.endsWith('_per_second');
    set.add(name, key, isRate ? `${key.slice(0, -'_per_second'.length)}/s` : key, isRate ? 'higher' : 'lower', value);
  }
}

/** Complexity() benchmarks: a BigO row names the family, whose `family/N` rows get complexityN = N. */
function setComplexityN(measurements: Measurement[], families: Set<string>): void {
  if (families.size === 0) return;
  for (const m of measurements) {
    const slash = m.benchmark.lastIndexOf('/');
    const n = Number(m.benchmark.slice(slash + 1));
    if (slash > 0 && families.has(m.benchmark.slice(0, slash)) && Number.isInteger(n)) m.complexityN = n;
  }
}

/**
 * Parses the JSON; when that fails, retries without lines that cannot be JSON, such as the
 * "Performance counters not supported." the library prints into stdout mid-document.
 */
function parseTolerant(text: string): unknown {
  try {
    return parseJson('google-benchmark', text);
  } catch (error) {
    const kept: string[] = [];
    for (const line of lines(text)) if (/^\s*([{}[\]",:\d-]|true|false|null|$)/.test(line.text)) kept.push(line.text);
    try {
      return JSON.parse(kept.join('\n'));
    } catch {
      throw error;
    }
  }
}

export const googleBenchmark: FormatParser = {
  name: 'google-benchmark',
  description: 'Google Benchmark --benchmark_format=json',

  detect(text) {
    const start = head(text, 64 * 1024);
    return /^\s*\{/.test(start) && start.includes('"benchmarks"') && /"(run_type|real_time|cpu_time)"\s*:/.test(start);
  },

  parse(text) {
    const root = shape.object(parseTolerant(text), 'the top level');
    const rows = shape.array(root.benchmarks, 'benchmarks').map((item, i): Row => {
      const path = `benchmarks[${i}]`;
      const row = shape.object(item, path);
      return { row, path, name: shape.string(row.name, `${path}.name`) };
    });
    const set = new MeasurementSet('google-benchmark', kindOf);
    const withSamples = new Set<string>();
    const families = new Set<string>();
    for (const entry of rows) {
      // SkipWithMessage (1.8+): the benchmark chose not to run; its zero times are not results.
      if (entry.row.skipped === true) continue;
      if (entry.row.run_type === 'aggregate') {
        if (entry.row.aggregate_name === 'BigO') families.add(shape.string(entry.row.run_name, `${entry.path}.run_name`));
        continue;
      }
      withSamples.add(entry.name);
      addRow(set, entry);
    }
    for (const entry of rows) {
      if (entry.row.run_type !== 'aggregate' || entry.row.aggregate_name !== 'median') continue;
      const runName = shape.string(entry.row.run_name, `${entry.path}.run_name`);
      if (!withSamples.has(runName)) addRow(set, { ...entry, name: runName });
    }
    const measurements = set.toArray();
    setComplexityN(measurements, families);
    return measurements;
  },
};
