/**
 * The measuring half of a comparison: refs -> worktrees -> builds -> interleaved rounds, each
 * run appended to the results log the moment it ends. I/O lives here and in the modules it
 * calls (git, runner, logger); what follows (analysis, reports) is conclude.ts's.
 */
import path from 'node:path';
import { checkShardable, ConfigError, countScopeOf, DEFAULTS, runSettingsOf, type Config } from './config.js';
import { wholeSuiteEnv } from './runner/filter-env.js';
import { collectEnvironment, type RunnerFacts } from './environment.js';
import { readRunResults } from './runner/run-results.js';
import { FormatError } from './formats/types.js';
import { createWorktrees, type Worktrees } from './git.js';
import {
  SCHEMA_VERSION,
  type BenchFilesHeader,
  type LogHeader,
  type RefInfo,
  type ShardHeader,
  type ShardOf,
  type Side,
  type SkippedRun,
  type Warning,
} from './model.js';
import type { Logger, Platform } from './platforms/types.js';
import { chooseComparison, resolveComparison, type Comparison } from './refs.js';
import { PASS_ENV_VARIABLE, withheldVariables } from './runner/env.js';
import { benchCall } from './runner/bench-call.js';
import { commandEnv } from './runner/command-env.js';
import { describeExit, lastLines } from './runner/describe-exit.js';
import { killActiveCommands } from './runner/exec.js';
import type { Executor } from './runner/executor.js';
import { Cancelled, RunFailure } from './runner/errors.js';
import { requireValgrind } from './runner/instructions.js';
import { ResultsLog } from './runner/log.js';
import { LOG_FILE } from './runner/log-file.js';
import { changedFiles, skipDecision } from './runner/skip-paths.js';
import { skippedSentence } from './report/skipped.js';
import { planSteadiness, type SteadyPlan } from './runner/steady.js';
import { handOver, lookupRunAs, type RunAsUser } from './runner/run-as.js';
import { reviewWarnings, workingDirectoryIn } from './trust.js';
import { VERSION } from './version.js';
import { measureCounts } from './measure-counts.js';
import { attributeTimedChanges } from './measure-attribution.js';
import { listShard, refuseUnfailableGate, runAdaptiveRounds, runRounds } from './measure-rounds.js';
import { countPolicy } from './counts-policy.js';
import { benchFilesFailureHint, benchFilesWarning, prepareBenchFiles } from './bench-from-head.js';

