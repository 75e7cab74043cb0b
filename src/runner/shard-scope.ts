/**
 * What one shard measures (docs/shards.md): the benchmarks listed on base and head together (an
 * added or removed benchmark exists on one side only), by the harness's list mode or else by the
 * warm-up round, split by harness/shard-split.ts; every measured round (and, after a list, every
 * warm-up round) runs only this shard's, through the harness's filter.
 */
import type { Config } from '../config.js';
import { shardUnit } from '../harness/shard-split.js';
import { planAssignment, plannedShardOf, type ShardPlan } from '../harness/shard-plan.js';
import type { Run, ShardHeader, ShardOf, Side } from '../model.js';
import { RunFailure } from './errors.js';
import { openFilterEnv, type FilterEnv } from './filter-env.js';

export interface ShardScope {
  header: ShardHeader;
  /** The names as the harness printed (or listed) them, of this shard's benchmarks and of all. */
  open: string[];
  all: string[];
  /** The filter of every round it runs; absent when the shard owns no benchmark. */
  filter: FilterEnv | null;
  /**
   * Per side, the shard's benchmarks a run must show: from the warm-up, or (after a list, which
   * names units, such as Go's top-level benchmarks, not what a run prints) every one an earlier
   * round of the shard showed.
   */
  expected: Record<Side, Set<string>>;
  learns: boolean;
  /** Whether this shard owns a benchmark the harness printed as `raw`. */
  owns(raw: string): boolean;
}

/** Whether `shard` owns a benchmark the harness printed as `raw`: by the plan when one is given, else by the hash. */
function owner(format: string, shard: ShardOf, plan: ShardPlan | undefined): (raw: string) => boolean {
  const assignment = plan ? planAssignment(plan, shard.total) : null;
  return (raw) => plannedShardOf(format, raw, shard.total, assignment) === shard.index;
}

function scopeOf(config: Config, shard: ShardOf, bySide: Record<Side, readonly string[]>, learns: boolean): ShardScope {
  const expected: Record<Side, Set<string>> = { base: new Set(), head: new Set() };
  const all = [...new Set([...bySide.base, ...bySide.head])];
  const owns = owner(config.format, shard, config.shardPlan);
  const open = all.filter(owns);
  if (!learns) for (const side of ['base', 'head'] as const) for (const n of bySide[side]) if (open.includes(n)) expected[side].add(n);
  const units = (names: readonly string[]) => [...new Set(names.map((n) => shardUnit(config.format, n)))];
  return {
    header: {
      ...shard,
      benchmarks: units(open).sort(),
      listed: units(all).length,
      ...(config.shardPlan && { plan: config.shardPlan.digest }),
    },
    open,
    all,
    filter: open.length === 0 ? null : openFilterEnv(config, open, all),
    expected,
    learns,
    owns,
  };
}

/** The shard's part of what the warm-up ran on base and head. */
export function shardScope(config: Config, shard: ShardOf, warmup: readonly Run[]): ShardScope {
  const bySide = (side: Side) => warmup.filter((r) => r.side === side).flatMap((r) => r.measurements.map((m) => m.benchmark));
  return scopeOf(config, shard, { base: bySide('base'), head: bySide('head') }, false);
}

/** The shard's part of what the harness's list mode listed on base and head. */
export function listedShardScope(config: Config, shard: ShardOf, listed: Record<Side, readonly string[]>): ShardScope {
  return scopeOf(config, shard, listed, true);
}

/** A round that lacks one of the shard's benchmarks: its filter did not select it (exit 3, never a silent gap). */
export function checkShardRound(scope: ShardScope, runs: readonly Run[], label: string): void {
  for (const run of runs) {
    if (run.error !== undefined) continue;
    const seen = new Set(run.measurements.map((m) => m.benchmark));
    const missing = [...scope.expected[run.side]].find((name) => !seen.has(name));
    if (missing !== undefined) {
      const { index, total } = scope.header;
      const from = scope.learns ? 'an earlier round' : 'its warm-up';
      throw new RunFailure(
        `shard ${index}/${total}: the ${run.side} run in ${label} did not run ${JSON.stringify(missing)}, which ${from} ran: the harness filter did not select it`,
      );
    }
    if (scope.learns) for (const name of seen) if (scope.owns(name)) scope.expected[run.side].add(name);
  }
}

/**
 * Per-benchmark counts in a shard: the benchmarks discovery found on base and head together,
 * split by the same hash of their units; every one found counts toward the shares.
 */
export function countShardScope<B extends { name: string }>(
  config: Pick<Config, 'format' | 'shardPlan'>,
  shard: ShardOf,
  found: readonly B[],
): { header: ShardHeader; benchmarks: B[] } {
  const owns = owner(config.format, shard, config.shardPlan);
  const benchmarks = found.filter((b) => owns(b.name));
  const header = { ...shard, benchmarks: benchmarks.map((b) => b.name).sort(), listed: found.length };
  return { header: { ...header, ...(config.shardPlan && { plan: config.shardPlan.digest }) }, benchmarks };
}
