/**
 * airspeed velocity (asv) results JSON, format version 2: the file `asv run` writes to
 * `<results_dir>/<machine>/<commit>-<env>.json`. Each benchmark's row follows `result_columns`:
 * `result` (one value per parameter combination), `params` (the lists whose product they follow)
 * and, with --record-samples, `samples`, which are then the run's samples. The unit comes from the
 * benchmark's kind, as asv names it: `time_*` seconds, `mem_*` / `peakmem_*` bytes, `track_*` the
 * returned value (the file records no unit). A null result is a failed benchmark; NaN (a skipped
 * combination) is left out.
 */
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import type { FormatParser } from './types.js';

const NAME = 'asv';
const shape = new JsonShape(NAME);
const SKIPPED = 'NaN';

/** What the last part of a benchmark's name says it measures. */
function kindOf(name: string): { metric: string; unit: string } {
  const base = name.slice(name.lastIndexOf('.') + 1);
  if (base.startsWith('time_')) return { metric: 'time', unit: 's' };
  if (base.startsWith('peakmem_')) return { metric: 'peak memory', unit: 'B' };
  if (base.startsWith('mem_')) return { metric: 'memory', unit: 'B' };
  return { metric: 'track', unit: 'track' };
}

/** Every combination of the parameter lists, in asv's order (itertools.product). */
function combinations(params: string[][]): string[][] {
  return params.reduce<string[][]>((done, values) => done.flatMap((prefix) => values.map((value) => [...prefix, value])), [[]]);
}

/** asv writes Python's NaN as a bare `NaN`, which is not JSON: read it as a marker string. */
function parseAsvJson(text: string): unknown {
  return parseJson(NAME, text.replace(/([[,:]\s*)NaN(?=\s*[,\]}])/g, `$1"${SKIPPED}"`));
}

function addBenchmark(set: MeasurementSet, name: string, row: unknown[], columns: Map<string, number>, path: string): void {
  const kind = kindOf(name);
  const column = (key: string) => (columns.has(key) ? row[columns.get(key)!] : undefined);
  const params = (column('params') === undefined ? [] : shape.array(column('params'), `${path}.params`)).map((list, i) =>
    shape.array(list, `${path}.params[${i}]`).map((value, j) => shape.string(value, `${path}.params[${i}][${j}]`)),
  );
  const names = combinations(params).map((combination) => (combination.length === 0 ? name : `${name}(${combination.join(', ')})`));
  const result = column('result');
  if (result === null) {
    for (const each of names) set.fail(each, 'asv reported the benchmark failed', kind.metric, kind.unit);
    return;
  }
  const results = shape.array(result, `${path}.result`);
  const samples =
    column('samples') === undefined || column('samples') === null ? undefined : shape.array(column('samples'), `${path}.samples`);
  if (results.length !== names.length)
    throw shape.error(`expected ${names.length} results (one per parameter combination) at ${path}.result`);
  names.forEach((each, i) => {
    const value = results[i];
    if (value === SKIPPED) return;
    if (value === null) {
      set.fail(each, 'asv reported the benchmark failed', kind.metric, kind.unit);
      return;
    }
    const own = samples?.[i];
    const values =
      own === undefined || own === null ? [shape.number(value, `${path}.result[${i}]`)] : shape.numbers(own, `${path}.samples[${i}]`);
    for (const v of values) set.add(each, kind.metric, kind.unit, 'lower', v);
  });
}

export const asv: FormatParser = {
  name: NAME,
  description: 'asv results JSON (<results_dir>/<machine>/<commit>-<env>.json)',

  detect(text) {
    const start = head(text, 64 * 1024);
    return /^\s*\{/.test(start) && start.includes('"result_columns"') && start.includes('"commit_hash"');
  },

  parse(text) {
    const root: JsonObject = shape.object(parseAsvJson(text), 'the top level');
    if (root.version !== 2) throw shape.error('expected "version": 2 (asv 0.5 and later)');
    const columns = new Map(
      shape.array(root.result_columns, 'result_columns').map((column, i) => [shape.string(column, `result_columns[${i}]`), i]),
    );
    if (!columns.has('result')) throw shape.error('expected "result" among result_columns');
    const set = new MeasurementSet(NAME);
    for (const [name, row] of Object.entries(shape.object(root.results, 'results'))) {
      addBenchmark(set, name, shape.array(row, `results.${name}`), columns, `results.${name}`);
    }
    return set.toArray();
  },
};
