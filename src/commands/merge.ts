/** `benchgate merge a.jsonl b.jsonl --out all.jsonl`: one log from logs of the same comparison (pooled rounds). */
import { writeFileSync } from 'node:fs';
import { ConfigError, trustedConfigFile, trustedGate } from '../config.js';
import { EXIT } from '../exit.js';
import { readLog } from '../runner/log.js';
import { poolRounds } from '../runner/pool-rounds.js';
import type { Command } from './types.js';

export const cmdMerge: Command = async ({ values, positionals }) => {
  if (positionals.length === 0 || values.out === undefined) {
    throw new ConfigError('usage: benchgate merge a.jsonl b.jsonl ... --out merged.jsonl');
  }
  const logs = positionals.map((file) => ({ file, log: readLog(file) }));
  // The merged log is analysed with fixed rounds: its gate settings are this command's trusted config's.
  const gate = trustedGate([trustedConfigFile(values.config)], { format: logs[0]!.log.header.config.format });
  writeFileSync(values.out, poolRounds(logs, gate));
  return EXIT.pass;
};
