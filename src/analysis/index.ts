/**
 * The analysis stage: a results log's runs and settings in, the whole result out (what
 * results.json holds and every report renders). Pure, and in one pass per step: the runs are
 * grouped once (group.ts), each group tested once (compare.ts), each comparison diagnosed once
 * (diagnose.ts); every step returns new values. See docs/architecture.md.
 */
import { markFromHead } from './from-head.js';
import { environmentDiagnostic } from '../diagnostics/environment-stability.js';
import { processCost } from '../diagnostics/cost.js';
import type {
  AdaptiveRun,
  AnalysisSettings,
  BenchmarkProfile,
  Comparison,
  ComparisonResult,
  FailedBenchmark,
  Failures,
  GateOverride,
  LogEnd,
  LogHeader,
  OverallVerdict,
  Run,
  RunSettings,
  Verdict,
  Warning,
} from '../model.js';
import { SCHEMA_VERSION } from '../model.js';
import { geomeanChange } from '../stats/index.js';
import { byReportOrder, compareGroups } from './compare.js';
import { withCountAttribution, withPassAttribution } from './attribution.js';
import { compareCounts, isCountRun } from './counts.js';
import { failOnItems, unmatchedGlobWarnings } from './gating.js';
import { cannotFailWarning, planReach, plannedRounds } from './reach.js';
import { diagnose } from './diagnose.js';
import { replaySequential, unreachableWarning, withoutLaterRounds } from './sequential.js';
import { groupRuns, type Group } from './group.js';
import { countParts, countShareAlpha, joinAdaptiveRuns, shardParts, shardShare } from './shards.js';
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import type { BenchmarkOutcome } from '../adaptive/driver.js';

const VERDICTS: Verdict[] = ['regression', 'improvement', 'unchanged', 'inconclusive', 'added', 'removed', 'failed'];

export interface AnalysisInput {
  header: LogHeader;
  runs: readonly Run[];
  /** The log's profile lines (decision 8): where a counted benchmark's change came from. */
  profiles?: readonly BenchmarkProfile[];
  /** The log's end line: a run that stopped on a failure is an error, and says why. */
  end: LogEnd | null;
  /** The header's settings, with any `benchgate analyze` overrides applied. */
  settings: RunSettings;
  /** A trusted label on the pull request that lets the gate pass (read by the platform at run time). */
  override?: GateOverride | null;
}

/**
 * Whether anything failed: a run (crash, timeout, unreadable output), the job before any run was
 * logged (a build), a benchmark its harness marked failed in any round, or no benchmark read at
 * all. The overall verdict is then `error` (unless a regression makes it `fail`), and the exit
 * code 3 either way.
 */
export function hasFailures(f: Failures): boolean {
  return f.runs.length > 0 || f.benchmarks.length > 0 || f.stopped !== null || f.noResults;
}

/**
 * Why the job stopped, when no logged run shows it: a failure no run shows (a build, a warmup
 * round), or a log that ended early (killed: no end line; cancelled). A log that ended early
 * never passes: its rounds are not the ones the design planned.
 */
function stoppedBy(end: LogEnd | null, runFailed: boolean): string | null {
  if (end === null) return 'incomplete run: the log ends early, with no end line (killed?)';
  if (end.status === 'cancelled') return `incomplete run: cancelled${end.message ? ` (${end.message.split('\n')[0]})` : ''}`;
  if (end.status === 'failed' && !runFailed) return end.message?.split('\n')[0] || 'no reason was logged';
  return null;
}

function failuresOf(runs: readonly Run[], groups: readonly Group[], end: LogEnd | null, counted: boolean): Failures {
  const failedRuns = runs
    .filter((r) => r.error !== undefined)
    .map((r) => ({ suite: r.suite, side: r.side, round: r.round, error: r.error! }));
  const benchmarks: FailedBenchmark[] = [];
  for (const g of groups) {
    for (const side of ['base', 'head'] as const) {
      const f = g.failures[side];
      if (f.runs === 0) continue;
      const { suite, benchmark, metric, complexityN } = g;
      benchmarks.push({ suite, benchmark, metric, ...(complexityN !== undefined && { complexityN }), side, runs: f.runs, first: f.first! });
    }
  }
  return {
    runs: failedRuns,
    benchmarks,
    // A failure that no logged run shows (a build, a warmup round) must still be in the report.
    stopped: stoppedBy(end, failedRuns.length > 0),
    noResults: groups.length === 0 && !counted,
  };
}

