/**
 * Adaptive rounds on simulated pull requests, through the real driver (src/adaptive/driver.ts):
 * a job is simulated for the most rounds any rule may use, and each rule sees only the rounds it
 * asks for. Filtered rounds return only the open benchmarks, as a harness filter would.
 *
 * Beside the adaptive designs, on the same jobs: benchgate with fixed rounds (compareRuns, the
 * shipped defaults), the Holm t-test at fixed rounds, and tachometer's auto-sampling rule.
 */
import { runAdaptive, type AdaptiveResult } from '../../src/adaptive/driver.js';
import type { AdaptiveBudget } from '../../src/adaptive/driver.js';
import type { AdaptiveDesign } from '../../src/adaptive/design.js';
import type { Run } from '../../src/model.js';
import { createRng, studentTQuantile } from '../../src/stats/index.js';
import { DRIFTS, type DriftKey } from './drift.js';
import { seedOf } from './experiment.js';
import { benchmarkName, simulateJob, toRuns, type Job } from './job.js';
import { METHODS, type Flag } from './methods.js';
import { NOISE_MODELS, type NoiseKey } from './noise.js';
import { INTERLEAVED } from './schedules.js';

/** An adaptive rule: a design with its look schedule. */
export interface AdaptiveRule {
  design: AdaptiveDesign;
  budget: AdaptiveBudget;
}

/** A rule that is not adaptive-by-design, compared on the same jobs. */
export type AnchorKey = 'fixed-10' | 'fixed-20' | 't-holm-10' | 't-holm-20' | 'tachometer';

export interface AdaptiveCell {
  kind: 'adaptive';
  label: string;
  benchmarks: number;
  noise: NoiseKey;
  cv: number;
  /** Relative slowdown of benchmark 0 (0 in A/A cells). */
  slowdown: number;
  drift: DriftKey;
  /** Share of the noise common to both sides of a round (see JobSpec.roundShare). */
  roundShare: number;
  trials: number;
  rules: AdaptiveRule[];
  anchors: AnchorKey[];
  /** The anchors run on the first this-many jobs only (fixed-rounds benchgate is the slowest rule). */
  anchorTrials: number;
  /** Rounds simulated per job: the most any rule may use. */
  maxRounds: number;
}

export interface RuleResult {
  /** Share of jobs with a flag (either direction) on an unchanged benchmark. */
  falseAlarm: number;
  /** Share of jobs in which benchmark 0 was reported slower. */
  detected: number;
  /** Mean rounds the job ran (the last open benchmark's). */
  meanRounds: number;
  /** Mean rounds of benchmark 0 until its decision. */
  meanRoundsSlowed: number;
  /** Share of benchmark runs the filter saved against whole-suite rounds for the same rounds. */
  saved: number;
  /** Share of jobs that ended with every benchmark decided (none out of budget). */
  allDecided: number;
}

export interface AdaptiveCellResult {
  rules: RuleResult[];
  anchors: RuleResult[];
}

/** The job's runs of one round, with only the named benchmarks (null: all). */
function roundRuns(all: Run[], round: number, open: string[] | null): Run[] {
  const keep = open ? new Set(open) : null;
  return all
    .filter((r) => r.round === round)
    .map((r) => ({ ...r, measurements: keep ? r.measurements.filter((m) => keep.has(m.benchmark)) : r.measurements }));
}

async function runRule(rule: AdaptiveRule, runs: Run[]): Promise<AdaptiveResult> {
  return runAdaptive({
    design: rule.design,
    budget: rule.budget,
    canFilter: true,
    runRound: (round, open) => Promise.resolve(roundRuns(runs, round, open)),
    now: () => 0,
  });
}

/** The job as if only its first n rounds had run. */
function truncate(job: Job, n: number): Job {
  return {
    values: job.values.map((v) => ({ base: v.base.slice(0, n), head: v.head.slice(0, n) })),
    slots: job.slots.filter((s) => s.round <= n),
  };
}

function tInterval(x: number[], y: number[]): [number, number] {
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const variance = (a: number[], m: number) => a.reduce((s, v) => s + (v - m) ** 2, 0) / (a.length - 1);
  const mx = mean(x);
  const my = mean(y);
  const vx = variance(x, mx) / x.length;
  const vy = variance(y, my) / y.length;
  const se = Math.sqrt(vx + vy);
  const df = (vx + vy) ** 2 / (vx ** 2 / (x.length - 1) + vy ** 2 / (y.length - 1) || 1);
  const t = studentTQuantile(0.975, Math.max(1, df));
  return [my - mx - t * se, my - mx + t * se];
}

/**
 * tachometer's auto-sampling: after the first block, one more round at a time until every
 * benchmark's 95% interval of the change (Welch, on log values) lies clear of both horizons
 * (±threshold), or the budget ends. A benchmark whose interval clears a horizon on the far side
 * is flagged. No correction for the looks or for the number of benchmarks.
 */
