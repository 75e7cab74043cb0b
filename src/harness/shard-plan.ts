/**
 * Shard plans (docs/shards.md, "Balancing by time"): a JSON file of measured seconds per split
 * unit that balances the shards by time instead of by the hash. Pure: parsing, the assignment and
 * the plan a log's runs give; reading and writing the file are the callers'.
 *
 * The assignment is greedy (longest first, each unit to the shard with the least time so far, ties
 * to the lower shard) over the plan's units only, so every shard of one run computes the same
 * one from the same file whatever it lists. A unit the plan does not hold (a new benchmark) keeps
 * its hash shard. A new plan moves benchmarks between shards.
 */
import { createHash } from 'node:crypto';
import type { Run } from '../model.js';
import { shardOfName, shardUnit } from './shard-split.js';

export const SHARD_PLAN_VERSION = 1;

export interface ShardPlan {
  /** Seconds per split unit, as measured by an earlier run. */
  times: Record<string, number>;
  /** SHA-256 of the canonical times: shards of one run must have used the same plan. */
  digest: string;
}

export class ShardPlanError extends Error {}

/** The plan in a file's text; `file` names it in errors. */
export function parseShardPlan(text: string, file: string): ShardPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ShardPlanError(
      `${file}: not JSON (${(err as Error).message}): write it with benchgate analyze LOG --write-shard-plan ${file}`,
    );
  }
  const plan = raw as { benchgateShardPlan?: unknown; times?: unknown };
  if (plan?.benchgateShardPlan !== SHARD_PLAN_VERSION || typeof plan.times !== 'object' || plan.times === null || Array.isArray(plan.times))
    throw new ShardPlanError(`${file}: expected {"benchgateShardPlan": ${SHARD_PLAN_VERSION}, "times": {"<benchmark>": seconds, ...}}`);
  const times: Record<string, number> = {};
  for (const [unit, seconds] of Object.entries(plan.times)) {
    if (typeof seconds !== 'number' || !(seconds >= 0) || !Number.isFinite(seconds))
      throw new ShardPlanError(`${file}: times[${JSON.stringify(unit)}] is ${JSON.stringify(seconds)}: expected seconds, a number >= 0`);
    times[unit] = seconds;
  }
  return withDigest(times);
}

function withDigest(times: Record<string, number>): ShardPlan {
  const canonical = JSON.stringify(Object.entries(times).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { times, digest: createHash('sha256').update(canonical, 'utf8').digest('hex') };
}

/** The shard of each unit the plan holds, for `total` shards. */
export function planAssignment(plan: ShardPlan, total: number): Map<string, number> {
  const load = new Array<number>(total).fill(0);
  const order = Object.entries(plan.times).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const assigned = new Map<string, number>();
  for (const [unit, seconds] of order) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest]! += seconds;
    assigned.set(unit, lightest + 1);
  }
  return assigned;
}

/** The shard of `total` that owns a benchmark the harness printed as `raw`: the plan's, or the hash's. */
export function plannedShardOf(format: string, raw: string, total: number, assignment: ReadonlyMap<string, number> | null): number {
  const unit = shardUnit(format, raw);
  return assignment?.get(unit) ?? shardOfName(unit, total);
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * The plan a log's runs give: per unit, the median wall time of a repetition of its count runs
 * (per-benchmark counts measure each benchmark alone), or else the sum over its benchmarks of the
 * median time each reported in seconds (a harness's time per operation: a unit's share of a run
 * when each benchmark runs a fixed amount of work, as Go's -benchtime Nx).
 */
export function planFromRuns(format: string, runs: readonly Run[]): ShardPlan {
  const times: Record<string, number> = {};
  const counted = runs.filter((r) => r.benchmark !== undefined && r.error === undefined);
  if (counted.length > 0) {
    const perRepetition = new Map<string, Map<string, number>>();
    for (const r of counted) {
      const unit = shardUnit(format, r.benchmark!);
      const reps = perRepetition.get(unit) ?? new Map<string, number>();
      const key = `${r.side} ${r.round}`;
      reps.set(key, (reps.get(key) ?? 0) + r.wallMs / 1000);
      perRepetition.set(unit, reps);
    }
    for (const [unit, reps] of perRepetition) times[unit] = median([...reps.values()]);
    return withDigest(times);
  }
  const values = new Map<string, number[]>();
  for (const r of runs)
    for (const m of r.measurements)
      if (m.metric === 'time' && m.unit === 's' && m.values.length > 0)
        values.set(m.benchmark, [...(values.get(m.benchmark) ?? []), ...m.values]);
  for (const [benchmark, xs] of values) {
    const unit = shardUnit(format, benchmark);
    times[unit] = (times[unit] ?? 0) + median(xs);
  }
  return withDigest(times);
}

/** The file a plan is written as. */
export function shardPlanText(plan: ShardPlan): string {
  const sorted = Object.fromEntries(Object.entries(plan.times).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify({ benchgateShardPlan: SHARD_PLAN_VERSION, times: sorted }, null, 2)}\n`;
}
