/**
 * One run's results, read at the edge: its output parsed by the format registry, plus what the
 * harness saved beside it in the run's working directory. Criterion's console gives one estimate
 * per benchmark; its `target/criterion/<id>/new/sample.json` holds the samples, which replace it.
 * The parsers stay pure (src/formats/ takes text); the directory walk lives here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { criterion } from '../formats/criterion.js';
import { criterionFullId, criterionPrinted, parseCriterionSample, parseOutput, withCriterionSamples } from '../formats/index.js';
import type { Measurement } from '../model.js';

/** One benchmark run's results: its output parsed as parseOutput does, plus criterion's saved samples. */
export function readRunResults(text: string, format: string, cwd: string): { format: string; measurements: Measurement[] } {
  const parsed = parseOutput(text, format);
  const dir = parsed.format === criterion.name ? findCriterionDir(cwd) : undefined;
  if (dir === undefined) return parsed;
  const saved = parseCriterionDir(dir, 'new', criterionPrinted(parsed.measurements));
  return { ...parsed, measurements: withCriterionSamples(parsed.measurements, saved) };
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
      if (!only || only.has(criterionFullId(benchmarkJson, where))) {
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
