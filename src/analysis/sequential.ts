/**
 * rounds auto in the analysis: the log's runs replayed, round by round, through the same loop
 * that chose them (src/adaptive/driver.ts), so that a log alone gives the run's verdicts:
 * `benchgate analyze` on a finished log, or on the log of a job killed mid-way (the benchmarks
 * its planned looks left open then close `incomplete`: no last look spends the alpha left). Each gating benchmark's verdict, and the data it is shown with, are
 * those of the look that closed it: rounds it ran after (a whole-suite round) are not used.
 */
import { SequentialRounds, type BenchmarkOutcome } from '../adaptive/driver.js';
import type { SequentialTestName } from '../adaptive/statistics.js';
import { seriesKey, type BenchmarkSeries, type Gates } from '../adaptive/samples.js';
import { ADAPTIVE_DESIGN } from '../adaptive/defaults.js';
import type { AdaptiveDesign } from '../adaptive/design.js';
import { gatePolicy } from './gating.js';
import type { AdaptiveRun, AdaptiveSettings, AnalysisSettings, Comparison, LogEnd, Run, ShardOf, Warning } from '../model.js';
import { owns } from './shards.js';

export interface SequentialReplay {
  /** By seriesKey: each gating benchmark's outcome. */
  outcomes: Map<string, BenchmarkOutcome>;
  adaptive: AdaptiveRun;
}

/** The sequential design a config or a log's settings describe. */
export function adaptiveDesign(settings: Pick<AnalysisSettings, 'alpha' | 'thresholdPct'>, adaptive: AdaptiveSettings): AdaptiveDesign {
  return {
    alpha: settings.alpha,
    thresholdPct: settings.thresholdPct,
    spending: adaptive.spending,
    test: adaptive.test,
    confLevel: ADAPTIVE_DESIGN.confLevel,
  };
}

/**
 * Which benchmarks the loop decides, and at what threshold: the analysis's gate policy, so that
 * an ignored benchmark neither runs extra rounds nor shares the family's alpha, a gate-metrics
 * one does, and a per-glob threshold holds at every look. The live run and the replay use it alike.
 */
export function sequentialPolicy(
  settings: AnalysisSettings,
  sharded?: { format: string; shard: ShardOf },
): { gates: Gates; thresholdOf: (s: BenchmarkSeries) => number } {
  const policy = gatePolicy(settings);
  // A shard's loop decides its own benchmarks only: another shard's, run by a broader filter, are not its to spend alpha on.
  const own = sharded ? owns(sharded.format, sharded.shard) : () => true;
  return {
    gates: (m) => policy(m).gating && own(m.benchmark),
    thresholdOf: (s) =>
      policy({ benchmark: s.benchmark, metric: s.metric, ...(s.complexityN !== undefined && { complexityN: s.complexityN }) }).thresholdPct,
  };
}

export function replaySequential(
  runs: readonly Run[],
  settings: AnalysisSettings,
  adaptive: AdaptiveSettings,
  end: LogEnd | null,
  sharded?: { format: string; shard: ShardOf },
): SequentialReplay {
  const byRound = new Map<number, Run[]>();
  for (const run of runs) byRound.set(run.round, [...(byRound.get(run.round) ?? []), run]);
  // A log cut off mid-round (killed, or a failed run) ends with one side of its last round: that
  // half round pairs nothing, so the last look is the round before it, as is the data shown.
  const last = Math.max(0, ...byRound.keys());
  if (last > 0 && new Set(byRound.get(last)!.map((r) => r.side)).size < 2) byRound.delete(last);
  let unreachable: string[] | null = null;
  const loop = new SequentialRounds({
    design: adaptiveDesign(settings, adaptive),
    // The clock is the live run's business: here the log's last round ends the loop.
    budget: { ...adaptive, maxTimeMs: 0 },
    canFilter: adaptive.filter,
    ...sequentialPolicy(settings, sharded),
    onLook: (look) => (unreachable ??= look.unreachable),
  });
  for (let next = loop.next(); next !== null; next = loop.next()) loop.add(next.round, byRound.get(next.round) ?? null);
  // A log that ended early gets no last look spending the alpha left: it never passes (exit 3).
  const result = loop.finish({ complete: end?.status === 'completed' });
  // A completed log that stops before the design did was stopped by its time budget.
  const stoppedBy =
    result.stoppedBy === 'log-ended' && end?.status === 'completed' && adaptive.maxTimeSec > 0 ? 'max-time' : result.stoppedBy;
  return {
    outcomes: new Map(result.outcomes.map((o) => [outcomeKey(o), o])),
    adaptive: {
      stoppedBy,
      looks: result.rounds.filter((r) => r.look).map((r) => r.round),
      open: result.rounds.map((r) => (r.open === null ? null : r.open.length)),
      notes: result.notes,
      // The first look's prediction, kept for the benchmarks it came true for (a large change may still be decided).
      unreachable: (unreachable ?? []).filter((name) => result.outcomes.some((o) => o.benchmark === name && o.verdict === 'inconclusive')),
    },
  };
}

