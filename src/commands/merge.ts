/**
 * `benchgate merge a.jsonl b.jsonl --out all.jsonl`: one log from logs of the same comparison.
 * Shards' logs (every header carries `shard`) are joined; other logs have their rounds pooled.
 */
import { writeFileSync } from 'node:fs';
import { ConfigError, trustedConfigFile, trustedGate } from '../config.js';
import { EXIT } from '../exit.js';
import { joinShards } from '../runner/join-shards.js';
import { readLog } from '../runner/log.js';
import { poolRounds } from '../runner/pool-rounds.js';
import type { Command } from './types.js';

export const cmdMerge: Command = ({ values, positionals }) => {
  if (positionals.length === 0 || values.out === undefined) {
    throw new ConfigError('usage: benchgate merge a.jsonl b.jsonl ... --out merged.jsonl');
  }
  const logs = positionals.map((file) => ({ file, log: readLog(file) }));
  const sharded = logs.filter(({ log }) => log.header.shard !== undefined);
  if (sharded.length > 0 && sharded.length < logs.length) {
    const plain = logs.find(({ log }) => log.header.shard === undefined)!;
    throw new ConfigError(
      `${plain.file} is not a shard's log, but ${sharded[0]!.file} is: join the logs of every shard of one run, or pool logs of whole runs, not both`,
    );
  }
  const recorded = logs[0]!.log.header.config;
  // The merged log's gate settings are this command's trusted config's, never a log's.
  const gate = trustedGate([trustedConfigFile(values.config)], {
    format: recorded.format,
    adaptive: sharded.length > 0 ? recorded.adaptive : undefined,
  });
  writeFileSync(values.out, sharded.length > 0 ? joinShards(logs, gate) : poolRounds(logs, gate));
  return EXIT.pass;
};