/** The results log's path, inside config.outDir. */
function logPath(config: Config): string {
  return path.join(config.outDir, LOG_FILE);
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
  logger: Logger;
  /** Starts every build and run. */
  executor: Executor;
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
export async function measure(
  config: Config,
  { logger, events }: Pick<Platform, 'logger' | 'events'>,
  executor: Executor,
): Promise<string> {
  const repo = path.resolve(config.repoDir);
  const shard = config.shard ?? events.defaultShard?.() ?? undefined;
  if (shard && !config.shard) checkShardable(config, shard, 'CI_NODE_INDEX/CI_NODE_TOTAL');
  const comparison = chooseComparison({ base: config.base, head: config.head }, events.defaultComparison(), DEFAULTS.head);
  if (!comparison) {
    throw new ConfigError('no base commit: pass --base <ref> (e.g. --base origin/main), or run in a pull/merge request pipeline');
  }
  // Watched from here to the finally below, which stops watching whatever happens in between.
  const signals = watchSignals();
  const checkCancelled = () => {
    if (signals.signal) throw new Cancelled(signals.signal);
  };
  const m: Measuring = { config, logger, executor, file: logPath(config), opened: { log: null, worktrees: null }, checkCancelled, shard };
  try {
    return await measureComparison(m, repo, comparison);
  } catch (err) {
    const cancelled = err instanceof Cancelled;
    m.opened.log?.end(cancelled ? 'cancelled' : 'failed', (err as Error).message);
    if (err instanceof RunFailure && m.opened.log) {
      // Report what was measured before the failure; the log's failure makes the exit code 3.
      logger.warn(err.message);
      return m.file;
    }
    throw err;
  } finally {
    logger.progress?.(null);
    signals.dispose();
    await m.opened.worktrees?.remove();
  }
}

/** The checks, the refs, skip-paths, the worktrees, then the counts or the rounds; returns the log's path. */
async function measureComparison(m: Measuring, repo: string, comparison: Comparison): Promise<string> {
  const { config, logger, file } = m;
  const preflight = checkBeforeBuilding(config, logger);
  const runner: RunnerFacts = {
    steady: preflight.steady.checks,
    valgrind: preflight.valgrind,
    withheldVariables: withheldVariables(process.env),
  };
  const { base, head } = await resolveRefs(repo, comparison, config, logger);
  const setup = await reviewWarnings(config, repo, base.sha, head.sha);
  for (const w of setup) logger.warn(w.message);
  const skipped = await skipByPaths(config, repo, base.sha, head.sha, logger);
  if (skipped) {
    // Nothing built or run: a log of no runs that says why, so the publish job passes the gate too.
    const log = (m.opened.log = new ResultsLog(file, { ...logHeader(config, base, head, runner, setup), skipped }));
    logger.info(skippedSentence(skipped));
    log.end('completed');
    return file;
  }
  m.checkCancelled();
  const sides = await prepareSides(m, repo, { base: base.sha, head: head.sha }, preflight.user);
  const warnings = sides.benchFiles ? [...setup, benchFilesWarning(sides.benchFiles)] : setup;
  const openLog: OpenLog = (countPlan, shardHeader) => {
    const opened = new ResultsLog(file, logHeader(config, base, head, runner, warnings, countPlan, shardHeader, sides.benchFiles));
    logger.info(`results log: ${file}`);
    if (opened.kept) logger.info(`the earlier results log there is kept as ${opened.kept}`);
    return (m.opened.log = opened);
  };
  reportWithheldVariables(logger, runner.withheldVariables ?? [], config.verbose === true);
  if (config.countTarget) await measureByCounts(m, sides, preflight.user, openLog);
  else await measureByRounds(m, sides, preflight, openLog);
  return file;
}

/** Instruction mode, the steadier-machine options, run-as and a gate that could not fail even for one benchmark. */
function checkBeforeBuilding(config: Config, logger: Logger): Preflight {
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
    if (c.applied) logger.info(`${c.option}: ${c.detail}`);
    else logger.warn(`${c.option} skipped: ${c.detail}`);
  }
  return { valgrind, steady, user };
}

/** The two commits compared, announced with the seed that repeats this round order. */
async function resolveRefs(repo: string, comparison: Comparison, config: Config, logger: Logger) {
  const { base, head } = await logger.group('resolve refs', () => resolveComparison(repo, comparison, (m) => logger.info(m)));
  logger.info(`base ${base.ref} = ${base.sha}`);
  logger.info(`head ${head.ref} = ${head.sha}`);
  if (head.chosen) logger.info(`compared: ${head.chosen.why}`);
  logger.info(`seed ${config.seed} (pass --seed ${config.seed} to repeat this round order)`);
  return { base, head };
}

/** The worktrees (handed to run-as's user), each side's working directory, and bench-from's copy into base. */
async function prepareSides(m: Measuring, repo: string, shas: Record<Side, string>, user: RunAsUser | undefined): Promise<PreparedSides> {
  const { config, logger } = m;
  const wt = (m.opened.worktrees = await createWorktrees(repo, shas.base, shas.head, (msg) => logger.warn(msg)));
  if (user) {
    await handOver(path.dirname(wt.base), user);
    logger.info(`build and bench run as ${user.name} (uid ${user.uid})`);
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
    info: (msg) => logger.info(msg),
    buildBase: () => buildSides(m, config.build!, ['base'], dirs, user),
    listBase: () => benchmarksPrinted(m.executor, config, dirs.base, commandEnv('base', 0, dirs, user), user),
  });
  m.checkCancelled();
  return { dirs, benchFiles, baseHint: benchFilesFailureHint(benchFiles) };
}

/** One line with the count (a CI job's environment holds dozens); the names are in results.json, and --verbose prints them. */
function reportWithheldVariables(logger: Logger, withheld: string[], verbose: boolean): void {
  if (withheld.length === 0) return;
  const names = verbose
    ? `: ${withheld.join(', ')}`
    : ' (results.json names them under environment.withheldVariables; --verbose prints them)';
  logger.info(
    `${withheld.length} variable${withheld.length === 1 ? '' : 's'} withheld from build and bench commands, not on the allow-list of docs/security.md${names}; pass one through with ${PASS_ENV_VARIABLE}=NAME,...`,
  );
}

