/**
 * BenchmarkDotNet full JSON export. Samples are `Statistics.OriginalValues` (ns per operation),
 * else the Workload/Result `Measurements` (Nanoseconds / Operations), else `Statistics.Median`.
 * Names are `FullName` (which includes the parameters), else Namespace.Type.Method(Parameters); when one name runs under
 * several jobs, the job from DisplayInfo is appended as ` [Job]`. No Statistics = did not run = failed.
 */
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const NAME = 'benchmarkdotnet';
const shape = new JsonShape(NAME);

/** FullName already ends with the parameters (`Type.Method(N: 10)`); older exports need them appended. */
function baseName(benchmark: JsonObject, path: string): string {
  const fullName = shape.optionalString(benchmark.FullName, `${path}.FullName`);
  if (fullName !== undefined && fullName !== '') return fullName;
  const name = [benchmark.Namespace, benchmark.Type, benchmark.Method]
    .map((part, i) => shape.optionalString(part, `${path}.${['Namespace', 'Type', 'Method'][i]}`))
    .filter((part) => part !== undefined && part !== '')
    .join('.');
  if (name === '') throw shape.error(`expected FullName or Method at ${path}`);
  const parameters = shape.optionalString(benchmark.Parameters, `${path}.Parameters`);
  return parameters ? `${name}(${parameters})` : name;
}

function job(benchmark: JsonObject, path: string): string {
  const display = shape.optionalString(benchmark.DisplayInfo, `${path}.DisplayInfo`) ?? '';
  const colon = display.lastIndexOf(': ');
  return colon === -1 ? display : display.slice(colon + 2);
}

/** Nanoseconds per operation, in the best form the export has. */
function nanoseconds(benchmark: JsonObject, statistics: JsonObject, path: string): number[] {
  if (statistics.OriginalValues !== undefined) return shape.numbers(statistics.OriginalValues, `${path}.Statistics.OriginalValues`);
  const results =
    benchmark.Measurements === undefined
      ? []
      : shape
          .array(benchmark.Measurements, `${path}.Measurements`)
          .map((m, i) => shape.object(m, `${path}.Measurements[${i}]`))
          .filter((m) => m.IterationMode === 'Workload' && m.IterationStage === 'Result');
  if (results.length > 0) {
    return results.map((m, i) => {
      const operations = shape.number(m.Operations, `${path}.Measurements[${i}].Operations`);
      if (operations <= 0) throw shape.error(`expected positive Operations in ${path}.Measurements`);
      return shape.number(m.Nanoseconds, `${path}.Measurements[${i}].Nanoseconds`) / operations;
    });
  }
  return [shape.number(statistics.Median, `${path}.Statistics.Median`)];
}

export const benchmarkdotnet: FormatParser = {
  name: NAME,
  description: 'BenchmarkDotNet JSON export (full or brief)',

  detect(text) {
    const start = head(text, 64 * 1024);
    return /^\s*\{/.test(start) && start.includes('"HostEnvironmentInfo"') && start.includes('"Benchmarks"');
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const entries = shape.array(root.Benchmarks, 'Benchmarks').map((item, i) => {
      const path = `Benchmarks[${i}]`;
      const benchmark = shape.object(item, path);
      return { benchmark, path, name: baseName(benchmark, path) };
    });
    const counts = new Map<string, number>();
    for (const { name } of entries) counts.set(name, (counts.get(name) ?? 0) + 1);
    const set = new MeasurementSet(NAME, (metric) => ({ role: metric === 'time' ? 'primary' : 'secondary' }));
    for (const { benchmark, path, name: base } of entries) {
      const name = counts.get(base)! > 1 ? `${base} [${job(benchmark, path)}]` : base;
      if (benchmark.Statistics === undefined || benchmark.Statistics === null) {
        set.fail(name, 'BenchmarkDotNet reported no statistics (the benchmark did not run)');
        continue;
      }
      const statistics = shape.object(benchmark.Statistics, `${path}.Statistics`);
      for (const ns of nanoseconds(benchmark, statistics, path)) set.add(name, 'time', 's', 'lower', toSeconds(ns, 'ns'));
      if (benchmark.Memory !== undefined && benchmark.Memory !== null) {
        const memory = shape.object(benchmark.Memory, `${path}.Memory`);
        const bytes = shape.optionalNumber(memory.BytesAllocatedPerOperation, `${path}.Memory.BytesAllocatedPerOperation`);
        if (bytes !== undefined) set.add(name, 'allocated/op', 'B', 'lower', bytes);
      }
    }
    return set.toArray();
  },
};
