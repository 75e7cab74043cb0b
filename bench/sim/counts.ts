/**
 * Seeded simulation of per-op instruction counts for the count rule (src/analysis/decisions/count-rule.ts):
 * one simulated pull request is a suite of benchmarks whose per-op counts are drawn per
 * repetition and side, decided by the real loop (replayCountLooks over decideCounts), beside the
 * previous design (compareRuns at fixed repetitions: the exact rule, else Mann-Whitney + Holm)
 * and the rule CodSpeed and iai-callgrind users run (one run each, flag beyond ±X%).
 */
import { compareRuns } from '../../src/analysis/index.js';
import { COUNT_DEFAULTS } from '../../src/counts/defaults.js';
import type { AnalysisSettings, Run, Side } from '../../src/model.js';
import { replayCountLooks } from '../../src/analysis/decisions/count-looks.js';
import type { CountMember } from '../../src/analysis/decisions/count-rule.js';
import { createRng, type Rng } from '../../src/stats/index.js';

export const THRESHOLD_PCT = 2;
export const ALPHA = 0.05;

/** How the noise departs from the model the rule assumes (normal log counts, one spread). */
export interface CountScenario {
  key: string;
  name: string;
  /** Benchmarks whose spread is 3× the one drawn (the first `wider` of the suite). */
  wider: number;
  /** Log-scale noise: normal, or Student's t with 3 df at the same scale (heavy tails). */
  tails: 'normal' | 't3';
  /** Benchmarks in Go's failure mode (default GOMAXPROCS and GC): each count ×1 to ×500. */
  wild: number;
}

export const COUNT_SCENARIOS: CountScenario[] = [
  { key: 'a', name: '(a) spread as drawn, normal', wider: 0, tails: 'normal', wild: 0 },
  { key: 'b10', name: '(b) 10 of 100 spreads 3× larger', wider: 10, tails: 'normal', wild: 0 },
  { key: 'b100', name: '(b) every spread 3× larger', wider: 100, tails: 'normal', wild: 0 },
  { key: 'c', name: '(c) heavy tails: t, 3 df', wider: 0, tails: 't3', wild: 0 },
  { key: 'd', name: "(d) one benchmark in Go's 500× mode", wider: 0, tails: 'normal', wild: 1 },
];

/**
 * A benchmark's log-scale spread per op, drawn log-uniformly between 0.05% and 0.5%: three
 * repetitions of calibrated Go benchmarks spread 0.1–0.5% (range over median) in issue 20.
 */
const SPREAD = { min: 0.0005, max: 0.005 };

export interface SimulatedPr {
  /** Per benchmark, per side: COUNT_DEFAULTS.maxRepetitions per-op counts. */
  members: CountMember[];
  /** Index of the benchmark with the injected change, or -1. */
  changed: number;
}

function t3(rng: Rng): number {
  const chi2 = rng.normal() ** 2 + rng.normal() ** 2 + rng.normal() ** 2;
  return rng.normal() / Math.sqrt(chi2 / 3);
}

/** One simulated pull request of `benchmarks` benchmarks; the last one changed by `changePct`. */
export function simulatePr(rng: Rng, scenario: CountScenario, benchmarks: number, changePct: number): SimulatedPr {
  const reps = COUNT_DEFAULTS.maxRepetitions;
  const changed = changePct === 0 ? -1 : benchmarks - 1;
  const members = Array.from({ length: benchmarks }, (_, b): CountMember => {
    const perOp = Math.exp(Math.log(50) + rng.next() * Math.log(1e5));
    const sd = SPREAD.min * Math.exp(rng.next() * Math.log(SPREAD.max / SPREAD.min)) * (b < scenario.wider ? 3 : 1);
    // The wild ones sit just before the last benchmark (the changed one, when there is a change).
    const wild = b >= benchmarks - 1 - scenario.wild && b < benchmarks - 1;
    const draw = (factor: number): number[] =>
      Array.from({ length: reps }, () => {
        if (wild) return perOp * factor * Math.exp(rng.next() * Math.log(500));
        const e = scenario.tails === 't3' ? t3(rng) : rng.normal();
        return perOp * factor * Math.exp(sd * e);
      });
    return { id: `b${b}`, base: draw(1), head: draw(b === changed ? 1 + changePct / 100 : 1), thresholdPct: THRESHOLD_PCT };
  });
  return { members, changed };
}

export interface Flags {
  /** Per benchmark: +1 flagged slower, −1 faster, 0 not flagged. */
  flags: number[];
  /** Repetitions per side each benchmark used. */
  repetitions: number[];
  /** Benchmarks left inconclusive. */
  inconclusive: number;
}

/** The count rule, through the runner's loop as the analysis replays it. */
export function countRuleFlags(pr: SimulatedPr): Flags {
  const out = replayCountLooks(pr.members, { alpha: ALPHA });
  const flags: number[] = [];
  const repetitions: number[] = [];
  let inconclusive = 0;
  for (const m of pr.members) {
    const o = out.get(m.id)!;
    flags.push(o.verdict === 'regression' ? 1 : o.verdict === 'improvement' ? -1 : 0);
    repetitions.push(Math.max(o.repetitions.base, o.repetitions.head));
    if (o.verdict === 'inconclusive') inconclusive++;
  }
  return { flags, repetitions, inconclusive };
}

