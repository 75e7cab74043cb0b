/**
 * measure: instructions per benchmark (config.countTarget): build, discover and calibrate, then
 * open the results log with the calibrated work in its header, and count repetitions until the
 * count rule has decided every benchmark (src/runner/counts.ts, src/runner/count-repetitions.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from './config.js';
import { harnessOf } from './harness/index.js';
import type { CountWork, Run, Side } from './model.js';
import type { Platform } from './platforms/types.js';
import { runCountRepetitions, type RepetitionPolicy } from './runner/count-repetitions.js';
import { calibrate, discoverBenchmarks, type CountContext } from './runner/counts.js';
import type { ResultsLog } from './runner/log.js';

export interface CountsSetup {
  config: Config;
  platform: Platform;
  dirs: Record<Side, string>;
  env(side: Side): NodeJS.ProcessEnv;
  checkCancelled(): void;
  /** Opens the results log once the plan is known (it goes in the header). */
  openLog(countPlan: Record<string, CountWork>): ResultsLog;
  policy(config: Config): RepetitionPolicy;
}

export async function measureCounts(setup: CountsSetup): Promise<ResultsLog> {
  const { config, platform } = setup;
  const harness = harnessOf(config.format)!;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'benchgate-counts-'));
  try {
    const ctx: CountContext = {
      format: config.format,
      description: harness.counts!,
      target: config.countTarget!,
      suite: config.suite,
      dirs: setup.dirs,
      env: setup.env,
      normaliseName: harness.normaliseName,
      timeoutSec: config.timeoutSec,
      jobs: config.jobs,
      tmp,
      info: (m) => platform.info(m),
      checkCancelled: setup.checkCancelled,
    };
    const benchmarks = await platform.group('build and list the benchmarks', () => discoverBenchmarks(ctx));
    const plan = await platform.group(`calibrate ${benchmarks.length} benchmarks on base (${config.jobs} at once)`, () =>
      calibrate(ctx, benchmarks),
    );
    const log = setup.openLog(plan);
    const done = await runCountRepetitions(ctx, benchmarks, plan, setup.policy(config), (run: Run) => log.append(run));
    const reps = [...done.repetitions.values()].sort((a, b) => a - b);
    const why = {
      decided: 'every benchmark is decided',
      'max-repetitions': 'the repetition cap was reached',
      'max-time': 'max-time was reached',
    };
    platform.info(
      `counts stopped: ${why[done.stoppedBy]}; repetitions per side: median ${reps[Math.floor((reps.length - 1) / 2)]}, most ${reps.at(-1)}`,
    );
    return log;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
