/**
 * Criterion.rs's saved data, `target/criterion/<id>/new/{benchmark,sample}.json`: per-sample times,
 * which the console output lacks. Parsers take text, so the directory is read here, at the edge:
 * `parseCriterionDir` walks it and hands each pair of files to the pure `parseCriterionSample`.
 * (`estimates.json` beside them only summarises these samples, so it is not read.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Measurement } from '../model.js';
import { JsonShape, parseJson } from './json.js';
import { MeasurementSet } from './measurements.js';
import { toSeconds } from './numbers.js';

const NAME = 'criterion';
const shape = new JsonShape(NAME);

/** The benchmark's name, `full_id` of its benchmark.json; `where` prefixes the paths in errors. */
function fullId(benchmarkJson: string, where: string): string {
  const benchmark = shape.object(parseJson(NAME, benchmarkJson), `${where}benchmark.json`);
  return shape.string(benchmark.full_id, `${where}benchmark.json full_id`);
}

/** One benchmark's samples: `times[i]` is the total ns of `iters[i]` iterations. */
export function parseCriterionSample(benchmarkJson: string, sampleJson: string, where = ''): Measurement[] {
  const name = fullId(benchmarkJson, where);
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

/**
 * Every benchmark under a `target/criterion` directory, from its `baseline` ("new" = the latest
 * run); with `only`, just the benchmarks of those names (the directory keeps older runs' too).
 */
export function parseCriterionDir(dir: string, baseline = 'new', only?: Set<string>): Measurement[] {
  const measurements: Measurement[] = [];
  const visit = (path: string) => {
    const saved = join(path, baseline);
    if (existsSync(join(saved, 'sample.json')) && existsSync(join(saved, 'benchmark.json'))) {
      const where = `${saved}/`;
      const benchmarkJson = readFileSync(join(saved, 'benchmark.json'), 'utf8');
      if (!only || only.has(fullId(benchmarkJson, where))) {
        measurements.push(...parseCriterionSample(benchmarkJson, readFileSync(join(saved, 'sample.json'), 'utf8'), where));
      }
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      // The report/ folder holds HTML; baseline folders hold no nested benchmarks.
      if (entry.isDirectory() && entry.name !== 'report' && entry.name !== baseline) visit(join(path, entry.name));
    }
  };
  visit(dir);
  return measurements.sort((a, b) => (a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : 0));
}

/**
 * The `target/criterion` directory of a `cargo bench` run in `cwd`: under cwd or the nearest
 * parent (a workspace member's benchmarks land in the workspace's target/), up to the repository root.
 */
export function findCriterionDir(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, 'target', 'criterion');
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

/**
 * The console's one estimate per benchmark replaced by the samples criterion saved in `dir` for
 * the same run: only for the benchmarks this console output printed.
 */
export function withCriterionSamples(measurements: Measurement[], dir: string): Measurement[] {
  const printed = new Set(measurements.filter((m) => m.metric === 'time' && m.failed === undefined).map((m) => m.benchmark));
  const saved = new Map(parseCriterionDir(dir, 'new', printed).map((m) => [m.benchmark, m]));
  return measurements.map((m) => (m.metric === 'time' && m.failed === undefined ? (saved.get(m.benchmark) ?? m) : m));
}