/** Per-benchmark counts: both sides built, then the log opens once the calibrated work (its header's countPlan) is known. */
async function measureByCounts(m: Measuring, sides: PreparedSides, user: RunAsUser | undefined, openLog: OpenLog): Promise<void> {
  const { config, logger } = m;
  if (config.build) await buildSides(m, config.build, ['base', 'head'], sides.dirs, user, sides.baseHint);
  const log = (m.opened.log = await measureCounts({
    config,
    logger,
    executor: m.executor,
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
  const { config, logger, shard } = m;
  if (!shard) openLog();
  if (config.build) await buildSides(m, config.build, ['base', 'head'], sides.dirs, preflight.user, sides.baseHint);
  const listed = shard ? await listShard(config, logger, m.executor, shard, sides.dirs, preflight.user) : null;
  if (listed) openLog(undefined, listed.header);
  const rounds = {
    config,
    logger,
    executor: m.executor,
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
  // Where a flagged benchmark's instructions changed, before the end line (docs/counts.md); run-as is not yet counted.
  const log = m.opened.log!;
  if (!preflight.user)
    await attributeTimedChanges({
      config,
      logger,
      executor: m.executor,
      dirs: sides.dirs,
      env: (side) => commandEnv(side, 0, sides.dirs, undefined),
      checkCancelled: m.checkCancelled,
      logFile: log.file,
      appendProfile: (p) => log.appendProfile(p),
    });
  log.end('completed');
  if (harnessFailures.length > 0) {
    logger.warn(`${harnessFailures.length} run(s) reported failed benchmarks (first: ${harnessFailures[0]}); they are compared as failed`);
  }
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
async function skipByPaths(config: Config, repo: string, baseSha: string, headSha: string, logger: Logger): Promise<SkippedRun | null> {
  if (config.skipPaths.length === 0) return null;
  if (!config.governance) {
    logger.info('skip-paths: not a pull or merge request, so measured (pushes and recording runs never skip)');
    return null;
  }
  if (config.governance.event.startsWith('issue_comment')) {
    logger.info('skip-paths: a run someone asked for (/benchmark), so measured');
    return null;
  }
  let changed: Awaited<ReturnType<typeof changedFiles>>;
  try {
    changed = await changedFiles(repo, baseSha, headSha);
  } catch (err) {
    logger.warn(`skip-paths: could not list the changed files, so measured: ${(err as Error).message}`);
    return null;
  }
  const skipped = skipDecision(changed.mergeBase, changed.files, config.skipPaths);
  if (!skipped) logger.info(`skip-paths: ${changed.files.length} changed file(s), not all matching, so measured`);
  return skipped;
}

/**
 * Builds each side in its own worktree (base first), streaming output prefixed by side; a failure
 * on base adds `baseHint` (what bench-from: head copied into it).
 */
async function buildSides(
  m: Pick<Measuring, 'logger' | 'executor' | 'checkCancelled'>,
  build: string,
  sides: readonly Side[],
  dirs: Record<Side, string>,
  user?: RunAsUser,
  baseHint = '',
) {
  const { logger, checkCancelled } = m;
  for (const side of sides) {
    checkCancelled();
    await logger.group(`build ${side}`, async () => {
      const r = await m.executor.measured(build, {
        cwd: dirs[side],
        env: commandEnv(side, 0, dirs, user),
        timeoutSec: 0,
        user,
        onLine: (line) => logger.info(`[${side}] ${line}`),
      });
      checkCancelled();
      if (r.exitCode !== 0)
        throw new RunFailure(`build failed on ${side}: ${describeExit(r, 0)}\n${lastLines(r)}${side === 'base' ? baseHint : ''}`);
    });
  }
}

/** The benchmark names one whole-suite run prints in `cwd`, or null when the run or its output failed (bench-from: head). */
async function benchmarksPrinted(
  executor: Executor,
  config: Config,
  cwd: string,
  env: NodeJS.ProcessEnv,
  user: RunAsUser | undefined,
): Promise<string[] | null> {
  const call = benchCall(config, user);
  const r = await executor.measured(call.command, {
    cwd,
    env: { ...env, ...wholeSuiteEnv(config).env },
    timeoutSec: config.timeoutSec,
    user,
  });
  const stdout = call.read(r);
  if (r.exitCode !== 0 || r.timedOut || r.signal || r.outputLimitExceeded) return null;
  try {
    return [...new Set(readRunResults(stdout, config.format, cwd).measurements.map((m) => m.benchmark))];
  } catch (err) {
    // A base with no benchmark at all prints none: every row is the copy's.
    if (err instanceof FormatError) return [];
    throw err;
  }
}
