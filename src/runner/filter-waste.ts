/**
 * A bench command that ignores the filter runs the whole suite in rounds meant for a few
 * benchmarks: a shard's rounds (the matrix then saves nothing) and `rounds: auto`'s rounds after a
 * look closed some. The measurements of the other benchmarks are not used, so the verdicts stay
 * right; only the time is wasted. Measured on the first such round and said once, with the fix.
 */
import { harnessOf, normaliseName } from '../harness/index.js';
import { shardUnit } from '../harness/shard-split.js';
import type { Run } from '../model.js';
import type { ShardScope } from './shard-scope.js';

const FIX = 'add {filter} to the bench command';

/** The benchmarks the runs printed, each named by `name` (a shard's split unit, or its identity). */
const ran = (runs: readonly Run[], name: (raw: string) => string) =>
  new Set(runs.flatMap((r) => r.measurements.map((m) => name(m.benchmark)))).size;

export interface WasteWatch {
  /** After a round of a shard's own benchmarks. */
  shardRound(scope: ShardScope, runs: readonly Run[]): void;
  /** After a whole-suite round of `rounds: auto` that was for `open` benchmarks only. */
  roundFor(round: number, open: number, runs: readonly Run[]): void;
}

/** Warns (once per run of benchgate) when a round ran benchmarks it was not for. */
export function watchWaste(format: string, warn: (message: string) => void): WasteWatch {
  let said = false;
  const say = (message: string) => {
    if (!said) warn(message);
    said = true;
  };
  // Without a filter syntax there is nothing to add: the driver's note says every round ran the whole suite.
  const canFilter = harnessOf(format)?.select !== undefined;
  return {
    shardRound: (scope, runs) => {
      // A filter that fell back to the whole suite was announced with its reason already.
      if (said || !canFilter || scope.filter?.why !== undefined) return;
      if (!runs.some((r) => r.measurements.some((m) => !scope.owns(m.benchmark)))) return;
      const { index, total, benchmarks } = scope.header;
      const units = ran(runs, (raw) => shardUnit(format, raw));
      say(`shard ${index}/${total}: this shard ran ${units} benchmarks and owns ${benchmarks.length}: ${FIX} (docs/shards.md)`);
    },
    roundFor: (round, open, runs) => {
      if (said || !canFilter || open === 0) return;
      const benchmarks = ran(runs, (raw) => normaliseName(format, raw));
      if (benchmarks > open)
        say(`rounds auto: round ${round} ran ${benchmarks} benchmarks for the ${open} still open: ${FIX} (docs/adaptive.md)`);
    },
  };
}
