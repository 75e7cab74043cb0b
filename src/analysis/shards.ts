/**
 * Shards in the analysis (docs/shards.md): a shard's log, or a log joined from shards, is
 * analysed part by part: each shard's own benchmarks from its own runs (a filter that selected
 * more, say a whole-suite fallback, adds nothing another shard owns), and with rounds auto each
 * shard replayed at the share of alpha its benchmarks hold (a weighted Bonferroni across shards,
 * Holm and the looks within), since each shard ran its own looks. With fixed rounds the parts'
 * comparisons form one Holm family (compare.ts).
 */
import { COUNT_DEFAULTS } from '../counts/defaults.js';
import { shardOwns, shardUnit } from '../harness/shard-split.js';
import type { AdaptiveRun, LogHeader, Run, ShardHeader, ShardOf } from '../model.js';

/** The share of alpha a shard's benchmarks hold: its benchmarks over every listed one (at most 1, whatever a log claims). */
export function shardShare(shard: Pick<ShardHeader, 'benchmarks' | 'listed'>): number {
  return shard.listed === 0 ? 0 : Math.min(1, shard.benchmarks.length / shard.listed);
}

/**
 * The alpha a shard's per-benchmark counts spend: the count rule's family level (capped at
 * COUNT_DEFAULTS.maxAlpha) times the shard's share. The rule splits it evenly over the shard's
 * members, so each benchmark is held to the level it has in one job of every listed benchmark.
 */
export function countShareAlpha(alpha: number, shard: Pick<ShardHeader, 'benchmarks' | 'listed'>): number {
  return Math.min(alpha, COUNT_DEFAULTS.maxAlpha) * shardShare(shard);
}

/**
 * Whether a shard owns the benchmark a harness printed as `raw`: by the hash, or, when a shard
 * plan chose its benchmarks, by its list (joining checked that no two shards list one unit).
 */
export function owns(format: string, shard: ShardOf & { benchmarks?: string[]; plan?: string }): (raw: string) => boolean {
  if (shard.plan === undefined || shard.benchmarks === undefined) return (raw) => shardOwns(format, shard, raw);
  const listed = new Set(shard.benchmarks.map((name) => shardUnit(format, name)));
  return (raw) => listed.has(shardUnit(format, raw));
}

/** One part of the analysis: a shard's runs (only its own benchmarks' measurements), or every run of an unsharded log. */
export interface ShardPart {
  shard: ShardHeader | null;
  runs: Run[];
}

export function shardParts(header: LogHeader, runs: readonly Run[], format: string): ShardPart[] {
  if (header.shards) {
    return header.shards.map((shard) => ({
      shard,
      runs: ownRuns(
        runs.filter((r) => r.shard === shard.index),
        format,
        shard,
      ),
    }));
  }
  if (header.shard) return [{ shard: header.shard, runs: ownRuns(runs, format, header.shard) }];
  return [{ shard: null, runs: [...runs] }];
}

/**
 * The per-benchmark count runs (Run.benchmark, already the normalised name) part by part: each
 * shard's runs of its own benchmarks, or every run of an unsharded log.
 */
export function countParts(header: LogHeader, runs: readonly Run[]): ShardPart[] {
  const own = (shard: ShardHeader, rs: readonly Run[]) => {
    const mine = owns(header.config.format, shard);
    return rs.filter((r) => r.benchmark !== undefined && mine(r.benchmark));
  };
  if (header.shards)
    return header.shards.map((shard) => ({
      shard,
      runs: own(
        shard,
        runs.filter((r) => r.shard === shard.index),
      ),
    }));
  if (header.shard) return [{ shard: header.shard, runs: own(header.shard, runs) }];
  return [{ shard: null, runs: [...runs] }];
}

function ownRuns(runs: readonly Run[], format: string, shard: ShardOf): Run[] {
  const own = owns(format, shard);
  return runs.map((run) => {
    const kept = run.measurements.filter((m) => own(m.benchmark));
    return kept.length === run.measurements.length ? run : { ...run, measurements: kept };
  });
}

/** The shards' replays as one: every look any shard took, each round's open benchmarks summed, the last stop. */
export function joinAdaptiveRuns(runs: readonly AdaptiveRun[]): AdaptiveRun {
  if (runs.length === 1) return runs[0]!;
  const order: AdaptiveRun['stoppedBy'][] = ['decided', 'max-rounds', 'max-time', 'log-ended'];
  const rounds = Math.max(0, ...runs.map((r) => r.open.length));
  return {
    stoppedBy: runs.map((r) => r.stoppedBy).reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a)),
    looks: [...new Set(runs.flatMap((r) => r.looks))].sort((a, b) => a - b),
    open: Array.from({ length: rounds }, (_, i) => {
      const each = runs.map((r) => r.open[i]).filter((n) => n !== undefined);
      return each.includes(null) ? null : each.reduce<number>((sum, n) => sum + n!, 0);
    }),
    notes: [...new Set(runs.flatMap((r) => r.notes))],
    unreachable: runs.flatMap((r) => r.unreachable),
  };
}