function overallVerdict(counts: Record<Verdict, number>, failures: Failures): OverallVerdict {
  if (counts.regression > 0) return 'fail';
  if (hasFailures(failures)) return 'error';
  return counts.inconclusive > 0 ? 'inconclusive' : 'pass';
}

/** Geometric mean of the head/base median ratios of the time comparisons. */
function geomeanOf(comparisons: readonly Comparison[]): ComparisonResult['geomean'] {
  const ratios: number[] = [];
  for (const c of comparisons) {
    if (c.metric === 'time' && c.base && c.head && c.base.median > 0 && c.head.median > 0) ratios.push(c.head.median / c.base.median);
  }
  return ratios.length > 0 ? geomeanChange(ratios) : null;
}

/**
 * Whether the gate fails: a gating regression under fail-on regression, a removed gating
 * benchmark under fail-on removed, unless the trusted override label is on the pull request
 * (the label lets a failed gate pass; the report stays).
 */
function gateOf(
  settings: RunSettings,
  counts: Record<Verdict, number>,
  override: GateOverride | null,
): Pick<ComparisonResult, 'gateFailed' | 'override'> {
  const failOn = failOnItems(settings.failOn);
  const failed = (failOn.includes('regression') && counts.regression > 0) || (failOn.includes('removed') && counts.removed > 0);
  return { gateFailed: failed && override === null, ...(failed && override !== null && { override }) };
}

/**
 * A saved result (results.json of another job, a fork's artifact) gated here: the gate is decided
 * again from its counts and settings, with this run's trusted label; whatever gate or override the
 * file itself claims is not taken.
 */
export function regate(result: ComparisonResult, override: GateOverride | null): ComparisonResult {
  const { override: _claimed, ...rest } = result;
  return { ...rest, ...gateOf(result.settings, result.counts, override) };
}

/** What every instruction-count result says once, whichever renderer shows it. */
export const COUNTS_CAN_MISS: Warning = {
  code: 'counts-can-miss',
  message:
    'instruction counts do not see I/O, time spent waiting in system calls, cache and memory effects or parallel speed-ups: measure time (a deep run) for those',
};

/** The comparisons of a set of runs (process cost included), without diagnostics: for simulations. */
export function compareRuns(runs: readonly Run[], settings: AnalysisSettings, format = 'command'): Comparison[] {
  return compareGroups(groupRuns(processCost(runs).runs, settings.sampling, format), settings).compared.map((x) => x.comparison);
}

/**
 * Replay (rounds auto), process cost and groups, per shard (analysis/shards.ts) or for the whole
 * unsharded log. A joined log's "(process)" rows are left out: each shard's process ran its own
 * part of the suite, so base and head of different shards measured different things.
 */
function analyseParts(header: LogHeader, runs: readonly Run[], settings: RunSettings, end: LogEnd | null) {
  const parts = shardParts(header, runs, settings.format);
  const outcomes = new Map<string, BenchmarkOutcome>();
  const adaptiveRuns: AdaptiveRun[] = [];
  const costWarnings: Warning[] = [];
  const groups: Group[] = [];
  for (const part of parts) {
    const sharded = part.shard ? { format: settings.format, shard: part.shard } : undefined;
    const partSettings = part.shard ? { ...settings, alpha: settings.alpha * shardShare(part.shard) } : settings;
    const replay = settings.adaptive ? replaySequential(part.runs, partSettings, settings.adaptive, end, sharded) : null;
    if (replay) {
      for (const [key, o] of replay.outcomes) outcomes.set(key, o);
      adaptiveRuns.push(replay.adaptive);
    }
    const cost = processCost(replay ? withoutLaterRounds(part.runs, replay.outcomes) : part.runs);
    costWarnings.push(...cost.warnings);
    const partGroups = groupRuns(cost.runs, settings.sampling, settings.format);
    groups.push(...(parts.length > 1 ? partGroups.filter((g) => g.benchmark !== PROCESS_BENCHMARK) : partGroups));
  }
  const sequential = settings.adaptive ? { outcomes, test: settings.adaptive.test, adaptive: joinAdaptiveRuns(adaptiveRuns) } : null;
  return { sequential, cost: { warnings: parts.length > 1 ? [] : costWarnings }, groups };
}

