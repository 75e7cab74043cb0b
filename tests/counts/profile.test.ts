import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCachegrind } from '../../src/counts/cachegrind.js';
import { addCount, emptyTable, type FunctionTable } from '../../src/counts/function-table.js';
import { buildProfile, type ProfileKey } from '../../src/counts/profile.js';
import { ZERO_PER_OP } from '../../src/counts/per-op-functions.js';
import { MAX_NAME_CHARS, PROFILE_MAX_FUNCTIONS } from '../../src/model.js';
import { execArgvCounted, type TreeCounts } from '../../src/runner/instructions.js';
import { tempDir } from '../e2e/helpers.js';
import { GO_PATH as PATH, hasTool, itWhen } from '../helpers/toolchains.js';
import { realExecutor } from '../../src/runner/executor.js';

const itWithGo = itWhen(() => hasTool('go', 'version') && hasTool('valgrind', '--version'));

/** A Go package of `n` small functions, each called once per op by BenchmarkAll. */
function manyFunctions(n: number): Record<string, string> {
  const fns = Array.from({ length: n }, (_, i) => `//go:noinline\nfunc f${i}(x uint64) uint64 { return x*${2 * i + 3} + ${i} }\n`);
  const calls = Array.from({ length: n }, (_, i) => `\tx = f${i}(x)\n`).join('');
  return {
    'go.mod': 'module example.com/big\n\ngo 1.21\n',
    'big.go': `package big\n\n${fns.join('\n')}\nfunc All(x uint64) uint64 {\n${calls}\treturn x\n}\n`,
    'big_test.go':
      'package big\n\nimport "testing"\n\nvar sink uint64\n\nfunc BenchmarkAll(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t\tsink += All(uint64(i))\n\t}\n}\n',
  };
}

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

describe('the bound on a real binary', () => {
  itWithGo(
    "keeps a 5,000-function Go benchmark's lines within 200 KB per benchmark (2 sides × 6 repetitions + 4 passes)",
    async () => {
      const dir = tempDir();
      for (const [name, text] of Object.entries(manyFunctions(5000))) writeFileSync(path.join(dir, name), text);
      const env = { ...process.env, PATH, GOMAXPROCS: '1', GOGC: 'off' };
      execFileSync('go', ['test', '-c', '-o', 'big.test', '.'], { cwd: dir, env });
      const count = async (work: number) => {
        const argv = [path.join(dir, 'big.test'), '-test.run=^$', '-test.bench=.', `-test.benchtime=${work}x`];
        const r = await execArgvCounted(realExecutor, argv, { cwd: dir, env, timeoutSec: 120, worktree: dir });
        return { work, table: (r.counts as TreeCounts).table };
      };
      const profile = buildProfile(KEY, await count(1000), await count(2000));
      expect(profile.functions).toHaveLength(PROFILE_MAX_FUNCTIONS);
      expect(profile.files).toContain('big.go');
      // The 4,800 functions beyond the bound, one op's worth each, are in rest.
      expect(profile.rest[1] - profile.rest[0]).toBeGreaterThan(4000 * 1000);
      const bytes = JSON.stringify({ type: 'profile', profile }).length;
      expect(bytes).toBeLessThan(20_000);
      expect(16 * bytes).toBeLessThan(200 * 1024);
    },
    120_000,
  );
});
