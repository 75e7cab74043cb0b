/**
 * Interleaved rounds, the measuring loop of time mode (and of whole-process counts): fixed rounds
 * or `rounds: auto`'s looks, a shard's part of the suite, each run of each side appended to the
 * results log the moment it ends. measure.ts prepares the sides and opens the log; per-benchmark
 * counts are measure-counts.ts's.
 */
import { runAdaptive, type AdaptiveResult, type LookReport } from './adaptive/driver.js';
import { adaptiveDesign, sequentialPolicy, unreachableWarning } from './analysis/sequential.js';
import { cannotFailMessage, gatingFamily, planReach, plannedRounds } from './analysis/reach.js';
import { unsearchedMessage } from './analysis/searched.js';
import { shardShare } from './analysis/shards.js';
import { ConfigError, countScopeOf, type Config } from './config.js';
import { finishRunReading, startRunReading } from './environment.js';
import { FormatError } from './formats/types.js';
import type { AdaptiveSettings, Measurement, Run, ShardHeader, ShardOf, Side } from './model.js';
import type { Logger } from './platforms/types.js';
import { benchCall } from './runner/bench-call.js';
import { commandEnv } from './runner/command-env.js';
import { describeExit, lastLines } from './runner/describe-exit.js';
import { RunFailure } from './runner/errors.js';
import type { ExecResult } from './runner/exec.js';
import type { Executor } from './runner/executor.js';
import { openFilterEnv, wholeSuiteEnv, type FilterEnv } from './runner/filter-env.js';
import { watchWaste } from './runner/filter-waste.js';
import { execCounted, instructionMeasurement } from './runner/instructions.js';
import { listBenchmarks } from './runner/list-benchmarks.js';
import type { ResultsLog } from './runner/log.js';
import { checkNameLengths } from './runner/name-limit.js';
import { readRunResults } from './runner/run-results.js';
import type { RunAsUser } from './runner/run-as.js';
import { planRounds, type PlannedRound } from './runner/schedule.js';
import { checkShardRound, listedShardScope, shardScope, type ShardScope } from './runner/shard-scope.js';
import type { SteadyPlan } from './runner/steady.js';

/**
 * A plan whose smallest possible p cannot reach the level (analysis/reach.ts) is refused, exit 2,
 * naming the rounds it needs: before building with a family of one, and again once the first
 * round shows the real family, before the measured rounds (after round 1 when there is no warm-up).
 */
export function refuseUnfailableGate(config: Config, family: number): void {
  const reach = planReach(config, family);
  if (reach && !reach.canFail)
    throw new ConfigError(cannotFailMessage(reach, family, config.adaptive !== undefined, plannedRounds(config)));
}

/**
 * The first round run (a warm-up, when there is one) shows the suite's real names, before the
 * measured rounds: the gate must be able to fail for the real family, and a bisect's glob must find one.
 */
function checkFirstRound(config: Config, runs: readonly Run[], warmup: boolean): void {
  refuseUnfailableGate(config, gatingFamily(runs, config));
  if (config.searched === undefined) return;
  const printed = runs.flatMap((r) => r.measurements);
  const unsearched = unsearchedMessage(config.searched, config.format, printed, warmup ? 'the warm-up' : 'round 1');
  if (unsearched) throw new ConfigError(unsearched);
}

