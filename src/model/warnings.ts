/** Every warning benchgate can raise: data for people, which no decision reads. */

/**
 * Every warning benchgate can raise, in one closed list (like hyperfine's `enum Warnings`):
 * renderers decide how to show them; no decision (verdict, exit code) reads them.
 */
export const WARNING_CODES = [
  // compare: one comparison
  'failed-runs',
  'too-few-samples',
  'no-percent-change',
  'below-threshold',
  // the count rule (src/analysis/decisions/count-rule.ts): counts that do not repeat fell back to Mann-Whitney
  'counts-do-not-repeat',
  // the whole result
  'run-failed',
  'no-benchmarks',
  // measure: instructions: what a count cannot see (I/O, waiting, cache and memory, parallelism)
  'counts-can-miss',
  // the settings: an ignore or thresholds glob no benchmark's name matches
  'glob-matches-nothing',
  // the settings: the planned rounds cannot reach the level (the smallest p the test can give is above it)
  'gate-cannot-fail',
  // the setup: on a pull or merge request, what its side could not change (src/trust.ts)
  'config-ignored',
  'config-clamped',
  'ci-files-changed',
  // bench-from: head (docs/bench-from.md): head's benchmark files copied into base, and the rows only they brought
  'bench-files-copied',
  'benchmark-from-head',
  // diagnostics: the machine
  'cpu-steal',
  'high-load',
  'cpu-governor',
  'turbo',
  'cost-too-coarse',
  // rounds auto: the noise at the first look leaves benchmarks no chance within max-rounds
  'threshold-unreachable',
  // diagnostics: one comparison's data
  'tail-regression',
  'welch-disagrees',
  'bimodal-or-outliers',
  'drift',
  'drift-unprotected',
  'timer-resolution',
  'never-significant',
  'complexity-change',
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];

/** A diagnostic that travels with the data; renderers decide how to show it. */
export interface Warning {
  code: WarningCode;
  message: string;
}
