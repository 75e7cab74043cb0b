/**
 * One of several processes racing to take over a stale results-log lock (tests/runner/log-race.test.ts).
 * For each try t = 1..N it waits for `DIR/go-t`, then opens `DIR/t/results.jsonl` and prints
 * "t won" or "t lost"; a winner keeps its lock (never ends the log), so later takers see it held.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ResultsLog } from '../../src/runner/log.js';
import { testHeader } from './log-header.js';

const [dir, tries] = [process.argv[2]!, Number(process.argv[3])];
const header = testHeader({ tool: { name: 'benchgate', version: '0.0.0' }, seed: 1 });
const pause = new Int32Array(new SharedArrayBuffer(4));
for (let t = 1; t <= tries; t++) {
  while (!existsSync(path.join(dir, `go-${t}`))) Atomics.wait(pause, 0, 0, 1);
  let outcome = 'won';
  try {
    new ResultsLog(path.join(dir, String(t), 'results.jsonl'), header);
  } catch (err) {
    outcome = /another benchgate|could not take the lock/.test((err as Error).message) ? 'lost' : `error ${(err as Error).message}`;
  }
  process.stdout.write(`${t} ${outcome}\n`);
}
