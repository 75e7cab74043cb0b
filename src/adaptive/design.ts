/**
 * The sequential design: when to look, and what a look decides for each benchmark.
 *
 * Error control over benchmarks and looks together: every benchmark is a group-sequential test
 * of its own (boundaries.ts) at level alpha_i, and the levels follow Holm's procedure in the
 * group-sequential form of Maurer and Bretz (2013): each of the m benchmarks starts at
 * alpha / m; when one is rejected, its level passes to the others, which are then tested at
 * alpha / (m - rejected) with boundaries recomputed for that level at the same looks. Only a
 * rejected hypothesis gives its alpha away: a benchmark that stopped for equivalence or ran out
 * of budget keeps its share, so stopping benchmarks early does not shrink the family. The
 * family-wise error rate stays at most alpha whatever the looks, the stops and the order in
 * which benchmarks close.
 *
 * A regression or improvement needs the boundary crossed (now or at an earlier look) AND the
 * estimate beyond the practical threshold; `unchanged` needs the confidence interval inside
 * ±threshold, a non-binding stop that the boundaries ignore, so it cannot add false alarms.
 */
import { boundaries, nominalP, type SpendingName } from './boundaries.js';
import type { LookStatistic, SequentialTestName } from './statistics.js';

export interface AdaptiveDesign {
  /** Family-wise error rate over every benchmark and every look. */
  alpha: number;
  spending: SpendingName;
  test: SequentialTestName;
  thresholdPct: number;
  /** Level of the interval the equivalence stop and the threshold read. */
  confLevel: number;
}

export interface LookSchedule {
  /** The first look; every benchmark runs this many rounds (the whole suite). */
  minRounds: number;
  /** Rounds between later looks. */
  lookEvery: number;
  /** The last look; information fractions are rounds / maxRounds. */
  maxRounds: number;
}

/** Whether the design looks after `round` (the last round always is a look). */
export function isLook(round: number, s: LookSchedule): boolean {
  return round === s.maxRounds || (round >= s.minRounds && (round - s.minRounds) % s.lookEvery === 0 && round < s.maxRounds);
}

export function plannedLooks(s: LookSchedule): number[] {
  const looks: number[] = [];
  for (let r = 1; r <= s.maxRounds; r++) if (isLook(r, s)) looks.push(r);
  return looks;
}

export function checkSchedule(s: LookSchedule): void {
  const whole = (v: number) => Number.isInteger(v) && v >= 1;
  if (!whole(s.minRounds) || s.minRounds < 2) throw new RangeError(`min-rounds must be a whole number >= 2, got ${s.minRounds}`);
  if (!whole(s.lookEvery)) throw new RangeError(`look-every must be a whole number >= 1, got ${s.lookEvery}`);
  if (!whole(s.maxRounds) || s.maxRounds < s.minRounds) {
    throw new RangeError(`max-rounds must be a whole number >= min-rounds (${s.minRounds}), got ${s.maxRounds}`);
  }
}

/** One open benchmark at a look. */
export interface LookInput {
  key: string;
  /** null: not testable at this look (too few pairs, a value that is not finite). */
  stat: LookStatistic | null;
  /** Rounds of data at each look this benchmark took part in, this one last. */
  looks: number[];
  /** Already rejected at an earlier look (significant, not yet beyond the threshold). */
  rejected: boolean;
  /** Its own practical threshold (a per-glob one); absent: the design's. */
  thresholdPct?: number;
}

export type LookDecision =
  /** Significant and beyond the threshold: sign of the change. */
  | { kind: 'changed'; sign: 1 | -1 }
  /** The interval lies inside ±threshold. */
  | { kind: 'equivalent' }
  | { kind: 'open' };

export interface LookOutput {
  key: string;
  decision: LookDecision;
  rejected: boolean;
  /** The two-sided p the test had to reach at this look (at the level it ended with). */
  nominalP: number;
}

/**
 * Decides every open benchmark at one look. `rejectedBefore` counts the family's hypotheses
 * rejected at earlier looks (their alpha is already passed on); the returned outputs say which
 * are rejected now. A `final` look (the budget ran out before max rounds, for a reason that does
 * not depend on the benchmarks' differences: the clock) spends all the alpha left, as the last
 * planned look would. Pure.
 */
export function decideLook(
  design: AdaptiveDesign,
  schedule: LookSchedule,
  familySize: number,
  rejectedBefore: number,
  inputs: LookInput[],
  final = false,
): LookOutput[] {
  const rejected = new Set(inputs.filter((b) => b.rejected).map((b) => b.key));
  let rejectedCount = rejectedBefore;
  const nominal = new Map<string, number>();
  // Holm within the look: a rejection raises everyone else's level; repeat until none is added.
  for (let changed = true; changed;) {
    changed = false;
    const level = design.alpha / Math.max(1, familySize - rejectedCount);
    for (const b of inputs) {
      if (rejected.has(b.key) || b.stat === null) continue;
      const fractions = b.looks.map((n) => Math.min(1, n / schedule.maxRounds));
      const z = boundaries(level, design.spending, fractions, final);
      const p = nominalP(z[z.length - 1]!);
      nominal.set(b.key, p);
      if (b.stat.p <= p) {
        rejected.add(b.key);
        rejectedCount++;
        changed = true;
      }
    }
  }
  return inputs.map((b) => {
    const threshold = b.thresholdPct ?? design.thresholdPct;
    const isRejected = rejected.has(b.key);
    let decision: LookDecision = { kind: 'open' };
    if (b.stat !== null) {
      const changePct = isRejected ? b.stat.change().changePct : 0;
      if (isRejected && Math.abs(changePct) >= threshold && changePct !== 0) {
        decision = { kind: 'changed', sign: changePct > 0 ? 1 : -1 };
      } else if (b.stat.within(threshold)) {
        decision = { kind: 'equivalent' };
      }
    }
    return { key: b.key, decision, rejected: isRejected, nominalP: nominal.get(b.key) ?? 0 };
  });
}
