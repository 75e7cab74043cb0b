import { describe, expect, it } from '@jest/globals';
import { watchWaste } from '../../src/runner/filter-waste.js';
import type { ShardScope } from '../../src/runner/shard-scope.js';
import { measurement, run } from '../builders.js';

const PKG = 'example.com/m.Benchmark';
const ALL = ['A', 'B', 'C', 'D', 'Sizes/n=1', 'Sizes/n=2'].map((n) => `${PKG}${n}-2`);
const OWN = new Set(['A', 'Sizes'].map((n) => `Benchmark${n}`));

/** Shard 2/3 of a Go suite, owning A and Sizes (two sub-benchmarks): what shard-scope.ts builds. */
function scope(why?: string): ShardScope {
  const owns = (raw: string) => OWN.has(raw.replace(/^.*\.(Benchmark[^/]*).*$/, '$1').replace(/-\d+$/, ''));
  return {
    header: { index: 2, total: 3, benchmarks: [...OWN].sort(), listed: 5 },
    open: ALL.filter(owns),
    all: ALL,
    filter: { env: {}, ...(why === undefined ? { open: ALL.filter(owns) } : { why }) },
    expected: { base: new Set(), head: new Set() },
    learns: true,
    owns,
  };
}

const round = (names: readonly string[]) =>
  (['base', 'head'] as const).map((side) => run({ side, measurements: names.map((benchmark) => measurement({ benchmark })) }));

function watch(format = 'go') {
  const said: string[] = [];
  return { said, waste: watchWaste(format, (m) => said.push(m)) };
}

describe('a round that ran more than it was for', () => {
  it("says once what a shard's round wasted, in the units the shard owns", () => {
    const { said, waste } = watch();
    waste.shardRound(scope(), round(ALL));
    waste.shardRound(scope(), round(ALL));
    expect(said).toEqual(['shard 2/3: this shard ran 5 benchmarks and owns 2: add {filter} to the bench command (docs/shards.md)']);
  });

  it('is silent when the round ran only the shard, or the fallback to the whole suite was announced already', () => {
    const { said, waste } = watch();
    waste.shardRound(scope(), round(ALL.filter(scope().owns)));
    waste.shardRound(scope('the filter would be too long'), round(ALL));
    expect(said).toEqual([]);
  });

  it('says once when a rounds-auto round ran the whole suite for the few still open', () => {
    const { said, waste } = watch();
    waste.roundFor(6, 6, round(ALL));
    expect(said).toEqual([]);
    waste.roundFor(7, 2, round(ALL));
    waste.roundFor(8, 1, round(ALL));
    expect(said).toEqual([
      'rounds auto: round 7 ran 6 benchmarks for the 2 still open: add {filter} to the bench command (docs/adaptive.md)',
    ]);
  });

  it('gives no advice a harness without a filter could follow', () => {
    const { said, waste } = watch('hyperfine');
    waste.roundFor(7, 2, round(ALL));
    expect(said).toEqual([]);
  });
});
