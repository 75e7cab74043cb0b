/**
 * `benchgate run`: the config from .benchgate.yml and flags, then the comparison: measure
 * (measure.ts) and the shared end (conclude.ts). The Action and the demo run it the same way.
 */
import path from 'node:path';
import { concludeLog, type Outcome } from '../conclude.js';
import { flagLayer, parseValue, type Config } from '../config.js';
import { checkRepository } from '../git.js';
import { measure } from '../measure.js';
import { optionSpec } from '../options.js';
import type { Logger, Platform } from '../platforms/types.js';
import type { Executor } from '../runner/executor.js';
import { readLog } from '../runner/log.js';
import { loadConfig } from '../trust.js';
import type { Command, FlagValues } from './types.js';

/** Measures, then analyses, writes, publishes and picks the exit code. */
export async function runComparison(config: Config, platform: Platform, executor: Executor): Promise<Outcome> {
  platform.publisher.configure?.(config);
  const logFile = await measure(config, platform, executor);
  return concludeLog({ log: readLog(logFile), logFile, outDir: config.outDir, platform });
}

/** The repository (--repo, else the current directory), checked, and the config run's flags and files give. */
export async function loadRunConfig(
  values: FlagValues,
  logger: Logger,
  env: NodeJS.ProcessEnv,
): Promise<{ repoDir: string; config: Config }> {
  const verbose = parseValue(optionSpec('verbose'), { value: values.verbose ?? null, where: '--verbose' }) === true;
  const repoDir = path.resolve(values.repo ?? '.');
  await checkRepository(repoDir, values.repo === undefined ? `the current directory (${repoDir})` : `--repo ${values.repo}`);
  const config = await loadConfig({
    repoDir,
    configFile: values.config === undefined ? undefined : path.resolve(values.config),
    overrides: flagLayer(values),
    env,
    log: (m) => logger.info(m),
  });
  return { repoDir, config: verbose ? { ...config, verbose } : config };
}

export const cmdRun: Command = async ({ values, platform, executor, env }) => {
  const { config } = await loadRunConfig(values, platform.logger, env);
  const outcome = await runComparison(config, platform, executor);
  platform.logger.info(`reports: ${Object.values(outcome.reports).join(', ')}`);
  return outcome.exitCode;
};
