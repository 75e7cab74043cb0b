/**
 * The registry of the tests that decide a timed comparison in fixed rounds, in the order they are
 * asked: the first whose `applies` holds decides. A new test is a new file here and one line in
 * this list (docs/architecture.md, "How to add a statistical test"). Counts have their own rules
 * (count-rule.ts here, and src/stats/deterministic.ts's exact rule).
 */
import type { ComparisonDecision } from '../decision.js';
import { mannWhitney } from './mann-whitney.js';
import { zeroBase } from './zero-base.js';

export const DECISIONS: readonly ComparisonDecision[] = [mannWhitney, zeroBase];

/** The test that decides these samples, or null when none can (fewer than 2 per side). */
export function decisionFor(base: readonly number[], head: readonly number[]): ComparisonDecision | null {
  return DECISIONS.find((d) => d.applies(base, head)) ?? null;
}
