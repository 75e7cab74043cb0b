/** GitLab's dotenv view (`artifacts:reports:dotenv`): the verdict and counts as variables later jobs of the pipeline read. */
import type { ComparisonResult } from '../model.js';

export function renderDotenv(result: ComparisonResult): string {
  const values: Record<string, string | number | boolean> = {
    BENCHGATE_VERDICT: result.verdict,
    BENCHGATE_GATE_FAILED: result.gateFailed,
    BENCHGATE_COMPARISONS: result.comparisons.length,
    BENCHGATE_ROUNDS_COMPLETED: result.rounds.completed,
    BENCHGATE_BASE_SHA: result.base.sha,
    BENCHGATE_HEAD_SHA: result.head.sha,
  };
  for (const [verdict, n] of Object.entries(result.counts)) values[`BENCHGATE_${verdict.toUpperCase()}`] = n;
  return Object.entries(values)
    .map(([k, v]) => `${k}=${v}\n`)
    .join('');
}
