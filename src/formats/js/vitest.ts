/** vitest `bench --outputJson`: `files[].groups[].benchmarks[]`, times in ms; named `<group> > <name>`. */
import { type JsonObject, JsonShape } from '../json.js';
import type { MeasurementSet } from '../measurements.js';
import { toSeconds } from '../numbers.js';

const shape = new JsonShape('js');

export function parseVitestJson(set: MeasurementSet, root: JsonObject): void {
  shape.array(root.files, 'files').forEach((file, f) => {
    const filePath = `files[${f}]`;
    shape.array(shape.object(file, filePath).groups, `${filePath}.groups`).forEach((groupItem, g) => {
      const groupPath = `${filePath}.groups[${g}]`;
      const group = shape.object(groupItem, groupPath);
      const groupName = shape.string(group.fullName, `${groupPath}.fullName`);
      shape.array(group.benchmarks, `${groupPath}.benchmarks`).forEach((benchItem, b) => {
        const path = `${groupPath}.benchmarks[${b}]`;
        const bench = shape.object(benchItem, path);
        const name = `${groupName} > ${shape.string(bench.name, `${path}.name`)}`;
        const samples = bench.samples === undefined ? [] : shape.numbers(bench.samples, `${path}.samples`);
        const values = samples.length > 0 ? samples : [shape.number(bench.median, `${path}.median`)];
        for (const ms of values) set.add(name, 'time', 's', 'lower', toSeconds(ms, 'ms'));
      });
    });
  });
}
