/**
 * What makes two measurements the same benchmark: suite, name, metric and, for harnesses that
 * report one name at several sizes (nanobench complexityN), the size. Grouping, the per-run
 * series, complexity families and Code Quality fingerprints all use this one key.
 */
import { normaliseName } from '../harness/index.js';
import type { Comparison } from '../model.js';

export interface Identity {
  suite: string;
  benchmark: string;
  metric: string;
  complexityN?: number;
}

/**
 * A string key for an identity. The benchmark is its harness's normalised name (src/harness/: Go
 * drops the `-N` GOMAXPROCS suffix; no format: the name as printed), so one benchmark keeps one
 * identity across runner sizes.
 * Its form is also the input of the Code Quality fingerprint, which GitLab compares across
 * pipelines: it must never change.
 */
export function identityKey({ suite, benchmark, metric, complexityN }: Identity, format?: string): string {
  return JSON.stringify([
    suite,
    format === undefined ? benchmark : normaliseName(format, benchmark),
    metric,
    ...(complexityN === undefined ? [] : [complexityN]),
  ]);
}

/** The size a comparison was measured at, when its harness gave one. */
export function complexityNOf(c: Comparison): number | undefined {
  return c.diagnostics?.complexityN;
}
