/** The shard split (docs/shards.md): stable, disjoint, covering, by normalised name; and which formats can be sharded. */
import { describe, expect, it } from '@jest/globals';
import { resolveConfig, sourced } from '../../src/config.js';
import { shardOfBenchmark, shardOfName, shardOwns, shardUnit, unshardable } from '../../src/harness/shard-split.js';

const flags = (raw: Record<string, unknown>) => sourced(raw, (k) => `--${k}`);
const resolve = (raw: Record<string, unknown>) => resolveConfig([flags({ bench: 'x {filter}', format: 'benchgate', ...raw })], '.');
const names = Array.from({ length: 1000 }, (_, i) => `BenchmarkCase${i}/size=${i % 7}`);

describe('the shard split', () => {
  it('is stable: pinned shards of known names, the same in every release (a change moves benchmarks between shards)', () => {
    // SHA-256's first 6 bytes, mod N, plus 1: pinned so that an accidental change of hash fails here.
    expect(['BenchmarkParse', 'BM_Sort/64', 'a', 'b', 'c'].map((n) => shardOfName(n, 4))).toMatchInlineSnapshot(`
     [
       2,
       3,
       4,
       2,
       1,
     ]
    `);
  });

  it('puts each benchmark in exactly one shard, every shard in range, for 1 to 8 shards', () => {
    for (let total = 1; total <= 8; total++) {
      const counts = new Array<number>(total + 1).fill(0);
      for (const n of names) {
        const owners = Array.from({ length: total }, (_, i) => i + 1).filter((index) => shardOwns('benchgate', { index, total }, n));
        expect(owners).toHaveLength(1);
        counts[owners[0]!]!++;
      }
      // Balanced by count: each shard within 25% of an even share of 1000 names.
      for (let i = 1; i <= total; i++) expect(Math.abs(counts[i]! - 1000 / total)).toBeLessThan(250 / total + 40);
    }
  });

  it("splits by the normalised name: Go's GOMAXPROCS suffix does not move a benchmark", () => {
    for (const n of names.slice(0, 50)) {
      const owner = shardOfBenchmark('go', n, 5);
      expect(shardOwns('go', { index: owner, total: 5 }, `${n}-8`)).toBe(true);
      expect(shardOwns('go', { index: owner, total: 5 }, `${n}-64`)).toBe(true);
    }
  });

  it('splits by the unit the filter selects and the list mode lists: a Go top-level benchmark without package, a Catch2 test case, a JMH method', () => {
    expect(shardUnit('go', 'example.com/m/pkg.BenchmarkSizes/n=10-8')).toBe('BenchmarkSizes');
    expect(shardUnit('go', 'BenchmarkSizes')).toBe('BenchmarkSizes');
    expect(shardUnit('go', 'example.com/m.BenchmarkX-2')).toBe('BenchmarkX');
    expect(shardUnit('catch2', 'sorting / small / std::sort')).toBe('sorting');
    expect(shardUnit('jmh', 'org.b.Bench.run(size=10)')).toBe('org.b.Bench.run');
    expect(shardUnit('google-benchmark', 'BM_Sort/64')).toBe('BM_Sort/64');
    for (const n of names.slice(0, 50)) {
      expect(shardOfBenchmark('go', `example.com/m.${n}-2`, 4)).toBe(shardOfName(n.split('/')[0]!, 4));
    }
  });
});

describe('which formats can be sharded', () => {
  it.each(['go', 'google-benchmark', 'criterion', 'jmh', 'catch2', 'pytest-benchmark', 'bench-bitcoin-csv', 'benchgate'])(
    '%s: its filter selects any subset',
    (format) => expect(unshardable(format)).toBeNull(),
  );
  it.each([
    ['cargo-bench', 'libtest takes one substring'],
    ['benchmarkdotnet', 'one glob'],
    ['hyperfine', 'takes no filter'],
    ['nanobench', 'takes no filter'],
    ['js', 'takes no filter'],
    ['deno', 'takes no filter'],
    ['command', 'command mode'],
  ])('%s: says why not', (format, why) => expect(unshardable(format)).toContain(why));

  it('--shard is checked where it is given: I/N in range, a format that can be sharded, a warm-up to list from', () => {
    expect(resolve({ shard: '2/4' }).shard).toEqual({ index: 2, total: 4 });
    expect(() => resolve({ shard: '0/4' })).toThrow('--shard: expected a shard I/N with 1 <= I <= N (e.g. 2/4), got "0/4"');
    expect(() => resolve({ shard: '5/4' })).toThrow('got "5/4"');
    expect(() => resolve({ shard: 'two' })).toThrow('got "two"');
    expect(() => resolve({ shard: '1/2', format: 'cargo-bench' })).toThrow(
      '--shard: shard 1/2: the cargo-bench format cannot be sharded: libtest takes one substring',
    );
    expect(() => resolveConfig([flags({ 'bench-command': 'x', shard: '1/2' })], '.')).toThrow(
      'command mode times the whole command, which takes no filter',
    );
    expect(() => resolve({ shard: '1/2', warmup: '0' })).toThrow('set warmup to 1 or more');
    // A list mode the command can take lists them instead.
    expect(resolve({ shard: '1/2', warmup: '0', format: 'go', bench: './x.test -test.bench {filter}' }).shard).toEqual({
      index: 1,
      total: 2,
    });
    expect(() => resolve({ shard: '1/2', warmup: '0', format: 'go', bench: 'cd x && go test -bench {filter}' })).toThrow(
      'set warmup to 1 or more',
    );
  });
});
