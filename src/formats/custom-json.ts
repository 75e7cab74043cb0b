/**
 * github-action-benchmark's custom JSON, for its users' own harnesses: `[{name, unit, value,
 * range?, extra?}]`. Whether smaller or bigger is better is not in the data (the action's `tool`
 * input says it), so there are two formats, chosen by name and never auto-detected: a wrong guess
 * would turn every regression into an improvement. Time units become seconds, sizes bytes; other
 * units are kept. `range` and `extra` are text for humans and not read; entries with the same
 * name are samples of one benchmark.
 */
import type { Better } from '../model.js';
import { JsonShape, isObject, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { normalise } from './numbers.js';
import type { FormatParser } from './types.js';

function customJson(name: string, tool: string, better: Better): FormatParser {
  const shape = new JsonShape(name);
  return {
    name,
    description: `github-action-benchmark ${tool} JSON ([{"name", "unit", "value"}])`,
    detect: () => false,
    parse(text) {
      const set = new MeasurementSet(name);
      shape.array(parseJson(name, text), 'the top level').forEach((item, i) => {
        const entry = shape.object(item, `[${i}]`);
        const benchmark = shape.string(entry.name, `[${i}].name`);
        const unit = shape.string(entry.unit, `[${i}].unit`);
        const normalised = normalise(shape.number(entry.value, `[${i}].value`), unit);
        set.add(benchmark, normalised.metric, normalised.unit, better, normalised.value);
      });
      return set.toArray();
    },
  };
}

export const customSmallerIsBetter = customJson('custom-smaller-is-better', 'customSmallerIsBetter', 'lower');
export const customBiggerIsBetter = customJson('custom-bigger-is-better', 'customBiggerIsBetter', 'higher');

/** Whether `text` looks like this JSON, for the hint when auto-detection finds no format. */
export function looksLikeCustomJson(text: string): boolean {
  const start = head(text, 4096);
  if (!/^\s*\[\s*\{/.test(start)) return false;
  try {
    const root: unknown = JSON.parse(text);
    return (
      Array.isArray(root) &&
      root.length > 0 &&
      root.every(
        (entry) => isObject(entry) && typeof entry.name === 'string' && typeof entry.unit === 'string' && typeof entry.value === 'number',
      )
    );
  } catch {
    return false;
  }
}
