/**
 * What one shard measures (docs/shards.md): the benchmarks the warm-up round listed on base and
 * head together (an added or removed benchmark exists on one side only), split by
 * harness/shard-split.ts; every measured round runs only this shard's, through the harness's filter.
 */
import type { Config } from '../config.js';
import { normaliseName } from '../harness/index.js';
import { shardOfName } from '../harness/shard-split.js';
import type { Run, ShardHeader, ShardOf, Side } from '../model.js';
import { RunFailure } from './errors.js';
import { openFilterEnv, type FilterEnv } from './filter-env.js';

export interface ShardScope {
  header: ShardHeader;
  /** The names as the harness printed them, of this shard's benchmarks and of all. */
  open: string[];
  all: string[];
  /** The filter of every measured round; absent when the shard owns no benchmark. */
  filter: FilterEnv | null;
  /** Per side, the shard's benchmarks the warm-up saw there: each measured run must show them. */
  expected: Record<Side, Set<string>>;
}

export function shardScope(config: Config, shard: ShardOf, warmup: readonly Run[]): ShardScope {
  const raw = new Set<string>();
  const expected: Record<Side, Set<string>> = { base: new Set(), head: new Set() };
  const listed = new Set<string>();
  for (const run of warmup) {
    for (const m of run.measurements) {
      const name = normaliseName(config.format, m.benchmark);
      listed.add(name);
      if (shardOfName(name, shard.total) !== shard.index) continue;
      raw.add(m.benchmark);
      expected[run.side].add(m.benchmark);
    }
  }
  const owned = [...new Set([...raw].map((n) => normaliseName(config.format, n)))].sort();
  const all = [...new Set(warmup.flatMap((r) => r.measurements.map((m) => m.benchmark)))];
  const open = [...raw];
  return {
    header: { ...shard, benchmarks: owned, listed: listed.size },
    open,
    all,
    filter: open.length === 0 ? null : openFilterEnv(config, open, all),
    expected,
  };
}

/** A measured round that lacks one of the shard's benchmarks: its filter did not select it (exit 3, never a silent gap). */
export function checkShardRound(scope: ShardScope, runs: readonly Run[], label: string): void {
  for (const run of runs) {
    if (run.error !== undefined) continue;
    const seen = new Set(run.measurements.map((m) => m.benchmark));
    const missing = [...scope.expected[run.side]].find((name) => !seen.has(name));
    if (missing !== undefined) {
      const { index, total } = scope.header;
      throw new RunFailure(
        `shard ${index}/${total}: the ${run.side} run in ${label} did not run ${JSON.stringify(missing)}, which its warm-up ran: the harness filter did not select it`,
      );
    }
  }
}

/**
 * Per-benchmark counts in a shard: the benchmarks discovery found on base and head together,
 * split by the same hash of their normalised names; every one found counts toward the shares.
 */
export function countShardScope<B extends { name: string }>(shard: ShardOf, found: readonly B[]): { header: ShardHeader; benchmarks: B[] } {
  const benchmarks = found.filter((b) => shardOfName(b.name, shard.total) === shard.index);
  return { header: { ...shard, benchmarks: benchmarks.map((b) => b.name).sort(), listed: found.length }, benchmarks };
}
