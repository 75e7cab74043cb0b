import { describe, expect, it } from '@jest/globals';
import { callAttribution, isBenchmarkedCode } from '../../src/counts/call-counts.js';
import type { BenchmarkProfile, ProfiledFunction, Side } from '../../src/model.js';

/** A cProfile profile at works 100 and 300 (span 200) with `perOp` calls per op per [file, name] above a fixed 7. */
function profile(side: Side, perOp: Record<string, number>, extra: Partial<BenchmarkProfile> = {}): BenchmarkProfile {
  const files: string[] = [];
  const functions: ProfiledFunction[] = Object.entries(perOp).map(([key, calls]) => {
    const [file, name] = key.split(':') as [string, string];
    if (!files.includes(file)) files.push(file);
    return [files.indexOf(file), name, 7 + 100 * calls, 7 + 300 * calls];
  });
  return {
    benchmark: 'b',
    side,
    round: 0,
    works: [100, 300],
    tool: 'cprofile',
    level: 'calls',
    files,
    functions,
    rest: [0, 0],
    unnamed: [0, 0],
    ...extra,
  };
}

describe('callAttribution', () => {
  it('gives calls per op from the two works, exact (interval [Δ, Δ]), shares of every |Δ|', () => {
    const a = callAttribution([
      profile('base', { 'lib.py:helper': 1, 'lib.py:work': 1 }),
      profile('head', { 'lib.py:helper': 2, 'lib.py:work': 1 }),
    ])!;
    expect(a).toEqual({
      level: 'calls',
      source: 'passes',
      total: { base: 2, head: 3, delta: 1 },
      functions: [{ file: 'lib.py', name: 'helper', base: 1, head: 2, delta: 1, interval: [1, 1], sharePct: 100 }],
      explainedPct: 100,
      inlined: [],
      callPath: null,
      callTree: null,
      notes: [],
    });
  });

  it('shares a swap of calls by the sum of |Δ|, where the signed total is 0', () => {
    const a = callAttribution([profile('base', { 'a.py:old': 2 }), profile('head', { 'a.py:old': 1, 'a.py:new': 1 })])!;
    expect(a.total.delta).toBe(0);
    expect(a.functions.map((f) => [f.name, f.delta, f.sharePct])).toEqual([
      ['new', 1, 50],
      ['old', -1, -50],
    ]);
    expect(a.explainedPct).toBe(100);
  });

  it("lists the benchmarked code's functions before the standard library's and modules', then by |Δ|", () => {
    const base = profile('base', {
      'app.py:parse': 1,
      '/usr/lib/python3.11/re/__init__.py:_compile': 1,
      '.venv/lib/python3.11/site-packages/m.py:f': 1,
    });
    const head = profile('head', {
      'app.py:parse': 2,
      '/usr/lib/python3.11/re/__init__.py:_compile': 11,
      '.venv/lib/python3.11/site-packages/m.py:f': 4,
    });
    const a = callAttribution([base, head])!;
    expect(a.functions.map((f) => f.name)).toEqual(['parse', '_compile', 'f']);
    expect(a.functions[0]!.sharePct).toBeCloseTo(100 / 14);
  });

  it('stops listing once 90% of the moved calls are explained, and says the share', () => {
    const a = callAttribution([profile('base', { 'a.py:big': 1, 'a.py:small': 1 }), profile('head', { 'a.py:big': 10, 'a.py:small': 2 })])!;
    expect(a.functions.map((f) => f.name)).toEqual(['big']);
    expect(a.explainedPct).toBeCloseTo(90);
  });

  it('lists at most 20 functions when many small changes move the calls', () => {
    const names = Array.from({ length: 30 }, (_, i) => `a.py:f${i}`);
    const a = callAttribution([
      profile('base', Object.fromEntries(names.map((n) => [n, 1]))),
      profile('head', Object.fromEntries(names.map((n) => [n, 2]))),
    ])!;
    expect(a.functions).toHaveLength(20);
    expect(a.explainedPct).toBeCloseTo((100 * 20) / 30);
  });

  it("counts the bound's rest in the totals and the moved calls", () => {
    const a = callAttribution([profile('base', { 'a.py:f': 1 }), profile('head', { 'a.py:f': 2 }, { rest: [0, 200] })])!;
    expect(a.total).toEqual({ base: 1, head: 3, delta: 2 });
    expect(a.functions[0]!.sharePct).toBe(50);
  });

  it('pools several profiles of a side by their mean, a function missing from one at 0 there', () => {
    const a = callAttribution([
      profile('base', { 'a.py:f': 1 }),
      profile('head', { 'a.py:f': 2 }),
      profile('head', { 'a.py:f': 2, 'a.py:g': 2 }),
    ])!;
    expect(a.functions.map((f) => [f.name, f.head])).toEqual([
      ['f', 2],
      ['g', 1],
    ]);
  });

  it('says in one note when no function moved (the same calls doing more work)', () => {
    const a = callAttribution([profile('base', { 'a.py:f': 1 }), profile('head', { 'a.py:f': 1 })])!;
    expect(a.functions).toEqual([]);
    expect(a.explainedPct).toBeNull();
    expect(a.notes).toEqual([expect.stringMatching(/^no Python function's calls per op changed/)]);
  });

  it('needs a cProfile profile on both sides; other tools are not its level', () => {
    expect(callAttribution([profile('base', { 'a.py:f': 1 })])).toBeNull();
    expect(
      callAttribution([profile('base', { 'a.py:f': 1 }), profile('head', { 'a.py:f': 1 }, { tool: 'cachegrind', level: 'instructions' })]),
    ).toBeNull();
  });
});

describe('isBenchmarkedCode', () => {
  it('is a file inside the worktree outside installed modules', () => {
    expect(isBenchmarkedCode('pkg/mod.py')).toBe(true);
    expect(isBenchmarkedCode('/usr/lib/python3.11/json/encoder.py')).toBe(false);
    expect(isBenchmarkedCode('<frozen importlib._bootstrap>')).toBe(false);
    expect(isBenchmarkedCode('.venv/lib/python3.11/site-packages/m.py')).toBe(false);
    expect(isBenchmarkedCode('site-packages/m.py')).toBe(false);
  });
});
