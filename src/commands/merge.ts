/** `benchgate merge a.jsonl b.jsonl --out all.jsonl`: one log from logs of the same comparison. */
import { writeFileSync } from 'node:fs';
import { ConfigError } from '../config.js';
import { EXIT } from '../exit.js';
import { readLog } from '../runner/log.js';
import { mergeLogs } from '../runner/merge.js';
import type { Command } from './types.js';

export const cmdMerge: Command = async ({ values, positionals }) => {
  if (positionals.length === 0 || values.out === undefined) {
    throw new ConfigError('usage: benchgate merge a.jsonl b.jsonl ... --out merged.jsonl');
  }
  writeFileSync(values.out, mergeLogs(positionals.map((file) => ({ file, log: readLog(file) }))));
  return EXIT.pass;
};