function ownsNothing(header: LogHeader): boolean {
  return header.shard !== undefined && header.shard.benchmarks.length === 0;
}

/** The whole analysis of one results log. */
export function analyze({ header, runs, profiles = [], end, settings, override = null }: AnalysisInput): ComparisonResult {
  // Per-benchmark count runs are decided by the count rule (analysis/counts.ts); the rest as before.
  // A shard's (or each joined shard's) counts at its share of the rule's alpha (analysis/shards.ts).
  // Their regressions and improvements then say where they came from (analysis/attribution.ts).
  const counted = withCountAttribution(
    countParts(header, runs.filter(isCountRun)).flatMap((part) =>
      compareCounts(part.runs, part.shard ? { ...settings, alpha: countShareAlpha(settings.alpha, part.shard) } : settings),
    ),
    profiles,
  );
  const suiteRuns = runs.filter((r) => !isCountRun(r));
  const { sequential, cost, groups } = analyseParts(header, suiteRuns, settings, end);
  const { compared, family } = compareGroups(groups, settings, sequential ?? undefined);
  const diagnosed = diagnose(compared);
  // Fixed rounds cut short: marked, so the reports can say what an undecided row's interval suggests (rows.ts).
  const endedEarly = !sequential && end?.status !== 'completed';
  const timed = withPassAttribution(
    endedEarly ? diagnosed.comparisons.map((c) => ({ ...c, endedEarly: true })) : diagnosed.comparisons,
    profiles,
    settings.format,
  );
  const comparisons = markFromHead(
    counted.length > 0 ? [...counted, ...timed].sort(byReportOrder) : timed,
    header.benchFiles,
    settings.format,
  );
  const environment = environmentDiagnostic(header.environment, runs);
  // A shard that owns no benchmark measured nothing, rightly.
  // A skipped run (skip-paths) measured nothing, rightly, too.
  const failures = failuresOf(runs, groups, end, counted.length > 0 || ownsNothing(header) || header.skipped !== undefined);
  // The gate's counts: a comparison that does not gate is shown, and counted apart.
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const c of comparisons) if (c.gating) counts[c.verdict]++;
  const warnings: Warning[] = [...(header.warnings ?? [])];
  if (failures.stopped !== null) warnings.push({ code: 'run-failed', message: `the run stopped: ${failures.stopped}` });
  if (failures.noResults) warnings.push({ code: 'no-benchmarks', message: 'no benchmark results were parsed from any run' });
  else if (!header.skipped) warnings.push(...unmatchedGlobWarnings(settings, groups));
  const reach = header.skipped ? null : planReach(settings, family);
  if (reach && !reach.canFail) warnings.push(cannotFailWarning(reach, family, settings.adaptive !== undefined, plannedRounds(settings)));
  if (sequential && sequential.adaptive.unreachable.length > 0) {
    warnings.push(unreachableWarning(sequential.adaptive.unreachable, settings.thresholdPct, settings.adaptive!.maxRounds, true));
  }
  if (settings.measure === 'instructions') warnings.push(COUNTS_CAN_MISS);
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: header.tool,
    base: header.base,
    head: header.head,
    seed: header.seed,
    settings,
    rounds: { planned: settings.rounds, completed: new Set(runs.filter((r) => r.side === 'head').map((r) => r.round)).size },
    ...(sequential && { adaptive: sequential.adaptive }),
    comparisons,
    verdict: overallVerdict(counts, failures),
    ...gateOf(settings, counts, override),
    counts,
    informational: comparisons.length - comparisons.filter((c) => c.gating).length,
    geomean: geomeanOf(comparisons),
    warnings: [...warnings, ...environment.warnings, ...cost.warnings, ...diagnosed.warnings],
    environment: { ...header.environment, stability: environment.numbers },
    ...(header.shards && { shards: header.shards }),
    ...(header.skipped && { skipped: header.skipped }),
    failures,
  };
}
