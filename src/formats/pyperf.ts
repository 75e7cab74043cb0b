/**
 * pyperf JSON (format 1.0): what `python bench.py -o FILE` (pyperf.Runner), `python -m pyperf
 * timeit -o FILE` and nanobench's `templates::pyperf()` write. Each benchmark's `runs[].values` are
 * its samples (one worker process per run, calibration and warmup values excluded), per loop
 * iteration, in the unit of `metadata.unit` ("second", "byte" with --track-memory, "integer").
 * Benchmarks are named by `metadata.name`, which a single-benchmark file keeps in the common
 * metadata at the top level.
 */
import { type JsonObject, JsonShape, isObject, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import type { FormatParser } from './types.js';

const NAME = 'pyperf';

const UNITS: Record<string, { metric: string; unit: string }> = {
  second: { metric: 'time', unit: 's' },
  byte: { metric: 'memory', unit: 'B' },
  integer: { metric: 'integer', unit: 'integer' },
};

function metadata(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** Reads a pyperf document into `set`; `format` names the parser in errors (nanobench reads it too). */
export function addPyperf(set: MeasurementSet, root: JsonObject, format: string): void {
  const shape = new JsonShape(format);
  const common = metadata(root.metadata);
  shape.array(root.benchmarks, 'benchmarks').forEach((item, i) => {
    const path = `benchmarks[${i}]`;
    const benchmark = shape.object(item, path);
    const own = { ...common, ...metadata(benchmark.metadata) };
    const name = shape.optionalString(own.name, `${path}.metadata.name`);
    if (name === undefined) throw shape.error(`expected metadata.name for ${path}`);
    const unitName = shape.optionalString(own.unit, `${path}.metadata.unit`) ?? 'second';
    const unit = UNITS[unitName];
    if (unit === undefined) throw shape.error(`expected unit second, byte or integer at ${path}.metadata.unit, got "${unitName}"`);
    shape.array(benchmark.runs, `${path}.runs`).forEach((run, j) => {
      const values = shape.object(run, `${path}.runs[${j}]`).values;
      // Calibration runs have no values.
      if (values === undefined) return;
      for (const value of shape.numbers(values, `${path}.runs[${j}].values`)) set.add(name, unit.metric, unit.unit, 'lower', value);
    });
  });
}

export const pyperf: FormatParser = {
  name: NAME,
  description: 'pyperf JSON (-o FILE, format 1.0)',

  detect(text) {
    const start = head(text, 64 * 1024);
    return /^\s*\{/.test(start) && start.includes('"benchmarks"') && start.includes('"runs"') && /"version"\s*:\s*"1\.0"/.test(start);
  },

  parse(text) {
    const shape = new JsonShape(NAME);
    const set = new MeasurementSet(NAME);
    addPyperf(set, shape.object(parseJson(NAME, text), 'the top level'), NAME);
    return set.toArray();
  },
};
