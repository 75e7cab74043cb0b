/** `benchgate analyze results.jsonl`: the shared end (conclude.ts) on a saved log, its gate settings from this command's trusted config. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { planFromRuns, shardPlanText } from '../harness/shard-plan.js';
import { concludeLog } from '../conclude.js';
import { checkHistoryUrl, ConfigError, flagLayer, resolveAnalysisOverrides, trustedConfigFile, trustedGate } from '../config.js';
import { readLog } from '../runner/log.js';
import type { Command } from './types.js';

export const cmdAnalyze: Command = async ({ values, positionals, platform }) => {
  if (positionals.length !== 1) throw new ConfigError('usage: benchgate analyze results.jsonl [--alpha P] [--threshold PCT] [--out DIR]');
  const file = positionals[0]!;
  const log = readLog(file);
  for (const line of log.skipped) platform.logger.warn(`${file}:${line}: unreadable line skipped (a run cut off by a kill?)`);
  if (!log.end) platform.logger.warn(`${file}: the run did not finish (no end line); analysing the ${log.runs.length} runs it recorded`);
  const flags = flagLayer(values);
  // Gate settings from this command's trusted config, never from the log (a file anyone could have written).
  const overrides = { ...resolveAnalysisOverrides(flags), ...trustedGate([trustedConfigFile(values.config), flags], log.header.config) };
  if (log.header.config.adaptive) {
    if (overrides.sampling === 'pooled')
      throw new ConfigError('--sampling: pooled does not apply to a rounds: auto log, whose looks test one value per run');
    if (overrides.alpha !== undefined || overrides.thresholdPct !== undefined) {
      platform.logger.info(`${file}: rounds auto: the looks are replayed at the new level, on the rounds the run chose at its own`);
    }
  }
  const planFile = values['write-shard-plan'];
  if (planFile !== undefined) {
    const plan = planFromRuns(log.header.config.format, log.runs);
    writeFileSync(planFile, shardPlanText(plan));
    platform.logger.info(`shard plan of ${Object.keys(plan.times).length} benchmarks written to ${planFile} (shard-plan: ${planFile})`);
  }
  const outDir = values.out ?? path.dirname(file);
  return (
    await concludeLog({
      log,
      logFile: file,
      overrides,
      outDir,
      platform,
      historyFrom: values['history-from'],
      ...(values['history-url'] !== undefined && { historyUrl: checkHistoryUrl(values['history-url'], '--history-url') }),
    })
  ).exitCode;
};
