/**
 * The family and look policies (docs/architecture.md, decision 3): the level each gating
 * comparison is held to comes from the family and its looks, never from one test.
 *
 * Fixed rounds: Holm's step-down (or Benjamini-Hochberg's step-up, or none) over the gating
 * comparisons a rank test decides. Holm holds the k-th smallest p to alpha / (m − k + 1) while the
 * smaller ones were rejected, and every later one to the level it stopped at; BH holds all to
 * alpha · r / m, r the number it rejects (at least 1). A member is significant exactly when its
 * adjusted p (stats/adjust.ts, as R's p.adjust, reported as `pAdjusted`) is below alpha: where the
 * two differ in the last bit of a float, the level is moved by that bit to agree with the adjusted p.
 *
 * rounds auto: the group-sequential design spends alpha over the looks, and a member is held to
 * the nominal level of the look that closed it (src/adaptive/boundaries.ts).
 */
import type { BenchmarkOutcome } from '../adaptive/driver.js';
import type { AnalysisSettings } from '../model.js';
import { adjustPValues } from '../stats/index.js';
import type { FamilyPolicy } from './decision.js';

type Correction = AnalysisSettings['correction'];

/** The level as the textbook states it, moved to agree with the adjusted p where a float's last bit differs. */
function agreeing(p: number, rejected: boolean, level: number): number {
  if (p < level === rejected) return level;
  return rejected ? p + Math.max(Number.MIN_VALUE, p * Number.EPSILON) : p;
}

/** Per member in input order: the textbook level, given which members the adjusted p rejects. */
function textbookLevels(correction: Correction, p: readonly number[], rejected: readonly boolean[], alpha: number): number[] {
  const m = p.length;
  if (correction === 'none') return p.map(() => alpha);
  if (correction === 'bh') {
    const r = rejected.filter(Boolean).length;
    return p.map(() => (alpha * Math.max(1, r)) / m);
  }
  // Holm: ascending p (ties in input order, as stats/adjust.ts sorts); the step-down stops at the first not rejected.
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
  const levels = new Array<number>(m);
  let stop: number | null = null;
  order.forEach((i, rank) => {
    const step = stop ?? rank;
    levels[i] = alpha / (m - step);
    if (stop === null && !rejected[i]) stop = rank;
  });
  return levels;
}

/** Holm, BH or none over the members with a p (those without one are held to alpha). */
export function correctionPolicy(correction: Correction): FamilyPolicy {
  return {
    name: correction,
    levels(members, alpha) {
      const tested = members.filter((m): m is { id: string; p: number } => m.p !== null);
      const p = tested.map((m) => m.p);
      const rejected = adjustPValues(p, correction).map((adjusted) => adjusted < alpha);
      const levels = textbookLevels(correction, p, rejected, alpha);
      const byId = new Map(tested.map((m, i) => [m.id, agreeing(m.p, rejected[i]!, levels[i]!)]));
      return new Map(members.map((m) => [m.id, byId.get(m.id) ?? alpha]));
    },
  };
}

/** rounds auto: each member at the nominal level of the look that closed it (null: never tested, alpha). */
export function groupSequentialPolicy(outcomes: ReadonlyMap<string, BenchmarkOutcome>): FamilyPolicy {
  return {
    name: 'group-sequential',
    levels: (members, alpha) => new Map(members.map((m) => [m.id, outcomes.get(m.id)?.nominalP ?? alpha])),
  };
}
