/**
 * One run's bench command as benchgate completes it (harness/direct-call.ts: the filter placed,
 * the output flag added), and the text the parser reads: the run's stdout, or the file the
 * completed call told the harness to write (pytest-benchmark's JSON), read once and removed.
 */
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { completeCall } from '../harness/direct-call.js';
import { expandFilterPlaceholder, harnessOf } from '../harness/index.js';
import type { ExecResult } from './exec.js';

export interface BenchCall {
  /** The shell command to run, `{filter}` expanded. */
  command: string;
  /** The results of the run that just ended, for the parser. */
  read(r: ExecResult): string;
}

/** A run's call; `user` (run-as) must be able to write the output file. */
export function benchCall(config: Pick<Config, 'format' | 'bench'>, user?: { uid: number; gid: number }): BenchCall {
  const toFile = harnessOf(config.format)?.call?.output?.toFile === true;
  const dir = toFile ? mkdtempSync(path.join(os.tmpdir(), 'benchgate-output-')) : null;
  if (dir !== null && user) chownSync(dir, user.uid, user.gid);
  const file = dir === null ? null : path.join(dir, 'results.json');
  const completed = completeCall(config.format, config.bench, toFile ? file : '');
  const command = expandFilterPlaceholder(completed.command);
  if (!completed.readsFile || file === null) {
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
    return { command, read: (r) => r.stdout };
  }
  return {
    command,
    read: () => {
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      rmSync(dir!, { recursive: true, force: true });
      return text;
    },
  };
}
