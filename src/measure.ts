/**
 * The measuring half of a comparison: refs -> worktrees -> builds -> interleaved rounds, each
 * run appended to the results log the moment it ends. I/O lives here and in the modules it
 * calls (git, runner, platform); what follows (analysis, reports) is conclude.ts's.
 */
import path from 'node:path';
import { runAdaptive, type AdaptiveResult, type LookReport } from './adaptive/driver.js';
import { expandFilterPlaceholder } from './harness/index.js';
import { openFilterEnv, wholeSuiteEnv, type FilterEnv } from './runner/filter-env.js';
import { checkShardable, ConfigError, countScopeOf, DEFAULTS, runSettingsOf, type Config } from './config.js';
import { collectEnvironment, finishRunReading, startRunReading, type RunnerFacts } from './environment.js';
import { readRunResults } from './runner/run-results.js';
import { FormatError } from './formats/types.js';
import { createWorktrees, type Worktrees } from './git.js';
import {
  SCHEMA_VERSION,
  type AdaptiveSettings,
  type BenchFilesHeader,
  type LogHeader,
  type Measurement,
  type RefInfo,
  type Run,
  type ShardHeader,
  type ShardOf,
  type Side,
  type SkippedRun,
  type Warning,
} from './model.js';
import type { Platform } from './platforms/types.js';
import { chooseComparison, resolveComparison, type Comparison } from './refs.js';
import { commandEnvironment, PASS_ENV_VARIABLE, withheldVariables } from './runner/env.js';
import { explainErrorLine } from './runner/error-line.js';
import { execMeasured, killActiveCommands, MAX_STDOUT_BYTES, type ExecResult } from './runner/exec.js';
import { Cancelled, RunFailure } from './runner/errors.js';
import { execCounted, instructionMeasurement, requireValgrind } from './runner/instructions.js';
import { ResultsLog } from './runner/log.js';
import { changedFiles, skipDecision } from './runner/skip-paths.js';
import { skippedSentence } from './report/skipped.js';
import { checkNameLengths } from './runner/name-limit.js';
import { planRounds, type PlannedRound } from './runner/schedule.js';
import { planSteadiness, type SteadyPlan } from './runner/steady.js';
import { handOver, lookupRunAs, runAsEnv, type RunAsUser } from './runner/run-as.js';
import { reviewWarnings, workingDirectoryIn } from './trust.js';
import { VERSION } from './version.js';
import { measureCounts } from './measure-counts.js';
import { countPolicy } from './counts-policy.js';
import { adaptiveDesign, sequentialPolicy, unreachableWarning } from './analysis/sequential.js';
import { cannotFailMessage, gatingFamily, planReach, plannedRounds } from './analysis/reach.js';
import { shardShare } from './analysis/shards.js';
import { benchFilesFailureHint, benchFilesWarning, prepareBenchFiles } from './bench-from-head.js';
import { checkShardRound, listedShardScope, shardScope, type ShardScope } from './runner/shard-scope.js';
import { listBenchmarks } from './runner/list-benchmarks.js';

/** The results log's file name, inside the output directory. */
export const LOG_FILE = 'results.jsonl';

/** The results log's path, inside config.outDir. */
function logPath(config: Config): string {
  return path.join(config.outDir, LOG_FILE);
}

function lastLines(r: ExecResult): string {
  return r.tail
    .slice(-10)
    .map((l) => `  | ${l}`)
    .join('\n');
}

function describeExit(r: ExecResult, timeoutSec: number): string {
  if (r.outputLimitExceeded) return `printed more than ${MAX_STDOUT_BYTES / 2 ** 20} MiB on stdout, benchgate's limit: print less`;
  if (r.timedOut) return `timed out after ${timeoutSec} s (--timeout)`;
  if (r.signal) return `killed by ${r.signal}`;
  // The line that says why, wherever it was (a stack's tail hides it), with a hint when it is known.
  return `exited with code ${r.exitCode}${r.errorLine === null ? '' : `: ${explainErrorLine(r.errorLine)}`}`;
}

