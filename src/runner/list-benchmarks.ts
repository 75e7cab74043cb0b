/**
 * A shard's list of benchmarks from the harness's list mode (src/harness/: the arguments and the
 * parser), run on base and on head: their union is what the shard splits (docs/shards.md). When
 * the harness has no list mode, the command cannot take its arguments, or the listing fails or
 * lists nothing, the caller learns the benchmarks from the warm-up round instead.
 */
import type { Config } from '../config.js';
import { harnessOf, listCommand } from '../harness/index.js';
import type { Side } from '../model.js';
import type { Executor } from './executor.js';
import { wholeSuiteEnv } from './filter-env.js';

export type Listed = { bySide: Record<Side, string[]> } | { why: string };

export async function listBenchmarks(
  executor: Executor,
  config: Config,
  dirs: Record<Side, string>,
  env: (side: Side) => NodeJS.ProcessEnv,
  user?: { uid: number; gid: number },
): Promise<Listed> {
  const list = harnessOf(config.format)?.list;
  const command = listCommand(config.format, config.bench);
  if (!list) return { why: `the ${config.format} harness has no list mode` };
  if (command === null) return { why: 'the bench command is not one simple command the list arguments can be added to' };
  const bySide: Record<Side, string[]> = { base: [], head: [] };
  for (const side of ['base', 'head'] as const) {
    const r = await executor.measured(command, {
      cwd: dirs[side],
      env: { ...env(side), ...wholeSuiteEnv(config).env },
      timeoutSec: config.timeoutSec,
      user,
    });
    if (r.exitCode !== 0 || r.signal || r.timedOut)
      return { why: `listing on ${side} (${list.args.join(' ')}) ${r.timedOut ? 'timed out' : `exited with ${r.signal ?? r.exitCode}`}` };
    bySide[side] = list.parse(r.stdout);
  }
  if (bySide.base.length === 0 && bySide.head.length === 0) return { why: `listing (${list.args.join(' ')}) listed no benchmark` };
  return { bySide };
}
