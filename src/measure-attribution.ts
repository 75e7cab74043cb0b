/**
 * Attribution passes after timed rounds (decision 8 in docs/architecture.md, docs/counts.md): when
 * `measure: time` flags a benchmark whose harness can be counted per benchmark, and valgrind is
 * here, that benchmark alone is counted under cachegrind at two works on each side, and the two
 * runs' function tables become one round-0 profile line per side. The analysis then says where the
 * instructions changed (`source: 'passes'`). The passes add lines to the log, never runs: the timed
 * verdict and the gate are the rounds' alone, and a pass that fails is a warning, not a failed run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze } from './analysis/index.js';
import { runSettingsOf, timedCountTarget, type Config } from './config.js';
import { buildProfile, type WorkTable } from './counts/profile.js';
import { harnessOf, normaliseName } from './harness/index.js';
import type { BenchmarkProfile, CountWork, Side } from './model.js';
import type { Platform } from './platforms/types.js';
import { calibrate, countOnce, discoverBenchmarks, type CountContext, type CountedBenchmark } from './runner/counts.js';
import { valgrindVersion } from './runner/instructions.js';
import { readLog } from './runner/log.js';
import { runPool } from './runner/pool.js';
import { countContext } from './measure-counts.js';

export interface PassesSetup {
  config: Config;
  platform: Platform;
  dirs: Record<Side, string>;
  env(side: Side): NodeJS.ProcessEnv;
  checkCancelled(): void;
  /** The results log so far: its runs say what changed, and the profiles are appended to it. */
  logFile: string;
  appendProfile(profile: BenchmarkProfile): void;
}

/** The normalised names of the log's timed regressions and improvements. */
function flaggedBenchmarks(config: Config, logFile: string): string[] {
  const log = readLog(logFile);
  const result = analyze({
    header: log.header,
    runs: log.runs,
    end: { type: 'end', endedAt: new Date().toISOString(), status: 'completed' },
    settings: runSettingsOf(config),
  });
  const flagged = result.comparisons.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement');
  return [...new Set(flagged.map((c) => normaliseName(config.format, c.benchmark)))];
}

/** Runs the passes for the timed run's flagged benchmarks, when its harness and valgrind allow; says why not otherwise. */
export async function attributeTimedChanges(setup: PassesSetup): Promise<void> {
  const { config, platform } = setup;
  const target = timedCountTarget(config);
  // No target: the command is not a direct harness call. A harness whose tables explain nothing (an interpreter's) gets no passes.
  if (target === null || harnessOf(config.format)?.counts?.functionTables === false) return;
  const flagged = flaggedBenchmarks(config, setup.logFile);
  if (flagged.length === 0) return;
  if (valgrindVersion() === null) {
    platform.info(`${flagged.length} changed benchmark(s): install valgrind to see where their instructions changed (docs/counts.md)`);
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'benchgate-passes-'));
  try {
    const ctx = countContext(setup, target, tmp);
    await platform.group(`where the instructions changed: ${flagged.length} changed benchmark(s), 4 cachegrind runs each`, async () => {
      const wanted = new Set(flagged);
      const benchmarks = (await discoverBenchmarks(ctx)).filter((b) => wanted.has(b.name) && b.sides.base && b.sides.head);
      const plan = await calibrate(ctx, benchmarks);
      await runPool(
        benchmarks,
        ctx.jobs,
        (b) => passProfiles(ctx, b, plan[b.name]!),
        (profiles) => profiles.forEach((p) => setup.appendProfile(p)),
      );
    });
  } catch (err) {
    // Attribution explains a verdict; it never fails the run that reached it.
    setup.checkCancelled();
    platform.warn(`where the instructions changed: the attribution passes stopped: ${(err as Error).message}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** One benchmark's passes: each side counted at both works, one round-0 profile a side. */
async function passProfiles(ctx: CountContext, b: CountedBenchmark, work: CountWork): Promise<BenchmarkProfile[]> {
  const profiles: BenchmarkProfile[] = [];
  for (const side of ['base', 'head'] as const) {
    const tables: WorkTable[] = [];
    for (const n of [work.small, work.large]) {
      ctx.checkCancelled();
      const { failure, table } = await countOnce(ctx, b, side, n, 0);
      if (failure !== null || !table) throw new Error(failure ?? `${side} pass of ${b.name} at work ${n} counted nothing`);
      tables.push({ work: n, table });
    }
    profiles.push(buildProfile({ benchmark: b.name, side, round: 0, tool: 'cachegrind', level: 'instructions' }, tables[0]!, tables[1]!));
  }
  return profiles;
}
