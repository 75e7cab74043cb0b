/**
 * Whether a gate can fail at all: the smallest p the test can give at the planned rounds must
 * reach the level the family's correction holds its most significant benchmark to (Holm: alpha /
 * family; Benjamini-Hochberg and none: alpha, the level at which any one can be rejected). Below
 * that, every benchmark is certain to pass whatever the code does, so `run` refuses the plan
 * before building (a family of one), again after the warm-up (the real family), and `analyze`
 * warns about such a log. Counts (measure: instructions) follow their own rule and are not held
 * to this (stats/deterministic.ts). rounds auto: the same at each planned look, against the
 * look's nominal boundary (adaptive/design.ts).
 */
import { boundaries, nominalP, type SpendingName } from '../adaptive/boundaries.js';
import { plannedLooks, type LookSchedule } from '../adaptive/design.js';
import type { SequentialTestName } from '../adaptive/statistics.js';
import { processCost } from '../diagnostics/cost.js';
import type { AnalysisSettings, Run, RunSettings, Warning } from '../model.js';
import { failOnItems, gatePolicy } from './gating.js';
import { groupRuns } from './group.js';
import { smallestMannWhitneyP, smallestSignedRankP } from '../stats/smallest-p.js';

/** No plan needs more: 2 / C(2n, n) is below 1e-300 long before. */
const ROUNDS_CAP = 1000;

export interface Reach {
  canFail: boolean;
  /** When it cannot: the fewest rounds (rounds auto: max-rounds) at which it can, for this family; else the planned rounds. */
  minRounds: number;
  /** The level the most significant benchmark is held to. */
  level: number;
}

/** The per-test level the first rejection needs. */
export function firstRejectionLevel(alpha: number, correction: AnalysisSettings['correction'], family: number): number {
  return correction === 'holm' ? alpha / Math.max(1, family) : alpha;
}

function fewest(canFailAt: (rounds: number) => boolean, from: number): number {
  for (let rounds = Math.max(1, from); rounds <= ROUNDS_CAP; rounds++) if (canFailAt(rounds)) return rounds;
  return ROUNDS_CAP;
}

/** Fixed rounds: one value per run, Mann-Whitney on `rounds` values per side. */
export function fixedRoundsReach(s: { rounds: number; alpha: number; correction: AnalysisSettings['correction'] }, family: number): Reach {
  const level = firstRejectionLevel(s.alpha, s.correction, family);
  const canFailAt = (rounds: number) => smallestMannWhitneyP(rounds, rounds) <= level;
  const canFail = canFailAt(s.rounds);
  return { canFail, minRounds: canFail ? s.rounds : fewest(canFailAt, 1), level };
}

export interface AdaptivePlan extends LookSchedule {
  alpha: number;
  spending: SpendingName;
  test: SequentialTestName;
}

/** rounds auto: some planned look's smallest p reaches that look's boundary at alpha / family (Holm's start). */
export function adaptiveReach(plan: AdaptivePlan, family: number): Reach {
  const level = plan.alpha / Math.max(1, family);
  const smallest = (n: number) => (plan.test === 'signed-rank' ? smallestSignedRankP(n) : smallestMannWhitneyP(n, n));
  const canFailAt = (maxRounds: number) => {
    const looks = plannedLooks({ ...plan, maxRounds });
    const z = boundaries(
      level,
      plan.spending,
      looks.map((n) => n / maxRounds),
    );
    return looks.some((n, k) => smallest(n) <= nominalP(z[k]!));
  };
  const canFail = canFailAt(plan.maxRounds);
  return { canFail, minRounds: canFail ? plan.maxRounds : fewest(canFailAt, plan.minRounds), level };
}

/** What `run` says when the plan cannot fail (a ConfigError's message) and `analyze` warns. */
export function cannotFailMessage(reach: Reach, family: number, adaptive: boolean, planned: number): string {
  const familyText = family === 1 ? 'even one benchmark' : `${family} gating comparisons`;
  const knob = adaptive ? 'max-rounds' : 'rounds';
  return (
    `with ${familyText} at ${knob} ${planned}, no change can reach the level (${reach.level.toPrecision(2)}): the smallest p the test can give is above it, ` +
    `so the gate cannot fail; use ${knob} ${reach.minRounds} or more`
  );
}

export function cannotFailWarning(reach: Reach, family: number, adaptive: boolean, planned: number): Warning {
  return { code: 'gate-cannot-fail', message: cannotFailMessage(reach, family, adaptive, planned) };
}

/** The gating comparisons a set of runs gives (a warm-up round's), counts left out: the family the correction spreads alpha over. */
export function gatingFamily(runs: readonly Run[], settings: AnalysisSettings & { format: string }): number {
  const policy = gatePolicy(settings);
  return groupRuns(processCost(runs).runs, settings.sampling, settings.format).filter((g) => !g.deterministic && policy(g).gating).length;
}

/** A plan's reach, or null when the rule does not apply: counts, pooled samples (more than one per run), fail-on none, no family. */
export function planReach(
  s: Pick<RunSettings, 'alpha' | 'correction' | 'sampling' | 'failOn' | 'rounds' | 'adaptive' | 'measure'>,
  family: number,
): Reach | null {
  if (s.measure === 'instructions' || s.sampling === 'pooled' || !failOnItems(s.failOn).includes('regression') || family === 0) return null;
  if (s.adaptive) return adaptiveReach({ ...s.adaptive, alpha: s.alpha }, family);
  return s.rounds === null ? null : fixedRoundsReach({ ...s, rounds: s.rounds }, family);
}

/** The planned rounds a message names: max-rounds under rounds auto. */
export const plannedRounds = (s: Pick<RunSettings, 'rounds' | 'adaptive'>): number => s.adaptive?.maxRounds ?? s.rounds ?? 0;
