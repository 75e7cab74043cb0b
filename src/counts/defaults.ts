/**
 * The count rule's settings (src/analysis/decisions/count-rule.ts, docs/counts.md). Chosen with the seeded
 * simulation in `npm run bench -- --only counts` so that the A/A rate per pull request stays
 * at most 1% with 100 benchmarks, including under wrongly specified noise.
 */
export const COUNT_DEFAULTS = {
  /** Repetitions per side every benchmark runs before the first look. */
  minRepetitions: 3,
  /** The cap: after this many repetitions per side an undecided benchmark is inconclusive. */
  maxRepetitions: 6,
  /**
   * The family level the rule spends at most (per pull request, over every benchmark and look):
   * the configured alpha when it is smaller.
   */
  maxAlpha: 0.01,
  /**
   * The pooling guard: a benchmark whose own log-scale variance is above the pool's at this
   * one-sided F level (its own df against the pool's) is held to its own spread and df.
   */
  poolGuard: 0.05,
  /**
   * Counts that do not repeat: a log-scale standard deviation per op above this (5%) is not the
   * near-deterministic noise the rule models (a JIT, Go's default GOMAXPROCS); the benchmark falls
   * back to Mann-Whitney on its counts at the cap, flagged.
   */
  fallbackSpread: 0.05,
} as const;

/** Looks each benchmark can get: one after minRepetitions, then one per added repetition up to the cap. */
export function countLooks(min: number = COUNT_DEFAULTS.minRepetitions, max: number = COUNT_DEFAULTS.maxRepetitions): number {
  return Math.max(1, max - min + 1);
}
