/**
 * Criterion.rs's saved data, `target/criterion/<id>/new/{benchmark,sample}.json`: per-sample times,
 * which the console output lacks. Parsers take text: the directory is read at the edge
 * (`src/runner/run-results.ts`), which hands each pair of files to the pure `parseCriterionSample`.
 * (`estimates.json` beside them only summarises these samples, so it is not read.)
 */
import type { Measurement } from '../model.js';
import { JsonShape, parseJson } from './json.js';
import { MeasurementSet } from './measurements.js';
import { toSeconds } from './numbers.js';

const NAME = 'criterion';
const shape = new JsonShape(NAME);

/** The benchmark's name, `full_id` of its benchmark.json; `where` prefixes the paths in errors. */
export function criterionFullId(benchmarkJson: string, where: string): string {
  const benchmark = shape.object(parseJson(NAME, benchmarkJson), `${where}benchmark.json`);
  return shape.string(benchmark.full_id, `${where}benchmark.json full_id`);
}

/** One benchmark's samples: `times[i]` is the total ns of `iters[i]` iterations. */
export function parseCriterionSample(benchmarkJson: string, sampleJson: string, where = ''): Measurement[] {
  const name = criterionFullId(benchmarkJson, where);
  const sample = shape.object(parseJson(NAME, sampleJson), `${where}sample.json`);
  const iters = shape.numbers(sample.iters, `${where}sample.json iters`);
  const times = shape.numbers(sample.times, `${where}sample.json times`);
  if (iters.length !== times.length) throw shape.error(`expected as many iters as times in ${where}sample.json`);
  const set = new MeasurementSet(NAME);
  iters.forEach((count, i) => {
    if (count <= 0) throw shape.error(`expected a positive iteration count at ${where}sample.json iters[${i}]`);
    set.add(name, 'time', 's', 'lower', toSeconds(times[i]! / count, 'ns'));
  });
  return set.toArray();
}

/** The benchmarks whose console estimate the saved samples may replace: timed and not failed. */
export function criterionPrinted(measurements: Measurement[]): Set<string> {
  return new Set(measurements.filter((m) => m.metric === 'time' && m.failed === undefined).map((m) => m.benchmark));
}

/** The console's one estimate per benchmark replaced by the samples criterion saved for the same run. */
export function withCriterionSamples(measurements: Measurement[], samples: Measurement[]): Measurement[] {
  const saved = new Map(samples.map((m) => [m.benchmark, m]));
  return measurements.map((m) => (m.metric === 'time' && m.failed === undefined ? (saved.get(m.benchmark) ?? m) : m));
}