const PREVIOUS_SETTINGS: AnalysisSettings = { alpha: ALPHA, thresholdPct: THRESHOLD_PCT, correction: 'holm', sampling: 'run' };

/**
 * The previous design: every repetition a run holding every benchmark's per-op count as a
 * deterministic measurement, compared by compareRuns (the exact rule, else Mann-Whitney, Holm,
 * the threshold) at a fixed number of repetitions per side.
 */
export function previousDesignFlags(pr: SimulatedPr, reps: number): Flags {
  const runs: Run[] = [];
  for (let round = 1; round <= reps; round++) {
    for (const side of ['base', 'head'] as Side[]) {
      runs.push({
        suite: 's',
        side,
        round,
        position: side === 'base' ? 0 : 1,
        startedAt: '2026-01-01T00:00:00Z',
        wallMs: 1,
        cpuUserMs: null,
        cpuSysMs: null,
        maxRssKb: null,
        exitCode: 0,
        measurements: pr.members.map((m) => ({
          benchmark: m.id,
          metric: 'instructions',
          unit: 'instructions',
          better: 'lower',
          values: [m[side][round - 1]!],
          deterministic: true,
        })),
      });
    }
  }
  const verdicts = new Map(compareRuns(runs, PREVIOUS_SETTINGS).map((c) => [c.benchmark, c.verdict]));
  const flags = pr.members.map((m) => {
    const v = verdicts.get(m.id);
    return v === 'regression' ? 1 : v === 'improvement' ? -1 : 0;
  });
  return {
    flags,
    repetitions: pr.members.map(() => reps),
    inconclusive: pr.members.filter((m) => verdicts.get(m.id) === 'inconclusive').length,
  };
}

/** CodSpeed's and iai-callgrind users' rule: one run each, flag when |head / base − 1| > X%. */
export function fixedThresholdFlags(pr: SimulatedPr, pctLimit: number): Flags {
  const flags = pr.members.map((m) => {
    const change = (m.head[0]! / m.base[0]! - 1) * 100;
    return Math.abs(change) > pctLimit ? Math.sign(change) : 0;
  });
  return { flags, repetitions: pr.members.map(() => 1), inconclusive: 0 };
}

export interface RuleSpec {
  key: string;
  name: string;
  flags(pr: SimulatedPr): Flags;
  /** Simulated pull requests per cell, relative to the count rule's (compareRuns is slower). */
  share: number;
}

export const COUNT_RULES: RuleSpec[] = [
  { key: 'rule', name: 'count rule (this)', flags: countRuleFlags, share: 1 },
  { key: 'previous', name: 'previous: exact rule / Mann-Whitney + Holm, 6 reps', flags: (pr) => previousDesignFlags(pr, 6), share: 0.1 },
  { key: 'fixed2', name: 'fixed ±2%, one run each', flags: (pr) => fixedThresholdFlags(pr, 2), share: 1 },
  { key: 'fixed1', name: 'fixed ±1%, one run each', flags: (pr) => fixedThresholdFlags(pr, 1), share: 1 },
];

export interface CellResult {
  prs: number;
  /** Pull requests with at least one benchmark flagged that did not change. */
  falseAlarmPrs: number;
  /** Pull requests where the changed benchmark was flagged in its direction. */
  found: number;
  /** Median over all benchmarks of all pull requests of the repetitions used per side. */
  medianRepetitions: number;
  /** Share of benchmarks left inconclusive. */
  inconclusiveShare: number;
}

/** `prs` seeded pull requests of one scenario, one change, one rule. */
export function runCountCell(
  seed: number,
  scenario: CountScenario,
  changePct: number,
  rule: RuleSpec,
  prs: number,
  benchmarks = 100,
): CellResult {
  const rng = createRng(seed);
  let falseAlarmPrs = 0;
  let found = 0;
  let inconclusive = 0;
  const repHistogram = new Map<number, number>();
  for (let i = 0; i < prs; i++) {
    const pr = simulatePr(rng, scenario, benchmarks, changePct);
    const r = rule.flags(pr);
    if (r.flags.some((f, b) => f !== 0 && b !== pr.changed)) falseAlarmPrs++;
    if (pr.changed >= 0 && r.flags[pr.changed] === Math.sign(changePct)) found++;
    inconclusive += r.inconclusive;
    for (const n of r.repetitions) repHistogram.set(n, (repHistogram.get(n) ?? 0) + 1);
  }
  const total = prs * benchmarks;
  let seen = 0;
  let medianRepetitions = 0;
  for (const [n, count] of [...repHistogram].sort(([a], [b]) => a - b)) {
    seen += count;
    if (seen >= total / 2) {
      medianRepetitions = n;
      break;
    }
  }
  return { prs, falseAlarmPrs, found, medianRepetitions, inconclusiveShare: inconclusive / total };
}
