/** How many repetitions per-benchmark counts run (src/runner/count-repetitions.ts). */
import type { Config } from './config.js';
import type { RepetitionPolicy } from './runner/count-repetitions.js';

export function countPolicy(_config: Config): RepetitionPolicy {
  return { minRepetitions: 3, maxRepetitions: 3, maxTimeMs: 0, stillOpen: () => [] };
}
