/**
 * benchgate's own JSON, for custom harnesses (docs/formats.md, schema/benchgate-format.schema.json):
 * { "benchgate": 1, "benchmarks": [{ "name", "unit", "metric"?, "better"?, "values", "n"?, "failed"? }] }
 */
import type { Better } from '../model.js';
import { JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { normalise } from './numbers.js';
import type { FormatParser } from './types.js';

const shape = new JsonShape('benchgate');

function parseBetter(value: unknown, path: string): Better | undefined {
  if (value === undefined) return undefined;
  if (value === 'lower' || value === 'higher') return value;
  throw shape.error(`expected "lower" or "higher" at ${path}`);
}

export const benchgate: FormatParser = {
  name: 'benchgate',
  description: 'benchgate JSON ({"benchgate": 1, "benchmarks": [...]}) for custom harnesses',

  detect: (text) => /^\s*\{[^]*"benchgate"\s*:\s*1\b/.test(head(text, 4096)),

  parse(text) {
    const root = shape.object(parseJson('benchgate', text), 'the top level');
    if (root.benchgate !== 1) throw shape.error('expected "benchgate": 1 (the format version)');
    const set = new MeasurementSet('benchgate');
    shape.array(root.benchmarks, 'benchmarks').forEach((item, i) => {
      const path = `benchmarks[${i}]`;
      const entry = shape.object(item, path);
      const name = shape.string(entry.name, `${path}.name`);
      if (name === '') throw shape.error(`expected a non-empty name at ${path}.name`);
      const unit = shape.string(entry.unit, `${path}.unit`);
      const metric = shape.optionalString(entry.metric, `${path}.metric`);
      const better = parseBetter(entry.better, `${path}.better`);
      const values = shape.numbers(entry.values, `${path}.values`);
      const n = shape.optionalNumber(entry.n, `${path}.n`);
      const failed = shape.optionalString(entry.failed, `${path}.failed`);
      const unitOnly = normalise(1, unit);
      const target = { metric: metric ?? unitOnly.metric, unit: unitOnly.unit, better: better ?? unitOnly.better };
      if (failed !== undefined) {
        set.fail(name, failed, target.metric, target.unit, target.better);
        return;
      }
      if (values.length === 0) throw shape.error(`expected at least one value at ${path}.values (or "failed")`);
      for (const value of values) {
        set.add(name, target.metric, target.unit, target.better, normalise(value, unit).value, undefined, n);
      }
    });
    return set.toArray();
  },
};
