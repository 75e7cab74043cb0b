import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCachegrind } from '../../src/counts/cachegrind.js';
import { addCount, emptyTable, type FunctionTable } from '../../src/counts/function-table.js';
import { buildProfile, type ProfileKey } from '../../src/counts/profile.js';
import { ZERO_PER_OP } from '../../src/counts/per-op-functions.js';
import { MAX_NAME_CHARS, PROFILE_MAX_FUNCTIONS } from '../../src/model.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/cachegrind/', import.meta.url));
const tableOf = (name: string) => parseCachegrind(readFileSync(`${FIXTURES}${name}`, 'utf8')).table;
const KEY: ProfileKey = { benchmark: 'B', side: 'head', round: 3, tool: 'cachegrind', level: 'instructions' };

/** A table from [file, name, count] rows. */
function table(rows: [string, string, number][], unnamed = 0): FunctionTable {
  const t = emptyTable();
  for (const [file, name, count] of rows) addCount(t, file, name, count);
  t.unnamed = unnamed;
  return t;
}

describe('buildProfile', () => {
  it("keeps a real C program's functions that grow with the work, the loop's own first", () => {
    const profile = buildProfile(KEY, { work: 2000, table: tableOf('c-2000.cg') }, { work: 1000, table: tableOf('c-1000.cg') });
    expect(profile).toMatchObject({ ...KEY, works: [1000, 2000], rest: [0, 0], unnamed: [142, 142] });
    expect(profile.functions.slice(0, 2)).toEqual([
      [0, 'helper', 59000, 118000],
      [0, 'work', 6013, 12013],
    ]);
    expect(profile.files[0]).toBe('/tmp/cgfx/prog.c');
    // The loader and libc's start-up do the same at both works: left out.
    expect(profile.files).not.toContain('./elf/./elf/dl-lookup.c');
    for (const [, , small, large] of profile.functions) expect(small).not.toBe(large);
    expect(profile.functions.length).toBeLessThan(20);
  });

  it('keeps at most the bound, largest |large − small| first, the rest summed, files interned', () => {
    const rows = (k: number): [string, string, number][] =>
      Array.from({ length: 250 }, (_, i) => [`f${i % 3}.go`, `fn${i}`, 1000 + k * (i + 1)] as [string, string, number]);
    const small = table([...rows(1), ['same.go', 'init', 5000], ['shrinks.go', 'cache', 900]], 7);
    const large = table([...rows(2), ['same.go', 'init', 5000], ['shrinks.go', 'cache', 100]], 9);
    const profile = buildProfile(KEY, { work: 10, table: small }, { work: 20, table: large });
    expect(profile.functions).toHaveLength(PROFILE_MAX_FUNCTIONS);
    // fn249 grows by 250, the shrinking cache by 800: by magnitude, the cache comes first.
    expect(profile.functions[0]).toEqual([profile.files.indexOf('shrinks.go'), 'cache', 900, 100]);
    expect(profile.functions[1]).toEqual([profile.files.indexOf('f0.go'), 'fn249', 1250, 1500]);
    expect(profile.files.sort()).toEqual(['f0.go', 'f1.go', 'f2.go', 'shrinks.go']);
    // 251 changed: the 51 smallest changes (fn0..fn50: +1..+51) are summed in rest.
    const restSmall = Array.from({ length: 51 }, (_, i) => 1000 + (i + 1)).reduce((a, b) => a + b, 0);
    expect(profile.rest).toEqual([restSmall, restSmall + (51 * 52) / 2]);
    expect(profile.unnamed).toEqual([7, 9]);
    expect(profile.functions.some(([, name]) => name === 'init')).toBe(false);
  });

  it('sums in rest a function that moved by less than ZERO_PER_OP per op (background noise)', () => {
    const small = table([
      ['b.go', 'loop', 1000],
      ['runtime.go', 'sysmon', 5000],
    ]);
    const large = table([
      ['b.go', 'loop', 101_000],
      ['runtime.go', 'sysmon', 5000 + ZERO_PER_OP * 10_000 - 1],
    ]);
    const profile = buildProfile(KEY, { work: 10_000, table: small }, { work: 20_000, table: large });
    expect(profile.functions).toEqual([[0, 'loop', 1000, 101_000]]);
    expect(profile.files).toEqual(['b.go']);
    expect(profile.rest).toEqual([5000, 5000 + ZERO_PER_OP * 10_000 - 1]);
  });

  it('counts a function missing at one work as 0 there', () => {
    const profile = buildProfile(KEY, { work: 1, table: table([['a.c', 'old', 30]]) }, { work: 2, table: table([['a.c', 'new', 40]]) });
    expect(profile.functions).toEqual([
      [0, 'new', 0, 40],
      [0, 'old', 30, 0],
    ]);
  });

  it('clips names the log cannot hold, summing two clipped alike', () => {
    const long = 'x'.repeat(MAX_NAME_CHARS);
    const profile = buildProfile(
      KEY,
      { work: 1, table: table([]) },
      {
        work: 2,
        table: table([
          ['a.c', `${long}1`, 5],
          ['a.c', `${long}2`, 6],
        ]),
      },
    );
    expect(profile.functions).toEqual([[0, long, 0, 11]]);
  });
});
