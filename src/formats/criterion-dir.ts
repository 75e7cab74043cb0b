/**
 * Criterion.rs's saved data, `target/criterion/<id>/new/{benchmark,sample}.json`: per-sample times,
 * which the console output lacks. Parsers take text, so the directory is read here, at the edge:
 * `parseCriterionDir` walks it and hands each pair of files to the pure `parseCriterionSample`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Measurement } from '../model.js';
import { JsonShape, parseJson } from './json.js';
import { MeasurementSet } from './measurements.js';
import { toSeconds } from './numbers.js';

const NAME = 'criterion';
const shape = new JsonShape(NAME);

/** One benchmark's samples: `times[i]` is the total ns of `iters[i]` iterations. */
export function parseCriterionSample(benchmarkJson: string, sampleJson: string): Measurement[] {
  const benchmark = shape.object(parseJson(NAME, benchmarkJson), 'benchmark.json');
  const name = shape.string(benchmark.full_id, 'benchmark.json full_id');
  const sample = shape.object(parseJson(NAME, sampleJson), 'sample.json');
  const iters = shape.numbers(sample.iters, 'sample.json iters');
  const times = shape.numbers(sample.times, 'sample.json times');
  if (iters.length !== times.length) throw shape.error('expected as many iters as times in sample.json');
  const set = new MeasurementSet(NAME);
  iters.forEach((count, i) => {
    if (count <= 0) throw shape.error(`expected a positive iteration count at sample.json iters[${i}]`);
    set.add(name, 'time', 's', 'lower', toSeconds(times[i]! / count, 'ns'));
  });
  return set.toArray();
}

/** Every benchmark under a `target/criterion` directory, from its `baseline` ("new" = the latest run). */
export function parseCriterionDir(dir: string, baseline = 'new'): Measurement[] {
  const measurements: Measurement[] = [];
  const visit = (path: string) => {
    const saved = join(path, baseline);
    if (existsSync(join(saved, 'sample.json')) && existsSync(join(saved, 'benchmark.json'))) {
      measurements.push(...parseCriterionSample(readFileSync(join(saved, 'benchmark.json'), 'utf8'), readFileSync(join(saved, 'sample.json'), 'utf8')));
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      // The report/ folder holds HTML; baseline folders hold no nested benchmarks.
      if (entry.isDirectory() && entry.name !== 'report' && entry.name !== baseline) visit(join(path, entry.name));
    }
  };
  visit(dir);
  return measurements.sort((a, b) => (a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : 0));
}
