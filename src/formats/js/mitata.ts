/**
 * mitata: the text report (`<name>  <avg> <unit>/iter ...`, one value per benchmark) and
 * `--format json` (`benchmarks[].runs[].stats.samples`, ns per iteration; sorted by mitata).
 */
import { type JsonObject, JsonShape } from '../json.js';
import { lines } from '../lines.js';
import type { MeasurementSet } from '../measurements.js';
import { isTimeUnit, parseDecimal, toSeconds } from '../numbers.js';

const shape = new JsonShape('js');

export function isMitataText(text: string): boolean {
  return /^benchmark\s+avg \(min \u2026 max\)/m.test(text);
}

export function parseMitataText(set: MeasurementSet, text: string): void {
  for (const line of lines(text)) {
    const iterAt = line.text.indexOf('/iter');
    if (iterAt === -1 || line.text.startsWith(' ')) continue;
    // "<name> <avg> <unit>/iter": the two tokens before "/iter", the name before them.
    const before = line.text.slice(0, iterAt);
    const unitAt = before.lastIndexOf(' ');
    const valueAt = before.slice(0, unitAt).trimEnd().lastIndexOf(' ');
    const unit = before.slice(unitAt + 1);
    const value = parseDecimal(before.slice(valueAt + 1, unitAt).trim());
    const name = before.slice(0, Math.max(valueAt, 0)).trimEnd();
    if (value === undefined || !isTimeUnit(unit) || name === '') continue;
    set.add(name, 'time', 's', 'lower', toSeconds(value, unit), line.number);
  }
}

export function parseMitataJson(set: MeasurementSet, root: JsonObject): void {
  shape.array(root.benchmarks, 'benchmarks').forEach((item, i) => {
    const path = `benchmarks[${i}]`;
    const benchmark = shape.object(item, path);
    shape.array(benchmark.runs, `${path}.runs`).forEach((runItem, j) => {
      const runPath = `${path}.runs[${j}]`;
      const run = shape.object(runItem, runPath);
      const name = shape.string(run.name, `${runPath}.name`);
      if (run.error !== undefined && run.error !== null) {
        set.fail(name, 'mitata reported an error');
        return;
      }
      const stats = shape.object(run.stats, `${runPath}.stats`);
      const samples = stats.samples === undefined ? [] : shape.numbers(stats.samples, `${runPath}.stats.samples`);
      const values = samples.length > 0 ? samples : [shape.number(stats.p50 ?? stats.avg, `${runPath}.stats.p50`)];
      for (const ns of values) set.add(name, 'time', 's', 'lower', toSeconds(ns, 'ns'));
    });
  });
}