function tachometer(job: Job, minRounds: number, maxRounds: number, thresholdPct: number): { flags: Flag[]; rounds: number[] } {
  const horizon = Math.log1p(thresholdPct / 100);
  return job.values.reduce(
    (acc, v) => {
      let flag: Flag = 0;
      let n = minRounds;
      for (; n <= maxRounds; n++) {
        const [lo, hi] = tInterval(v.base.slice(0, n).map(Math.log), v.head.slice(0, n).map(Math.log));
        const straddles = (h: number) => lo < h && hi > h;
        if (straddles(horizon) || straddles(-horizon)) continue;
        flag = lo >= horizon ? 1 : hi <= -horizon ? -1 : 0;
        break;
      }
      acc.flags.push(flag);
      acc.rounds.push(Math.min(n, maxRounds));
      return acc;
    },
    { flags: [] as Flag[], rounds: [] as number[] },
  );
}

function fixedFlags(anchor: AnchorKey, job: Job): { flags: Flag[]; rounds: number } {
  const n = Number(anchor.split('-').at(-1));
  const method = anchor.startsWith('fixed') ? METHODS.benchgate : METHODS['t-holm'];
  return { flags: method.flags(truncate(job, n)), rounds: n };
}

interface Tally {
  falseAlarms: number;
  detections: number;
  rounds: number;
  roundsSlowed: number;
  executed: number;
  wholeSuite: number;
  allDecided: number;
}

const emptyTally = (): Tally => ({ falseAlarms: 0, detections: 0, rounds: 0, roundsSlowed: 0, executed: 0, wholeSuite: 0, allDecided: 0 });

function count(t: Tally, flags: Flag[], slowed: boolean): void {
  const unchanged = slowed ? flags.slice(1) : flags;
  if (unchanged.some((f) => f !== 0)) t.falseAlarms++;
  if (slowed && flags[0] === 1) t.detections++;
}

function resultOf(t: Tally, trials: number): RuleResult {
  return {
    falseAlarm: t.falseAlarms / trials,
    detected: t.detections / trials,
    meanRounds: t.rounds / trials,
    meanRoundsSlowed: t.roundsSlowed / trials,
    saved: t.wholeSuite > 0 ? 1 - t.executed / t.wholeSuite : 0,
    allDecided: t.allDecided / trials,
  };
}

export async function runAdaptiveCell(cell: AdaptiveCell): Promise<AdaptiveCellResult> {
  const rng = createRng(seedOf(cell.label));
  const spec = {
    benchmarks: cell.benchmarks,
    rounds: cell.maxRounds,
    noise: NOISE_MODELS[cell.noise],
    cv: cell.cv,
    slowdown: cell.slowdown,
    schedule: INTERLEAVED,
    drift: DRIFTS[cell.drift],
    roundShare: cell.roundShare,
  };
  const slowed = cell.slowdown !== 0;
  const ruleTallies = cell.rules.map(emptyTally);
  const anchorTallies = cell.anchors.map(emptyTally);
  const index = new Map(Array.from({ length: cell.benchmarks }, (_, b) => [benchmarkName(b), b]));
  for (let trial = 0; trial < cell.trials; trial++) {
    const job = simulateJob(spec, rng);
    const runs = toRuns(job);
    for (const [i, rule] of cell.rules.entries()) {
      const result = await runRule(rule, runs);
      const flags: Flag[] = job.values.map(() => 0);
      let slowedRounds = 0;
      for (const o of result.outcomes) {
        const b = index.get(o.benchmark)!;
        if (o.verdict === 'regression') flags[b] = 1;
        else if (o.verdict === 'improvement') flags[b] = -1;
        if (b === 0) slowedRounds = o.rounds;
      }
      const t = ruleTallies[i]!;
      count(t, flags, slowed);
      t.rounds += result.rounds.length;
      t.roundsSlowed += slowedRounds;
      t.executed += result.rounds.reduce((s, r) => s + (r.open?.length ?? cell.benchmarks), 0);
      t.wholeSuite += result.rounds.length * cell.benchmarks;
      if (result.outcomes.every((o) => o.stop !== 'budget')) t.allDecided++;
    }
    for (const [i, anchor] of (trial < cell.anchorTrials ? cell.anchors : []).entries()) {
      const t = anchorTallies[i]!;
      if (anchor === 'tachometer') {
        const rule = cell.rules[0]!.budget;
        const r = tachometer(job, rule.minRounds, rule.maxRounds, cell.rules[0]!.design.thresholdPct);
        count(t, r.flags, slowed);
        const jobRounds = Math.max(...r.rounds);
        t.rounds += jobRounds;
        t.roundsSlowed += r.rounds[0]!;
        t.executed += r.rounds.reduce((s, n) => s + n, 0);
        t.wholeSuite += jobRounds * cell.benchmarks;
        if (r.rounds.every((n) => n < rule.maxRounds)) t.allDecided++;
      } else {
        const r = fixedFlags(anchor, job);
        count(t, r.flags, slowed);
        t.rounds += r.rounds;
        t.roundsSlowed += r.rounds;
        t.executed += r.rounds * cell.benchmarks;
        t.wholeSuite += r.rounds * cell.benchmarks;
      }
    }
  }
  const anchorTrials = Math.min(cell.trials, cell.anchorTrials);
  return { rules: ruleTallies.map((t) => resultOf(t, cell.trials)), anchors: anchorTallies.map((t) => resultOf(t, anchorTrials)) };
}
