/** Test helpers: read a fixture from tests/fixtures/formats and look measurements up. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Measurement } from '../../src/model.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/formats/', import.meta.url));

export function fixture(path: string): string {
  return readFileSync(FIXTURES + path, 'utf8');
}

/** The one measurement of `benchmark` and `metric`; fails the test when absent. */
export function find(measurements: Measurement[], benchmark: string, metric = 'time'): Measurement {
  const found = measurements.find((m) => m.benchmark === benchmark && m.metric === metric);
  if (!found) throw new Error(`no ${metric} measurement for "${benchmark}" among ${[...new Set(measurements.map((m) => m.benchmark))].join(' | ')}`);
  return found;
}

export function benchmarks(measurements: Measurement[]): string[] {
  return [...new Set(measurements.map((m) => m.benchmark))];
}

/** The error `fn` throws (fails the test when it returns). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
