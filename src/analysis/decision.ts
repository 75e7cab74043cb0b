/**
 * What one comparison's test decided, and the family policy that sets the level each comparison
 * is held to (docs/architecture.md, decision 3). A test names itself, its statistic, p (null
 * where it has none), its interval and what it assumes, so reports can say why without knowing
 * which test ran; the level comes from the family, never from one test.
 */
import type { Better, TestOutcome, Verdict } from '../model.js';

/** What one comparison's test decided; defined in model.ts, since results.json carries it. */
export type { TestOutcome } from '../model.js';

export interface ComparisonDecision {
  name: TestOutcome['name'];
  applies(base: readonly number[], head: readonly number[]): boolean;
  /** `better` says which direction is a regression (default 'lower': counts, times). */
  decide(
    base: readonly number[],
    head: readonly number[],
    at: { thresholdPct: number; level: number; better?: Better },
  ): TestOutcome & { verdict: Verdict };
}

/** The family and its looks: the level each comparison is held to comes from here, never from one test. */
export interface FamilyPolicy {
  name: 'holm' | 'bh' | 'none' | 'group-sequential' | 'count-bound';
  levels(members: { id: string; p: number | null }[], alpha: number): Map<string, number>;
}
