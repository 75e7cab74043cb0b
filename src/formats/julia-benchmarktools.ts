/**
 * Julia BenchmarkTools.jl JSON (`BenchmarkTools.save(file, results)`): `[{"Julia": v,
 * "BenchmarkTools": v}, [values...]]`, each value a `[TypeName, {fields}]` pair. Nested
 * `BenchmarkGroup`s name their benchmarks by the path of keys, `/`-joined (`fib/20`). A `Trial`
 * gives its `times` (ns per evaluation) as samples; a `TrialEstimate` (a saved `median(trial)`)
 * its one `time`. `memory` (bytes) and `allocs` per evaluation are secondary metrics.
 */
import { type JsonObject, JsonShape, isObject, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const NAME = 'julia-benchmarktools';
const shape = new JsonShape(NAME);
/** Deeper than any suite nests its groups; stops a hostile file before the stack does. */
const MAX_DEPTH = 64;

function addValue(set: MeasurementSet, value: unknown, path: string, names: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw shape.error(`groups nested too deeply at ${path}`);
  const pair = shape.array(value, path);
  const type = shape.string(pair[0], `${path}[0]`);
  const fields = shape.object(pair[1], `${path}[1]`);
  if (type === 'BenchmarkGroup') {
    for (const [key, child] of Object.entries(shape.object(fields.data, `${path}[1].data`))) {
      addValue(set, child, `${path}[1].data[${JSON.stringify(key)}]`, [...names, key], depth + 1);
    }
    return;
  }
  if (type !== 'Trial' && type !== 'TrialEstimate') return; // TrialRatio, TrialJudgement: comparisons, not results
  if (names.length === 0) throw shape.error(`expected a ${type} inside a BenchmarkGroup at ${path}: a group's keys name the benchmarks`);
  addTrial(set, names.join('/'), type, fields, `${path}[1]`);
}

function addTrial(set: MeasurementSet, name: string, type: string, fields: JsonObject, path: string): void {
  const times = type === 'Trial' ? shape.numbers(fields.times, `${path}.times`) : [shape.number(fields.time, `${path}.time`)];
  for (const ns of times) set.add(name, 'time', 's', 'lower', toSeconds(ns, 'ns'));
  const memory = shape.optionalNumber(fields.memory, `${path}.memory`);
  if (memory !== undefined) set.add(name, 'memory', 'B', 'lower', memory);
  const allocs = shape.optionalNumber(fields.allocs, `${path}.allocs`);
  if (allocs !== undefined) set.add(name, 'allocs', 'allocs', 'lower', allocs);
}

export const juliaBenchmarkTools: FormatParser = {
  name: NAME,
  description: 'Julia BenchmarkTools.save JSON',

  detect(text) {
    const start = head(text, 4096);
    return /^\s*\[\s*\{/.test(start) && /"Julia"\s*:/.test(start) && /"BenchmarkTools"\s*:/.test(start);
  },

  parse(text) {
    const root = shape.array(parseJson(NAME, text), 'the top level');
    if (!isObject(root[0]) || root[0].BenchmarkTools === undefined)
      throw shape.error('expected [{"Julia": ..., "BenchmarkTools": ...}, [...]]');
    const set = new MeasurementSet(NAME, (metric) => ({ role: metric === 'time' ? 'primary' : 'secondary' }));
    shape.array(root[1], '[1]').forEach((value, i) => addValue(set, value, `[1][${i}]`, [], 0));
    return set.toArray();
  },
};