/** Command mode: no parser, the whole process's wall time (or instruction count) is the one measurement. */
function commandMeasurement(suite: string, r: ExecResult): Measurement[] {
  if (typeof r.instructions === 'number') return [instructionMeasurement(suite, r.instructions)];
  return [{ benchmark: suite, metric: 'time', unit: 's', better: 'lower', values: [r.wallMs / 1000] }];
}

/** Watches SIGINT/SIGTERM for the duration of a run; the loop checks `signal` between steps. */
function watchSignals() {
  const state: { signal: NodeJS.Signals | null; dispose(): void } = {
    signal: null,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
  function onSignal(signal: NodeJS.Signals) {
    state.signal = signal;
    killActiveCommands();
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return state;
}

/** What measure() has opened, for its catch to end the log and its finally to remove the worktrees. */
interface Opened {
  log: ResultsLog | null;
  worktrees: Worktrees | null;
}

/** What the stages of one comparison share. */
interface Measuring {
  config: Config;
  platform: Platform;
  /** The results log's path. */
  file: string;
  opened: Opened;
  checkCancelled: () => void;
  shard: ShardOf | undefined;
}

/** Checked before anything is built: what the runs need from this machine, and who runs them. */
interface Preflight {
  valgrind: string | undefined;
  steady: SteadyPlan;
  user: RunAsUser | undefined;
}

/** Each side's working directory in its worktree, and what bench-from: head copied into base. */
interface PreparedSides {
  dirs: Record<Side, string>;
  benchFiles: BenchFilesHeader | undefined;
  /** Added to a failed base build's or run's message ('' without bench-from: head). */
  baseHint: string;
}

/** Opens the results log (with the calibrated work or a shard's header once known) as `opened.log`. */
type OpenLog = (countPlan?: LogHeader['countPlan'], shardHeader?: ShardHeader) => ResultsLog;

/**
 * Runs the rounds into the results log and returns its path. A failed build or run ends the
 * log early but still returns it, so what was measured is reported (and the exit code is 3);
 * anything else (a cancel, a bad ref) throws.
 */
export async function measure(config: Config, platform: Platform): Promise<string> {
  const repo = path.resolve(config.repoDir);
  platform.configure?.(config);
  const shard = config.shard ?? platform.defaultShard?.() ?? undefined;
  if (shard && !config.shard) checkShardable(config, shard, 'CI_NODE_INDEX/CI_NODE_TOTAL');
  const comparison = chooseComparison({ base: config.base, head: config.head }, platform.defaultComparison(), DEFAULTS.head);
  if (!comparison) {
    throw new ConfigError('no base commit: pass --base <ref> (e.g. --base origin/main), or run in a pull/merge request pipeline');
  }
  // Watched from here to the finally below, which stops watching whatever happens in between.
  const signals = watchSignals();
  const checkCancelled = () => {
    if (signals.signal) throw new Cancelled(signals.signal);
  };
  const m: Measuring = { config, platform, file: logPath(config), opened: { log: null, worktrees: null }, checkCancelled, shard };
  try {
    return await measureComparison(m, repo, comparison);
  } catch (err) {
    const cancelled = err instanceof Cancelled;
    m.opened.log?.end(cancelled ? 'cancelled' : 'failed', (err as Error).message);
    if (err instanceof RunFailure && m.opened.log) {
      // Report what was measured before the failure; the log's failure makes the exit code 3.
      platform.warn(err.message);
      return m.file;
    }
    throw err;
  } finally {
    platform.progress?.(null);
    signals.dispose();
    await m.opened.worktrees?.remove();
  }
}

/** The checks, the refs, skip-paths, the worktrees, then the counts or the rounds; returns the log's path. */
async function measureComparison(m: Measuring, repo: string, comparison: Comparison): Promise<string> {
  const { config, platform, file } = m;
  const preflight = checkBeforeBuilding(config, platform);
  const runner: RunnerFacts = { steady: preflight.steady.checks, valgrind: preflight.valgrind };
  const { base, head } = await resolveRefs(repo, comparison, config, platform);
  const setup = await reviewWarnings(config, repo, base.sha, head.sha);
  for (const w of setup) platform.warn(w.message);
  const skipped = await skipByPaths(config, repo, base.sha, head.sha, platform);
  if (skipped) {
    // Nothing built or run: a log of no runs that says why, so the publish job passes the gate too.
    const log = (m.opened.log = new ResultsLog(file, { ...logHeader(config, base, head, runner, setup), skipped }));
    platform.info(skippedSentence(skipped));
    log.end('completed');
    return file;
  }
  m.checkCancelled();
  const sides = await prepareSides(m, repo, { base: base.sha, head: head.sha }, preflight.user);
  const warnings = sides.benchFiles ? [...setup, benchFilesWarning(sides.benchFiles)] : setup;
  const openLog: OpenLog = (countPlan, shardHeader) => {
    const opened = new ResultsLog(file, logHeader(config, base, head, runner, warnings, countPlan, shardHeader, sides.benchFiles));
    platform.info(`results log: ${file}`);
    if (opened.kept) platform.info(`the earlier results log there is kept as ${opened.kept}`);
    return (m.opened.log = opened);
  };
  reportWithheldVariables(platform);
  if (config.countTarget) await measureByCounts(m, sides, preflight.user, openLog);
  else await measureByRounds(m, sides, preflight, openLog);
  return file;
}

/** Instruction mode, the steadier-machine options, run-as and a gate that could not fail even for one benchmark. */
function checkBeforeBuilding(config: Config, platform: Platform): Preflight {
  refuseUnfailableGate(config, 1);
  // A harness that prints its own counts runs its own valgrind (or perf counters): benchgate wraps nothing.
  const valgrind = config.measure === 'instructions' && countScopeOf(config) !== 'harness' ? requireValgrind() : undefined;
  const steady = planSteadiness(config);
  const user = config.runAs === undefined ? undefined : lookupRunAs(config.runAs);
  if (user && config.countTarget) {
    throw new ConfigError(
      'run-as does not yet apply to per-benchmark counts (measure: instructions with a go test command): leave run-as unset, or count the whole process with bench-command',
    );
  }
  for (const c of steady.checks) {
    if (c.applied) platform.info(`${c.option}: ${c.detail}`);
    else platform.warn(`${c.option} skipped: ${c.detail}`);
  }
  return { valgrind, steady, user };
}

/** The two commits compared, announced with the seed that repeats this round order. */
async function resolveRefs(repo: string, comparison: Comparison, config: Config, platform: Platform) {
  const { base, head } = await platform.group('resolve refs', () => resolveComparison(repo, comparison, (m) => platform.info(m)));
  platform.info(`base ${base.ref} = ${base.sha}`);
  platform.info(`head ${head.ref} = ${head.sha}`);
  if (head.chosen) platform.info(`compared: ${head.chosen.why}`);
  platform.info(`seed ${config.seed} (pass --seed ${config.seed} to repeat this round order)`);
  return { base, head };
}

/** The worktrees (handed to run-as's user), each side's working directory, and bench-from's copy into base. */
async function prepareSides(m: Measuring, repo: string, shas: Record<Side, string>, user: RunAsUser | undefined): Promise<PreparedSides> {
  const { config, platform } = m;
  const wt = (m.opened.worktrees = await createWorktrees(repo, shas.base, shas.head, (msg) => platform.warn(msg)));
  if (user) {
    await handOver(path.dirname(wt.base), user);
    platform.info(`build and bench run as ${user.name} (uid ${user.uid})`);
  }
  // Before any build: a directory one side lacks, or a link out of the worktree, is a config error.
  const dirs: Record<Side, string> = {
    base: workingDirectoryIn(wt.base, config.workingDirectory, 'base'),
    head: workingDirectoryIn(wt.head, config.workingDirectory, 'head'),
  };
  // bench-from: head: head's benchmark files go into base before its build (docs/bench-from.md).
  const benchFiles = await prepareBenchFiles({
    config,
    worktrees: { base: wt.base, head: wt.head },
    shas,
    info: (msg) => platform.info(msg),
    buildBase: () => buildSides(config.build!, ['base'], platform, dirs, m.checkCancelled, user),
    listBase: () => benchmarksPrinted(config, dirs.base, commandEnv('base', 0, dirs, user), user),
  });
  m.checkCancelled();
  return { dirs, benchFiles, baseHint: benchFilesFailureHint(benchFiles) };
}

function reportWithheldVariables(platform: Platform): void {
  const withheld = withheldVariables(process.env);
  if (withheld.length > 0)
    platform.info(
      `withheld from build and bench commands (not on the allow-list of docs/security.md): ${withheld.join(', ')} (pass one through with ${PASS_ENV_VARIABLE}=NAME,...)`,
    );
}

/** Per-benchmark counts: both sides built, then the log opens once the calibrated work (its header's countPlan) is known. */
async function measureByCounts(m: Measuring, sides: PreparedSides, user: RunAsUser | undefined, openLog: OpenLog): Promise<void> {
  const { config, platform } = m;
  if (config.build) await buildSides(config.build, ['base', 'head'], platform, sides.dirs, m.checkCancelled, user, sides.baseHint);
  const log = (m.opened.log = await measureCounts({
    config,
    platform,
    dirs: sides.dirs,
    env: (side) => commandEnv(side, 0, sides.dirs, user),
    checkCancelled: m.checkCancelled,
    shard: m.shard,
    openLog,
    policy: countPolicy,
  }));
  log.end('completed');
}

/** Interleaved rounds, fixed or adaptive. A shard's log opens once its warm-up has listed the benchmarks (its header names the shard's). */
async function measureByRounds(m: Measuring, sides: PreparedSides, preflight: Preflight, openLog: OpenLog): Promise<void> {
  const { config, platform, shard } = m;
  if (!shard) openLog();
  if (config.build)
    await buildSides(config.build, ['base', 'head'], platform, sides.dirs, m.checkCancelled, preflight.user, sides.baseHint);
  const listed = shard ? await listShard(config, platform, shard, sides.dirs, preflight.user) : null;
  if (listed) openLog(undefined, listed.header);
  const rounds = {
    config,
    platform,
    dirs: sides.dirs,
    log: m.opened.log,
    openShardLog: (h: ShardHeader) => openLog(undefined, h),
    shard,
    listed,
    checkCancelled: m.checkCancelled,
    steady: preflight.steady,
    user: preflight.user,
    baseHint: sides.baseHint,
  };
  const harnessFailures = config.adaptive ? await runAdaptiveRounds(rounds, config.adaptive) : await runRounds(rounds);
  m.opened.log!.end('completed');
  if (harnessFailures.length > 0) {
    platform.warn(
      `${harnessFailures.length} run(s) reported failed benchmarks (first: ${harnessFailures[0]}); they are compared as failed`,
    );
  }
}

/**
 * A plan whose smallest possible p cannot reach the level (analysis/reach.ts) is refused, exit 2,
 * naming the rounds it needs: before building with a family of one, and again once the first
 * round shows the real family, before the measured rounds (after round 1 when there is no warm-up).
 */
function refuseUnfailableGate(config: Config, family: number): void {
  const reach = planReach(config, family);
  if (reach && !reach.canFail)
    throw new ConfigError(cannotFailMessage(reach, family, config.adaptive !== undefined, plannedRounds(config)));
}

function logHeader(
  config: Config,
  base: RefInfo,
  head: RefInfo,
  runner: RunnerFacts,
  warnings: Warning[],
  countPlan?: LogHeader['countPlan'],
  shard?: ShardHeader,
  benchFiles?: LogHeader['benchFiles'],
): LogHeader {
  return {
    type: 'header',
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'benchgate', version: VERSION },
    base,
    head,
    seed: config.seed,
    config: runSettingsOf(config),
    environment: collectEnvironment(runner),
    startedAt: new Date().toISOString(),
    ...(warnings.length > 0 && { warnings }),
    ...(countPlan && { countPlan }),
    ...(shard && { shard }),
    ...(benchFiles && { benchFiles }),
  };
}

/**
 * skip-paths on a pull or merge request: the skip when every changed file matches, else null.
 * Anything else is measured: a push or recording run (main's history has no gaps), and a change
 * git could not list.
 */
async function skipByPaths(config: Config, repo: string, baseSha: string, headSha: string, platform: Platform): Promise<SkippedRun | null> {
  if (config.skipPaths.length === 0) return null;
  if (!config.governance) {
    platform.info('skip-paths: not a pull or merge request, so measured (pushes and recording runs never skip)');
    return null;
  }
  if (config.governance.event.startsWith('issue_comment')) {
    platform.info('skip-paths: a run someone asked for (/benchmark), so measured');
    return null;
  }
  let changed: Awaited<ReturnType<typeof changedFiles>>;
  try {
    changed = await changedFiles(repo, baseSha, headSha);
  } catch (err) {
    platform.warn(`skip-paths: could not list the changed files, so measured: ${(err as Error).message}`);
    return null;
  }
  const skipped = skipDecision(changed.mergeBase, changed.files, config.skipPaths);
  if (!skipped) platform.info(`skip-paths: ${changed.files.length} changed file(s), not all matching, so measured`);
  return skipped;
}

/**
 * Builds each side in its own worktree (base first), streaming output prefixed by side; a failure
 * on base adds `baseHint` (what bench-from: head copied into it).
 */
async function buildSides(
  build: string,
  sides: readonly Side[],
  platform: Platform,
  dirs: Record<Side, string>,
  checkCancelled: () => void,
  user?: RunAsUser,
  baseHint = '',
) {
  for (const side of sides) {
    checkCancelled();
    await platform.group(`build ${side}`, async () => {
      const r = await execMeasured(build, {
        cwd: dirs[side],
        env: commandEnv(side, 0, dirs, user),
        timeoutSec: 0,
        user,
        onLine: (line) => platform.info(`[${side}] ${line}`),
      });
      checkCancelled();
      if (r.exitCode !== 0)
        throw new RunFailure(`build failed on ${side}: ${describeExit(r, 0)}\n${lastLines(r)}${side === 'base' ? baseHint : ''}`);
    });
  }
}

/** The benchmark names one whole-suite run prints in `cwd`, or null when the run or its output failed (bench-from: head). */
async function benchmarksPrinted(
  config: Config,
  cwd: string,
  env: NodeJS.ProcessEnv,
  user: RunAsUser | undefined,
): Promise<string[] | null> {
  const r = await execMeasured(expandFilterPlaceholder(config.bench), {
    cwd,
    env: { ...env, ...wholeSuiteEnv(config).env },
    timeoutSec: config.timeoutSec,
    user,
  });
  if (r.exitCode !== 0 || r.timedOut || r.signal || r.outputLimitExceeded) return null;
  try {
    return [...new Set(readRunResults(r.stdout, config.format, cwd).measurements.map((m) => m.benchmark))];
  } catch (err) {
    // A base with no benchmark at all prints none: every row is the copy's.
    if (err instanceof FormatError) return [];
    throw err;
  }
}

function commandEnv(side: Side, round: number, dirs: Record<Side, string>, user: RunAsUser | undefined): NodeJS.ProcessEnv {
  return commandEnvironment(process.env, {
    ...(user && runAsEnv(user)),
    BENCHGATE_SIDE: side,
    BENCHGATE_ROUND: String(round),
    BENCHGATE_WORKTREE: dirs[side],
    BENCHGATE_BASE_DIR: dirs.base,
    BENCHGATE_HEAD_DIR: dirs.head,
  });
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)} s`;
}

/** What every run of the rounds shares. */
interface RoundsContext {
  config: Config;
  platform: Platform;
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

/** The context of a plan's rounds: no failures yet, none of its runs (at most two a round) done. */
function startRounds(ctx: Omit<RoundsContext, 'harnessFailures' | 'counts'>, plan: PlannedRound[]): RoundsContext {
  return { ...ctx, harnessFailures: [], counts: { runsDone: 0, runsTotal: plan.length * 2, startedMs: Date.now() } };
}

const warmupLabel = (config: Config, planned: PlannedRound) => `warmup ${planned.round + config.warmup}/${config.warmup}`;

/** Fixed rounds (warm-up included); returns the harness failures to warn about. */
async function runRounds(ctx: Omit<RoundsContext, 'harnessFailures' | 'counts'>): Promise<string[]> {
  const { config, platform } = ctx;
  const plan = planRounds(config.rounds, config.warmup, config.seed);
  const context = startRounds(ctx, plan);
  let scope: ShardScope | null = context.listed;
  if (scope?.filter === null) return context.harnessFailures;
  let filter = scope?.filter ?? wholeSuiteEnv(config);
  const warmup: Run[] = [];
  let roundsDone = 0;
  let familyChecked = false;
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
    if (scope) checkShardRound(scope, runs, label);
    // The first round (a warm-up, when there is one) shows the real family: can its gate fail?
    if (!familyChecked) refuseUnfailableGate(config, gatingFamily(runs, config));
    familyChecked = true;
    roundsDone++;
    const eta = ((Date.now() - context.counts.startedMs) / roundsDone) * (plan.length - roundsDone);
    platform.info(
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
async function runAdaptiveRounds(ctx: Omit<RoundsContext, 'harnessFailures' | 'counts'>, adaptive: AdaptiveSettings): Promise<string[]> {
  const { config, platform } = ctx;
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
      if (scope && open === null) checkShardRound(scope, runs, label);
      if (!familyChecked) refuseUnfailableGate(config, gatingFamily(runs, config));
      familyChecked = true;
      for (const run of runs) for (const m of run.measurements) names.add(m.benchmark);
      platform.info(`${label} ${formatDuration(Date.now() - roundStart)}${filter.why ? ` (ran the whole suite: ${filter.why})` : ''}`);
      return runs;
    },
    onLook: announceLooks(platform, config, adaptive),
  });
  announceStop(platform, result, adaptive);
  return context.harnessFailures;
}

/** rounds: auto's warm-up rounds (discarded); the first checks that the gate can fail for the real family. */
async function runWarmupRounds(context: RoundsContext, plan: PlannedRound[], whole: FilterEnv): Promise<Run[]> {
  const { config, platform } = context;
  const warmup: Run[] = [];
  for (const [i, planned] of plan.filter((p) => p.warmup).entries()) {
    const runs = await runRound(context, planned, warmupLabel(config, planned), whole);
    if (context.listed) checkShardRound(context.listed, runs, warmupLabel(config, planned));
    warmup.push(...runs);
    platform.info(`${warmupLabel(config, planned)} (discarded)`);
    if (i === 0) refuseUnfailableGate(config, gatingFamily(runs, config));
  }
  return warmup;
}

/** Each look's line, and one warning the first time a look finds benchmarks max-rounds cannot decide. */
function announceLooks(platform: Platform, config: Config, adaptive: AdaptiveSettings): (look: LookReport) => void {
  let warnedUnreachable = false;
  return (look) => {
    platform.info(`look after round ${look.round}: ${look.decided} decided, ${look.open} still open`);
    if (!warnedUnreachable && look.unreachable.length > 0) {
      warnedUnreachable = true;
      platform.warn(unreachableWarning(look.unreachable, config.thresholdPct, adaptive.maxRounds, false).message);
    }
  };
}

function announceStop(platform: Platform, result: AdaptiveResult, adaptive: AdaptiveSettings): void {
  const why = {
    decided: 'every benchmark is decided',
    'max-rounds': `max-rounds (${adaptive.maxRounds}) reached`,
    'max-time': 'max-time reached',
    'log-ended': 'the log ended',
  };
  platform.info(`rounds auto stopped after ${result.rounds.length} round(s): ${why[result.stoppedBy]}`);
  for (const note of result.notes) platform.info(note);
}

/** A shard after its warm-up: which benchmarks are its own, and its log opened with them. */
function startShard(context: RoundsContext, shard: ShardOf, warmup: readonly Run[]): ShardScope {
  const scope = shardScope(context.config, shard, warmup);
  context.log = context.openShardLog(scope.header);
  announceShard(context.platform, scope, 'the warm-up');
  return scope;
}

/**
 * A shard's benchmarks from the harness's list mode on base and head, before any round; null when
 * it has none or it failed: the warm-up round lists them then (it must run: warmup 1 or more).
 */
async function listShard(
  config: Config,
  platform: Platform,
  shard: ShardOf,
  dirs: Record<Side, string>,
  user: RunAsUser | undefined,
): Promise<ShardScope | null> {
  const listed = await platform.group('list the benchmarks', () =>
    listBenchmarks(config, dirs, (side) => commandEnv(side, 0, dirs, user), user),
  );
  if ('bySide' in listed) {
    const scope = listedShardScope(config, shard, listed.bySide);
    announceShard(platform, scope, 'the list mode');
    return scope;
  }
  if (config.warmup < 1)
    throw new RunFailure(
      `shard ${shard.index}/${shard.total}: cannot list the benchmarks (${listed.why}), and warmup is 0: set warmup to 1 or more`,
    );
  platform.info(`shard ${shard.index}/${shard.total}: the warm-up round lists the benchmarks (${listed.why})`);
  return null;
}

function announceShard(platform: Platform, scope: ShardScope, source: string): void {
  const { index, total, benchmarks, listed } = scope.header;
  platform.info(`shard ${index}/${total}: ${benchmarks.length} of the ${listed} benchmarks ${source} listed`);
  if (scope.filter === null) platform.info(`shard ${index}/${total} has no benchmark to measure`);
  else if (scope.filter.why)
    platform.warn(`shard ${index}/${total} runs the whole suite each round (${scope.filter.why}); only its own benchmarks count`);
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

/** One side's bench command, timed (or counted); the progress line shows what it prints as it goes. */
function execSide(ctx: RoundsContext, planned: PlannedRound, side: Side, label: string, filter: FilterEnv): Promise<ExecResult> {
  const { config, dirs, steady, counts, user } = ctx;
  const show = ctx.platform.progress?.bind(ctx.platform);
  const progress = { label, side, runsDone: counts.runsDone, runsTotal: counts.runsTotal, startedMs: counts.startedMs };
  show?.(progress);
  return (config.measure === 'instructions' && countScopeOf(config) === 'process' ? execCounted : execMeasured)(
    expandFilterPlaceholder(config.bench),
    {
      cwd: dirs[side],
      env: { ...commandEnv(side, planned.round, dirs, user), ...steady.env, ...filter.env },
      timeoutSec: config.timeoutSec,
      user,
      prefix: steady.prefix,
      // Harnesses that print as they go (go test, pytest, cargo bench) name the benchmark under way.
      ...(show && { onLine: (line: string) => show({ ...progress, lastLine: line }) }),
    },
  );
}

/** Fills `run.measurements` from what the run printed (`who`: "base run in round 3"); returns why it failed, or null. */
function readMeasurements(ctx: RoundsContext, r: ExecResult, run: Run, planned: PlannedRound, who: string): string | null {
  const { config } = ctx;
  if (r.timedOut || r.outputLimitExceeded || r.signal || (r.exitCode !== 0 && config.format === 'command')) {
    return `benchmark ${describeExit(r, config.timeoutSec)}`;
  }
  if (r.instructions === null)
    return 'valgrind counted no instructions (is the command a setuid or static program valgrind cannot follow?)';
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
