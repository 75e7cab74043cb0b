/**
 * measure: instructions per benchmark (config.countTarget): build, discover and calibrate, then
 * open the results log with the calibrated work in its header, and count repetitions until the
 * count rule has decided every benchmark (src/runner/counts.ts, src/runner/count-repetitions.ts);
 * then an interpreted harness's cProfile passes for the changed ones (src/runner/cprofile-passes.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, runSettingsOf, type Config } from './config.js';
import { harnessOf } from './harness/index.js';
import type { CountTarget } from './harness/types.js';
import { isChange, type BenchmarkProfile, type CountWork, type ShardHeader, type ShardOf, type Side } from './model.js';
import type { Logger } from './platforms/types.js';
import { runCountRepetitions, type RepetitionPolicy, type RepetitionsDone } from './runner/count-repetitions.js';
import { calibrate, discoverBenchmarks, type CountContext, type CountedBenchmark } from './runner/counts.js';
import { runCallgraphPasses } from './runner/callgraph-passes.js';
import { runCProfilePasses } from './runner/cprofile-passes.js';
import type { Executor } from './runner/executor.js';
import type { ResultsLog } from './runner/log.js';
import { countShardScope } from './runner/shard-scope.js';
import { countShareAlpha } from './analysis/shards.js';
import { compareCounts } from './analysis/counts.js';
import { unsearchedMessage } from './analysis/searched.js';

/** What every count runner needs, per-benchmark counts and the passes alike: the settings, both sides and how to run there. */
export interface CountingSides {
  config: Config;
  logger: Logger;
  executor: Executor;
  dirs: Record<Side, string>;
  env(side: Side): NodeJS.ProcessEnv;
  checkCancelled(): void;
}

export interface CountsSetup extends CountingSides {
  /** `--shard I/N`: count only this shard's benchmarks (docs/shards.md). */
  shard?: ShardOf;
  /** Opens the results log once the plan (and a shard's benchmarks) is known: they go in the header. */
  openLog(countPlan: Record<string, CountWork>, shard?: ShardHeader): ResultsLog;
  policy(config: Config): RepetitionPolicy;
}

export async function measureCounts(setup: CountsSetup): Promise<ResultsLog> {
  const { config, logger } = setup;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'benchgate-counts-'));
  try {
    const ctx = countContext(setup, config.countTarget!, tmp);
    const found = await logger.group('build and list the benchmarks', () => discoverBenchmarks(ctx));
    refuseUnsearched(config, found);
    // A shard counts its own part of what both sides list, at its share of alpha.
    const scope = setup.shard ? countShardScope(config, setup.shard, found) : null;
    const benchmarks = scope?.benchmarks ?? found;
    if (scope)
      logger.info(`shard ${scope.header.index}/${scope.header.total}: ${benchmarks.length} of the ${found.length} benchmarks listed`);
    if (benchmarks.length === 0) return setup.openLog({}, scope?.header);
    const plan = await logger.group(`calibrate ${benchmarks.length} benchmarks on base (${config.jobs} at once)`, () =>
      calibrate(ctx, benchmarks),
    );
    const log = setup.openLog(plan, scope?.header);
    const policy = setup.policy(scope ? { ...config, alpha: countShareAlpha(config.alpha, scope.header) } : config);
    const done = await runCountRepetitions(ctx, benchmarks, plan, policy, log);
    announceStop(logger, done);
    const settings = runSettingsOf(scope ? { ...config, alpha: countShareAlpha(config.alpha, scope.header) } : config);
    const changed = new Set(
      compareCounts(done.runs, settings)
        .filter(isChange)
        .map((c) => c.benchmark),
    );
    await explainChanges(
      ctx,
      logger,
      benchmarks.filter((b) => changed.has(b.name)),
      plan,
      (p) => log.appendProfile(p),
    );
    return log;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** What the count runner needs: the harness's description, the target, the sides, the limits. */
export function countContext(setup: CountingSides, target: CountTarget, tmp: string): CountContext {
  const { config, logger } = setup;
  const harness = harnessOf(config.format)!;
  return {
    format: config.format,
    description: harness.counts!,
    target,
    suite: config.suite,
    dirs: setup.dirs,
    env: (side) => setup.env(side),
    normaliseName: (name) => harness.normaliseName(name),
    timeoutSec: config.timeoutSec,
    jobs: config.jobs,
    executor: setup.executor,
    tmp,
    info: (m) => logger.info(m),
    warn: (m) => logger.warn(m),
    checkCancelled: () => setup.checkCancelled(),
  };
}

/**
 * Where changed benchmarks' changes came from (decision 8), 4 runs a benchmark: callgrind passes
 * for their call paths, or, for an interpreter's harness whose C functions explain nothing
 * (pytest-benchmark), cProfile passes for its Python call counts. Attribution explains a verdict
 * and never fails the run that reached it: a pass that fails is a warning.
 */
export async function explainChanges(
  ctx: CountContext,
  logger: Logger,
  changed: readonly CountedBenchmark[],
  plan: Readonly<Record<string, CountWork>>,
  appendProfile: (profile: BenchmarkProfile) => void,
): Promise<void> {
  if (changed.length === 0) return;
  const python = ctx.description.functionTables === false;
  if (python && !ctx.description.callProfile) return;
  const [what, runs] = python ? ['call counts', 'cProfile'] : ['call paths', 'callgrind'];
  try {
    await logger.group(`${what}: ${changed.length} changed benchmark(s), ${4 * changed.length} ${runs} runs`, () =>
      (python ? runCProfilePasses : runCallgraphPasses)(ctx, changed, plan, appendProfile),
    );
  } catch (err) {
    ctx.checkCancelled();
    logger.warn(`${what}: the ${runs} passes stopped: ${(err as Error).message}`);
  }
}

function announceStop(logger: Logger, done: RepetitionsDone): void {
  const reps = [...done.repetitions.values()].sort((a, b) => a - b);
  const why = {
    decided: 'every benchmark is decided',
    'max-repetitions': 'the repetition cap was reached',
    'max-time': 'max-time was reached',
  };
  logger.info(
    `counts stopped: ${why[done.stoppedBy]}; repetitions per side: median ${reps[Math.floor((reps.length - 1) / 2)]}, most ${reps.at(-1)}`,
  );
}

/** A bisect's glob is checked against the listing, before any count is calibrated or run. */
function refuseUnsearched(config: Config, found: readonly CountedBenchmark[]): void {
  const listed = found.map((b) => ({ benchmark: (b.sides.head ?? b.sides.base)!.raw, metric: 'instructions' }));
  const unsearched = config.searched === undefined ? null : unsearchedMessage(config.searched, config.format, listed, 'the listing');
  if (unsearched) throw new ConfigError(unsearched);
}
