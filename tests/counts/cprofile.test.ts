import { describe, expect, it } from '@jest/globals';
import { cprofileProfile, parseCProfileCalls, type FunctionCalls } from '../../src/counts/cprofile.js';
import { FormatError } from '../../src/formats/types.js';
import { MAX_NAME_CHARS, PROFILE_MAX_FUNCTIONS } from '../../src/model.js';

const NAME = 'tests/test_x.py::test_x';
/** pytest-benchmark's JSON as the benchgate_cprofile plugin extends it (its other keys do not matter here). */
const output = (tables: unknown) => JSON.stringify({ machine_info: {}, benchmarks: [], benchgate_cprofile: tables });
const row = (file: string, name: string, calls: number, line = 1): FunctionCalls => ({ file, line, name, calls });
const ROOT = '/work/base';

describe('parseCProfileCalls', () => {
  it("reads each function's file, first line, name and calls for the benchmark", () => {
    const text = output({
      [NAME]: [
        ['/work/base/tests/lib.py', 4, 'work', 1000],
        ['~', 0, "<method 'disable' of '_lsprof.Profiler' objects>", 1000],
      ],
    });
    expect(parseCProfileCalls(text, NAME)).toEqual([
      row('/work/base/tests/lib.py', 'work', 1000, 4),
      row('~', "<method 'disable' of '_lsprof.Profiler' objects>", 1000, 0),
    ]);
  });

  it('refuses output without the plugin key, without the benchmark, or with a malformed row, naming what is wrong', () => {
    expect(() => parseCProfileCalls('{"benchmarks": []}', NAME)).toThrow(/expected an object at benchgate_cprofile/);
    expect(() => parseCProfileCalls(output({ other: [] }), NAME)).toThrow(/no calls for "tests\/test_x.py::test_x"/);
    expect(() => parseCProfileCalls(output({ [NAME]: [['/a.py', 1, 'f', '3']] }), NAME)).toThrow(
      /expected a number at benchgate_cprofile\[name\]\[0\]\[3\]/,
    );
    expect(() => parseCProfileCalls('{"benchgate_cprofile": ', NAME)).toThrow(FormatError);
  });

  it('does not take a key of Object.prototype for a benchmark', () => {
    expect(() => parseCProfileCalls(output({}), 'constructor')).toThrow(/no calls for "constructor"/);
  });
});

describe('cprofileProfile', () => {
  const pass = (small: FunctionCalls[], large: FunctionCalls[], roots = [ROOT]) =>
    cprofileProfile({ benchmark: NAME, side: 'head', works: [100, 200], small, large, roots });

  it('pairs the two works into a round-0 calls profile, worktree files relative, C functions dropped', () => {
    const p = pass(
      [row('/work/base/tests/lib.py', 'helper', 200), row('/usr/lib/python3.11/json/encoder.py', 'encode', 100), row('~', 'len', 100)],
      [row('/work/base/tests/lib.py', 'helper', 400), row('/usr/lib/python3.11/json/encoder.py', 'encode', 200), row('~', 'len', 200)],
    );
    expect(p).toEqual({
      benchmark: NAME,
      side: 'head',
      round: 0,
      works: [100, 200],
      tool: 'cprofile',
      level: 'calls',
      files: ['tests/lib.py', '/usr/lib/python3.11/json/encoder.py'],
      functions: [
        [0, 'helper', 200, 400],
        [1, 'encode', 100, 200],
      ],
      rest: [0, 0],
      unnamed: [0, 0],
    });
  });

  it('keeps only functions whose calls differ between the works, one seen at a single work at 0 on the other', () => {
    const p = pass(
      [row('/work/base/a.py', 'setup', 1), row('/work/base/a.py', 'once', 1)],
      [row('/work/base/a.py', 'setup', 1), row('/work/base/a.py', 'late', 5)],
    );
    expect(p.functions).toEqual([
      [0, 'late', 0, 5],
      [0, 'once', 1, 0],
    ]);
  });

  it('adds up functions of one name in one file, and makes files under the resolved root relative too', () => {
    const p = pass(
      [row('/real/base/m.py', '__init__', 10, 3), row('/real/base/m.py', '__init__', 10, 9)],
      [row('/real/base/m.py', '__init__', 20, 3), row('/real/base/m.py', '__init__', 20, 9)],
      [ROOT, '/real/base'],
    );
    expect(p.files).toEqual(['m.py']);
    expect(p.functions).toEqual([[0, '__init__', 20, 40]]);
  });

  it('does not take a sibling directory that shares the root as a prefix for the worktree', () => {
    expect(pass([], [row('/work/base-other/x.py', 'f', 1)]).files).toEqual(['/work/base-other/x.py']);
  });

  it('bounds the functions to PROFILE_MAX_FUNCTIONS, largest change first, the others summed in rest', () => {
    const n = PROFILE_MAX_FUNCTIONS + 3;
    const names = Array.from({ length: n }, (_, i) => `f${i}`);
    const p = pass(
      names.map((name) => row('/work/base/a.py', name, 1)),
      names.map((name, i) => row('/work/base/a.py', name, 2 + i)),
    );
    expect(p.functions).toHaveLength(PROFILE_MAX_FUNCTIONS);
    expect(p.functions[0]).toEqual([0, `f${n - 1}`, 1, n + 1]);
    // f0, f1, f2 changed least: 1 -> 2, 1 -> 3, 1 -> 4.
    expect(p.rest).toEqual([3, 9]);
  });

  it('clips file and function names to what the log holds', () => {
    const long = 'x'.repeat(MAX_NAME_CHARS + 10);
    const p = pass([], [row(`/elsewhere/${long}`, long, 1)]);
    expect(p.files[0]).toHaveLength(MAX_NAME_CHARS);
    expect(p.functions[0]![1]).toHaveLength(MAX_NAME_CHARS);
  });
});
