/**
 * The shard split (docs/shards.md): each benchmark belongs to one shard, chosen by a stable hash
 * of its normalised identity (normaliseName: Go's `-N` dropped), so the same benchmark goes to
 * the same shard run after run, on any runner size, and shards never overlap.
 */
import { createHash } from 'node:crypto';
import type { ShardOf } from '../model.js';
import { harnessOf, normaliseName } from './index.js';

/** The 1-based shard of `total` that owns the benchmark with this normalised name. */
export function shardOfName(name: string, total: number): number {
  // The first 6 bytes of SHA-256: uniform, and the same on every platform and Node version.
  const hash = createHash('sha256').update(name, 'utf8').digest().readUIntBE(0, 6);
  return (hash % total) + 1;
}

/** The unit a shard takes for a benchmark the harness printed as `raw` (or its normalised name, or a listed unit). */
export function shardUnit(format: string, raw: string): string {
  const name = normaliseName(format, raw);
  return harnessOf(format)?.splitUnit?.(name) ?? name;
}

/** The 1-based shard of `total` that owns a benchmark (by its unit). */
export function shardOfBenchmark(format: string, raw: string, total: number): number {
  return shardOfName(shardUnit(format, raw), total);
}

/** Whether `shard` owns the benchmark a harness printed as `raw`. */
export function shardOwns(format: string, shard: ShardOf, raw: string): boolean {
  return shardOfBenchmark(format, raw, shard.total) === shard.index;
}

/** Why a format cannot be sharded, or null when it can: its filter must select any subset exactly. */
export function unshardable(format: string): string | null {
  const select = harnessOf(format)?.select;
  if (!select) {
    const what = format === 'command' ? 'command mode times the whole command, which' : `the ${format} harness`;
    return `${what} takes no filter, so a shard cannot run a part of the suite`;
  }
  return select.subsetLimit ?? null;
}