/**
 * Noise the budget cannot beat: said early in the log (measure.ts: these may still be decided if
 * their change is large) and in the result (those that did end inconclusive).
 */
export function unreachableWarning(names: readonly string[], thresholdPct: number, maxRounds: number, ended: boolean): Warning {
  return {
    code: 'threshold-unreachable',
    message:
      `${names.length} benchmark(s) ${ended ? 'were' : 'are'} too noisy to be decided within ±${thresholdPct}% by round ${maxRounds} (first: ${JSON.stringify(names[0])}): ` +
      `${ended ? 'they ended' : 'unless their change is large, they will end'} inconclusive; raise max-rounds or the threshold, count instructions (measure: instructions), or use a quieter runner`,
  };
}

function outcomeKey(o: BenchmarkOutcome): string {
  return seriesKey(o.suite, {
    benchmark: o.benchmark,
    metric: o.metric,
    ...(o.complexityN !== undefined && { complexityN: o.complexityN }),
  });
}

/** The runs without the measurements each benchmark took after the look that closed it. */
export function withoutLaterRounds(runs: readonly Run[], outcomes: Map<string, BenchmarkOutcome>): Run[] {
  return runs.map((run) => {
    const kept = run.measurements.filter((m) => {
      const o = outcomes.get(seriesKey(run.suite, m));
      // A failure stays whenever it happened: a harness that fails a benchmark is an error (exit 3) even after its decision.
      return o === undefined || o.closedAt === 0 || run.round <= o.closedAt || m.failed !== undefined;
    });
    return kept.length === run.measurements.length ? run : { ...run, measurements: kept };
  });
}

/**
 * A gating comparison with the design's verdict: the boundaries at each look, not the
 * fixed-rounds correction, decide it. Its p and interval are the closing look's (the same data).
 */
export function applyOutcome(c: Comparison, o: BenchmarkOutcome, look: { name: SequentialTestName; level: number }): Comparison {
  // Failed, added or removed is the data's own state, whatever the looks said before it.
  const own = (v: string) => v === 'failed' || v === 'added' || v === 'removed';
  const verdict = own(c.verdict) || own(o.verdict) ? c.verdict : o.verdict;
  return {
    ...c,
    verdict,
    // The closing look's own test (signed-rank when the design pairs rounds); the design spends
    // alpha over the looks, so no fixed-rounds adjusted p applies.
    p: o.stat?.p ?? c.p,
    pAdjusted: null,
    // The design's test at the closing look, held to that look's level (analysis/family.ts).
    test: c.test && {
      ...c.test,
      name: look.name,
      ...(look.name === 'signed-rank' && { statistic: null, assumes: SIGNED_RANK_ASSUMES }),
      p: o.stat?.p ?? c.test.p,
      level: look.level,
    },
    roundsNeeded: verdict === 'inconclusive' ? c.roundsNeeded : null,
    sequential: { stop: o.stop, rounds: o.rounds, closedAt: o.closedAt, nominalP: o.nominalP },
    warnings: [
      ...c.warnings.filter((w) => w.code !== 'below-threshold' && w.code !== 'no-percent-change'),
      ...belowThreshold(c, o),
      ...(c.changePct === null && (verdict === 'regression' || verdict === 'improvement') ? [noPercentChange(c.thresholdPct)] : []),
    ],
  };
}

const SIGNED_RANK_ASSUMES = 'nothing about the shape: a rank test on the per-round differences, each round pairing base and head';

/** A base median of 0: no percent change to hold against the threshold (fixed rounds and looks alike). */
export function noPercentChange(thresholdPct: number): Warning {
  return {
    code: 'no-percent-change',
    message: `the base median is 0, so there is no percent change to hold against the ${thresholdPct}% threshold: judged on significance alone`,
  };
}

/** Significant at some look, but the change is within the threshold: unchanged, said as such. */
function belowThreshold(c: Comparison, o: BenchmarkOutcome): Warning[] {
  if (o.verdict !== 'unchanged' || !o.significant || o.stat === null) return [];
  const change = Math.abs(o.stat.change().changePct);
  return [{ code: 'below-threshold', message: `significant but ${change.toFixed(2)}% is below the ${c.thresholdPct}% threshold` }];
}