/** Command mode: no parser, the whole process's wall time (or instruction count) is the one measurement. */
function commandMeasurement(suite: string, r: ExecResult): Measurement[] {
  if (typeof r.instructions === 'number') return [instructionMeasurement(suite, r.instructions)];
  return [{ benchmark: suite, metric: 'time', unit: 's', better: 'lower', values: [r.wallMs / 1000] }];
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)} s`;
}

/** What every run of the rounds shares. */
interface RoundsContext {
  config: Config;
  logger: Logger;
  executor: Executor;
  dirs: Record<Side, string>;
  /** Null until a shard's warm-up has run. */
  log: ResultsLog | null;
  openShardLog: (header: ShardHeader) => ResultsLog;
  shard: ShardOf | undefined;
  /** A shard whose benchmarks the harness's list mode gave: its rounds, warm-ups included, run only its own. */
  listed: ShardScope | null;
  checkCancelled: () => void;
  steady: SteadyPlan;
  user: RunAsUser | undefined;
  /** Added to a failed base run's message: what bench-from: head copied into base (or ''). */
  baseHint: string;
  /** Runs that exited non-zero because the harness reported failed benchmarks. */
  harnessFailures: string[];
  /** For the live display: runs done of at most runsTotal, since startedMs. */
  counts: { runsDone: number; runsTotal: number; startedMs: number };
}

/** What measure.ts hands to the rounds. */
export type RoundsSetup = Omit<RoundsContext, 'harnessFailures' | 'counts'>;

/** The context of a plan's rounds: no failures yet, none of its runs (at most two a round) done. */
function startRounds(ctx: RoundsSetup, plan: PlannedRound[]): RoundsContext {
  return { ...ctx, harnessFailures: [], counts: { runsDone: 0, runsTotal: plan.length * 2, startedMs: Date.now() } };
}

const warmupLabel = (config: Config, planned: PlannedRound) => `warmup ${planned.round + config.warmup}/${config.warmup}`;

/** Fixed rounds (warm-up included); returns the harness failures to warn about. */
export async function runRounds(ctx: RoundsSetup): Promise<string[]> {
  const { config, logger } = ctx;
  const plan = planRounds(config.rounds, config.warmup, config.seed);
  const context = startRounds(ctx, plan);
  let scope: ShardScope | null = context.listed;
  if (scope?.filter === null) return context.harnessFailures;
  let filter = scope?.filter ?? wholeSuiteEnv(config);
  const warmup: Run[] = [];
  let roundsDone = 0;
  let familyChecked = false;
  const waste = watchWaste(config.format, (message) => logger.warn(message));
  for (const planned of plan) {
    if (context.shard && !planned.warmup && !scope) {
      scope = startShard(context, context.shard, warmup);
      if (scope.filter === null) break;
      filter = scope.filter;
    }
    const label = planned.warmup ? warmupLabel(config, planned) : `round ${planned.round}/${config.rounds}`;
    const roundStart = Date.now();
    const runs = await runRound(context, planned, label, filter);
    if (planned.warmup) warmup.push(...runs);
    if (scope) {
      checkShardRound(scope, runs, label);
      waste.shardRound(scope, runs);
    }
    // The first round (a warm-up, when there is one) shows the real family: can its gate fail?
    if (!familyChecked) checkFirstRound(config, runs, planned.warmup);
    familyChecked = true;
    roundsDone++;
    const eta = ((Date.now() - context.counts.startedMs) / roundsDone) * (plan.length - roundsDone);
    logger.info(
      `${label} (${planned.order.join(', ')}) ${formatDuration(Date.now() - roundStart)}${planned.warmup ? ' (discarded)' : `, ETA ${formatDuration(eta)}`}`,
    );
  }
  return context.harnessFailures;
}

/**
 * rounds auto: warm-up, then the sequential loop (src/adaptive/driver.ts) picks each round and
 * the benchmarks it is for, until every benchmark is decided or the budget is spent. The
 * analysis replays the log through the same loop (analysis/sequential.ts), so the verdicts
 * come from the log alone.
 */
export async function runAdaptiveRounds(ctx: RoundsSetup, adaptive: AdaptiveSettings): Promise<string[]> {
  const { config, logger } = ctx;
  const plan = planRounds(adaptive.maxRounds, config.warmup, config.seed);
  const context = startRounds(ctx, plan);
  if (context.listed?.filter === null) return context.harnessFailures;
  let whole = context.listed?.filter ?? wholeSuiteEnv(config);
  const warmup = await runWarmupRounds(context, plan, whole);
  // The first round run, warm-up or measured, checks that the gate can fail for the real family.
  let familyChecked = plan.some((p) => p.warmup);
  const scope = context.listed ?? (context.shard ? startShard(context, context.shard, warmup) : null);
  if (scope?.filter === null) return context.harnessFailures;
  if (scope) whole = scope.filter!;
  const measured = plan.filter((p) => !p.warmup);
  const names = new Set<string>(scope?.all);
  const waste = watchWaste(config.format, (message) => logger.warn(message));
  const announce = announceLooks(logger, config, adaptive);
  let lastLook: LookReport | null = null;
  const result = await runAdaptive({
    // A shard holds the share of alpha its benchmarks are of all listed (a weighted Bonferroni across shards; analysis/shards.ts replays it so).
    design: adaptiveDesign(scope ? { ...config, alpha: config.alpha * shardShare(scope.header) } : config, adaptive),
    budget: { ...adaptive, maxTimeMs: adaptive.maxTimeSec * 1000 },
    canFilter: adaptive.filter,
    ...sequentialPolicy(config, scope ? { format: config.format, shard: scope.header } : undefined),
    runRound: async (round, open) => {
      const roundStart = Date.now();
      const filter = open === null ? whole : openFilterEnv(config, open, [...names]);
      const label = `round ${round} (at most ${adaptive.maxRounds})${open === null ? '' : `, ${open.length} open`}`;
      const runs = await runRound(context, measured[round - 1]!, label, filter);
      if (scope && open === null) {
        checkShardRound(scope, runs, label);
        waste.shardRound(scope, runs);
      }
      // A whole-suite round after a look closed some: was it for them all?
      if (open === null && lastLook !== null && lastLook.decided > 0) waste.roundFor(round, lastLook.open, runs);
      if (!familyChecked) checkFirstRound(config, runs, false);
      familyChecked = true;
      for (const run of runs) for (const m of run.measurements) names.add(m.benchmark);
      logger.info(`${label} ${formatDuration(Date.now() - roundStart)}${filter.why ? ` (ran the whole suite: ${filter.why})` : ''}`);
      return runs;
    },
    onLook: (look) => {
      lastLook = look;
      announce(look);
    },
  });
  announceStop(logger, result, adaptive);
  return context.harnessFailures;
}

/** rounds: auto's warm-up rounds (discarded); the first checks that the gate can fail for the real family. */
async function runWarmupRounds(context: RoundsContext, plan: PlannedRound[], whole: FilterEnv): Promise<Run[]> {
  const { config, logger } = context;
  const warmup: Run[] = [];
  for (const [i, planned] of plan.filter((p) => p.warmup).entries()) {
    const runs = await runRound(context, planned, warmupLabel(config, planned), whole);
    if (context.listed) checkShardRound(context.listed, runs, warmupLabel(config, planned));
    warmup.push(...runs);
    logger.info(`${warmupLabel(config, planned)} (discarded)`);
    if (i === 0) checkFirstRound(config, runs, true);
  }
  return warmup;
}

/** Each look's line, and one warning the first time a look finds benchmarks max-rounds cannot decide. */
function announceLooks(logger: Logger, config: Config, adaptive: AdaptiveSettings): (look: LookReport) => void {
  let warnedUnreachable = false;
  return (look) => {
    logger.info(`look after round ${look.round}: ${look.decided} decided, ${look.open} still open`);
    if (!warnedUnreachable && look.unreachable.length > 0) {
      warnedUnreachable = true;
      logger.warn(unreachableWarning(look.unreachable, config.thresholdPct, adaptive.maxRounds, false).message);
    }
  };
}

function announceStop(logger: Logger, result: AdaptiveResult, adaptive: AdaptiveSettings): void {
  const why = {
    decided: 'every benchmark is decided',
    'max-rounds': `max-rounds (${adaptive.maxRounds}) reached`,
    'max-time': 'max-time reached',
    'log-ended': 'the log ended',
  };
  logger.info(`rounds auto stopped after ${result.rounds.length} round(s): ${why[result.stoppedBy]}`);
  for (const note of result.notes) logger.info(note);
}

/** A shard after its warm-up: which benchmarks are its own, and its log opened with them. */
function startShard(context: RoundsContext, shard: ShardOf, warmup: readonly Run[]): ShardScope {
  const scope = shardScope(context.config, shard, warmup);
  context.log = context.openShardLog(scope.header);
  announceShard(context.logger, scope, 'the warm-up');
  return scope;
}

/**
 * A shard's benchmarks from the harness's list mode on base and head, before any round; null when
 * it has none or it failed: the warm-up round lists them then (it must run: warmup 1 or more).
 */
export async function listShard(
  config: Config,
  logger: Logger,
  executor: Executor,
  shard: ShardOf,
  dirs: Record<Side, string>,
  user: RunAsUser | undefined,
): Promise<ShardScope | null> {
  const listed = await logger.group('list the benchmarks', () =>
    listBenchmarks(executor, config, dirs, (side) => commandEnv(side, 0, dirs, user), user),
  );
  if ('bySide' in listed) {
    const scope = listedShardScope(config, shard, listed.bySide);
    announceShard(logger, scope, 'the list mode');
    return scope;
  }
  if (config.warmup < 1)
    throw new RunFailure(
      `shard ${shard.index}/${shard.total}: cannot list the benchmarks (${listed.why}), and warmup is 0: set warmup to 1 or more`,
    );
  logger.info(`shard ${shard.index}/${shard.total}: the warm-up round lists the benchmarks (${listed.why})`);
  return null;
}

function announceShard(logger: Logger, scope: ShardScope, source: string): void {
  const { index, total, benchmarks, listed } = scope.header;
  logger.info(`shard ${index}/${total}: ${benchmarks.length} of the ${listed} benchmarks ${source} listed`);
  if (scope.filter === null) logger.info(`shard ${index}/${total} has no benchmark to measure`);
  else if (scope.filter.why)
    logger.warn(`shard ${index}/${total} runs the whole suite each round (${scope.filter.why}); only its own benchmarks count`);
}

/** One round: base and head in the planned order; measured runs are appended to the log as they end (warm-up runs are returned, not logged). */
async function runRound(ctx: RoundsContext, planned: PlannedRound, label: string, filter: FilterEnv): Promise<Run[]> {
  const runs: Run[] = [];
  for (const [position, side] of planned.order.entries()) {
    runs.push(await runSide(ctx, planned, side, position, label, filter));
  }
  return runs;
}

async function runSide(
  ctx: RoundsContext,
  planned: PlannedRound,
  side: Side,
  position: number,
  label: string,
  filter: FilterEnv,
): Promise<Run> {
  ctx.checkCancelled();
  const startedAt = new Date().toISOString();
  const reading = startRunReading();
  const r = await execSide(ctx, planned, side, label, filter);
  ctx.counts.runsDone++;
  ctx.checkCancelled();
  const run: Run = {
    suite: ctx.config.suite,
    side,
    round: planned.round,
    position,
    startedAt,
    wallMs: r.wallMs,
    cpuUserMs: r.cpuUserMs,
    cpuSysMs: r.cpuSysMs,
    maxRssKb: r.maxRssKb,
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    ...(filter.open && { open: filter.open }),
    measurements: [],
    env: finishRunReading(reading),
  };
  const failure = readMeasurements(ctx, r, run, planned, `${side} run in ${label}`);
  if (failure) run.error = failure;
  if (!planned.warmup) ctx.log!.append(run);
  if (failure) throw new RunFailure(`${side} run in ${label} failed: ${failure}\n${lastLines(r)}${side === 'base' ? ctx.baseHint : ''}`);
  return run;
}

/**
 * One side's bench command (as benchgate completes it: runner/bench-call.ts), timed (or counted);
 * the progress line shows what it prints as it goes. Its stdout is what the parser reads.
 */
async function execSide(ctx: RoundsContext, planned: PlannedRound, side: Side, label: string, filter: FilterEnv): Promise<ExecResult> {
  const { config, dirs, steady, counts, user, executor } = ctx;
  const show = ctx.logger.progress?.bind(ctx.logger);
  const progress = { label, side, runsDone: counts.runsDone, runsTotal: counts.runsTotal, startedMs: counts.startedMs };
  show?.(progress);
  const call = benchCall(config, user);
  const opts = {
    cwd: dirs[side],
    env: { ...commandEnv(side, planned.round, dirs, user), ...steady.env, ...filter.env },
    timeoutSec: config.timeoutSec,
    user,
    prefix: steady.prefix,
    // Harnesses that print as they go (go test, pytest, cargo bench) name the benchmark under way.
    ...(show && { onLine: (line: string) => show({ ...progress, lastLine: line }) }),
  };
  const counted = config.measure === 'instructions' && countScopeOf(config) === 'process';
  const r = await (counted ? execCounted(executor, call.command, opts) : executor.measured(call.command, opts));
  return { ...r, stdout: call.read(r) };
}

/** Fills `run.measurements` from what the run printed (`who`: "base run in round 3"); returns why it failed, or null. */
function readMeasurements(ctx: RoundsContext, r: ExecResult, run: Run, planned: PlannedRound, who: string): string | null {
  const { config } = ctx;
  if (r.timedOut || r.outputLimitExceeded || r.signal || (r.exitCode !== 0 && config.format === 'command')) {
    return `benchmark ${describeExit(r, config.timeoutSec)}`;
  }
  if (r.instructions === null)
    return r.instructionsError ?? 'valgrind counted no instructions (is the command a setuid or static program valgrind cannot follow?)';
  if (config.format === 'command') {
    run.measurements = commandMeasurement(config.suite, r);
    return null;
  }
  try {
    const read = readRunResults(r.stdout, config.format, ctx.dirs[run.side]);
    checkNameLengths(read.measurements, r.stdout, read.format, who);
    run.measurements = read.measurements;
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    return r.exitCode !== 0 ? `benchmark ${describeExit(r, 0)}` : `cannot read the benchmark output: ${err.message}`;
  }
  // Harnesses exit non-zero when they report a failed benchmark (libtest FAILED, go --- FAIL,
  // Catch2): the run still counts, its failed benchmarks are compared as `failed`, exit 3 at the end.
  if (r.exitCode !== 0) {
    if (!run.measurements.some((m) => m.failed !== undefined)) return `benchmark ${describeExit(r, 0)}`;
    if (!planned.warmup) ctx.harnessFailures.push(`${who} ${describeExit(r, 0)}`);
  }
  return null;
}
