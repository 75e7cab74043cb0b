/**
 * `deno bench --json`: `benches[]`, each with `origin` (the file's URL), `group`, `name` and one
 * result, `{ok: {n, min, max, avg, p75, p99, p995, p999}}` in nanoseconds or `{failed: {...}}`.
 * Deno prints no median; its average is pulled far up by single slow iterations (a GC pause),
 * so `time` is its p75, the most robust statistic it prints. Benchmarks are named
 * `<file> > [<group> > ]<name>` with the file's base name (the path differs between worktrees).
 */
import { JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { toSeconds } from './numbers.js';
import type { FormatParser } from './types.js';

const NAME = 'deno';
const shape = new JsonShape(NAME);

function fileName(origin: string): string {
  const path = origin.split(/[?#]/)[0]!;
  return path.slice(path.lastIndexOf('/') + 1);
}

export const deno: FormatParser = {
  name: NAME,
  description: 'deno bench --json',

  detect(text) {
    const start = head(text, 16 * 1024);
    return /^\s*\{/.test(start) && start.includes('"benches"') && /"runtime"\s*:\s*"Deno\//.test(start);
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const set = new MeasurementSet(NAME);
    shape.array(root.benches, 'benches').forEach((item, i) => {
      const path = `benches[${i}]`;
      const bench = shape.object(item, path);
      const group = shape.optionalString(bench.group, `${path}.group`);
      const name = [fileName(shape.string(bench.origin, `${path}.origin`)), group, shape.string(bench.name, `${path}.name`)]
        .filter((part) => part !== undefined)
        .join(' > ');
      shape.array(bench.results, `${path}.results`).forEach((resultItem, j) => {
        const result = shape.object(resultItem, `${path}.results[${j}]`);
        if (result.failed !== undefined) {
          const failed = shape.object(result.failed, `${path}.results[${j}].failed`);
          set.fail(name, `deno bench reported ${shape.optionalString(failed.name, `${path}.results[${j}].failed.name`) ?? 'a failure'}`);
          return;
        }
        const ok = shape.object(result.ok, `${path}.results[${j}].ok`);
        set.add(name, 'time', 's', 'lower', toSeconds(shape.number(ok.p75, `${path}.results[${j}].ok.p75`), 'ns'));
      });
    });
    return set.toArray();
  },
};
