import { describe, expect, it } from '@jest/globals';
import { attributeFunctions, MAX_FUNCTIONS, type AttributionInput } from '../../src/counts/attribution.js';
import { perOpSeries, ZERO_PER_OP } from '../../src/counts/per-op-functions.js';
import type { BenchmarkProfile, Side } from '../../src/model.js';
import { studentTQuantile } from '../../src/stats/student-t.js';
import { profile } from '../builders.js';

const WORKS: [number, number] = [1000, 3000];

/**
 * A profile of one repetition whose functions (name -> per op; file "b.go" unless "file:name") count
 * a fixed 5000 at the small work and per op × 2000 more at the large one.
 */
function rep(side: Side, round: number, perOp: Record<string, number>, unnamedPerOp = 0): BenchmarkProfile {
  const files: string[] = [];
  const functions = Object.entries(perOp).map(([key, n]): BenchmarkProfile['functions'][number] => {
    const [file, name] = key.includes(':') ? (key.split(':') as [string, string]) : ['b.go', key];
    if (!files.includes(file)) files.push(file);
    return [files.indexOf(file), name, 5000, 5000 + n * (WORKS[1] - WORKS[0])];
  });
  return profile({ side, round, works: WORKS, files, functions, unnamed: [100, 100 + unnamedPerOp * 2000] });
}

/** The totals a benchmark whose functions are `reps` would have: each repetition's sum per op, plus `other`. */
function input(base: Record<string, number>[], head: Record<string, number>[], other = 0, level = 0.01): AttributionInput {
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0) + other;
  return {
    profiles: [...base.map((r, i) => rep('base', i + 1, r)), ...head.map((r, i) => rep('head', i + 1, r))],
    totals: { base: base.map(sum), head: head.map(sum) },
    level,
  };
}

describe('perOpSeries', () => {
  it('differences each repetition over its work difference, a function absent from one counting 0 there', () => {
    const series = perOpSeries([rep('head', 2, { f: 3 }), rep('base', 1, { f: 2, g: 1 }), rep('head', 1, { f: 4, 'c.go:g': 1 })]);
    expect(series.repetitions).toEqual({ base: 1, head: 2 });
    expect(series.functions).toEqual([
      { file: 'b.go', name: 'f', base: [2], head: [4, 3] },
      { file: 'b.go', name: 'g', base: [1], head: [0, 0] },
      { file: 'c.go', name: 'g', base: [0], head: [1, 0] },
    ]);
  });
});

describe('attributeFunctions', () => {
  it('pools the repetitions: means per side, Δ, and a t interval from the within-side spread at the level', () => {
    const a = attributeFunctions(
      input(
        [
          { hot: 10, same: 3 },
          { hot: 11, same: 3 },
          { hot: 12, same: 3 },
        ],
        [
          { hot: 20, same: 3 },
          { hot: 22, same: 3 },
          { hot: 21, same: 3 },
        ],
      ),
    );
    expect(a.total).toEqual({ base: 14, head: 24, delta: 10 });
    expect(a.functions).toHaveLength(1);
    const hot = a.functions[0]!;
    expect([hot.name, hot.base, hot.head, hot.delta, hot.sharePct]).toEqual(['hot', 11, 21, 10, 100]);
    // Pooled variance (2 + 2) / 4 = 1; se = sqrt(1 · (1/3 + 1/3)); t at 0.995 with 4 df.
    const half = studentTQuantile(0.995, 4) * Math.sqrt(2 / 3);
    expect(hot.interval![0]).toBeCloseTo(10 - half, 12);
    expect(hot.interval![1]).toBeCloseTo(10 + half, 12);
    expect(a.explainedPct).toBe(100);
    expect(a.inlined).toEqual([]);
    expect(a.notes).toEqual([]);
  });

  it('leaves out a function whose interval holds 0 (noise), and one whose Δ is float residue below the floor', () => {
    const a = attributeFunctions(
      input(
        [
          { hot: 10, noisy: 5, residue: 1 / 3 },
          { hot: 10, noisy: 7, residue: 1 / 3 },
        ],
        [
          { hot: 30, noisy: 8, residue: 1 / 3 + ZERO_PER_OP / 2 },
          { hot: 30, noisy: 5, residue: 1 / 3 + ZERO_PER_OP / 2 },
        ],
      ),
    );
    expect(a.functions.map((f) => f.name)).toEqual(['hot']);
    // Exact counts: zero spread, the interval is Δ itself.
    expect(a.functions[0]!.interval).toEqual([20, 20]);
  });

  it('keeps any Δ above the floor with one repetition a side, without an interval', () => {
    const a = attributeFunctions(input([{ f: 10, g: 1 }], [{ f: 14, g: 1.5 }]));
    expect(a.functions.map((f) => [f.name, f.delta, f.interval])).toEqual([
      ['f', 4, null],
      ['g', 0.5, null],
    ]);
    expect(a.explainedPct).toBe(100);
  });

  it('stops once the kept functions explain 90–110% of the total Δ, largest |Δ| first', () => {
    const a = attributeFunctions(input([{ big: 10, mid: 5, small: 1 }], [{ big: 100, mid: 8, small: 2 }]));
    // big alone: 90 of 94 = 95.7%.
    expect(a.functions.map((f) => f.name)).toEqual(['big']);
    expect(a.explainedPct).toBeCloseTo((100 * 90) / 94, 10);
    expect(a.functions[0]!.sharePct).toBeCloseTo((100 * 90) / 94, 10);
  });

  it('notes inlining: a function gone on head, and the caller that grew (xxhash Sum64String, issue 32)', () => {
    // Per op as measured on cespare/xxhash e0ea1e3 -> a7909af (base total 76.8; the rest, 39.8, unchanged here).
    const base = {
      'xxhash.go:Sum64String': 26,
      'xxhash_test.go:BenchmarkSum64String.func1': 11,
      'xxhash.go:BenchmarkSum64String.func1': 0,
    };
    const head = { 'xxhash.go:Sum64String': 0, 'xxhash_test.go:BenchmarkSum64String.func1': 11, 'xxhash.go:BenchmarkSum64String.func1': 4 };
    const a = attributeFunctions(input([base], [head], 39.8));
    // Sum64String alone overshoots (−26 of −22: 118%): the caller that grew is kept too.
    expect(a.total.delta).toBeCloseTo(-22, 10);
    expect(a.functions.map((f) => [f.file, f.name, f.delta])).toEqual([
      ['xxhash.go', 'Sum64String', -26],
      ['xxhash.go', 'BenchmarkSum64String.func1', 4],
    ]);
    expect(a.explainedPct).toBe(100);
    expect(a.inlined).toEqual([
      {
        file: 'xxhash.go',
        name: 'Sum64String',
        goneOn: 'head',
        perOp: 26,
        into: { file: 'xxhash.go', name: 'BenchmarkSum64String.func1', base: 0, head: 4 },
      },
    ]);
  });

  it("takes the inlining note's caller from the callers lookup when given, by name", () => {
    const base = { gone: 20, grew: 0, other: 0 };
    const head = { gone: 0, grew: 8, other: 10 };
    const callers = (callee: { file: string; name: string }, side: Side) =>
      callee.name === 'gone' && side === 'base' ? [{ file: 'caller.go', name: 'grew' }] : [];
    const guessed = attributeFunctions(input([base], [head]));
    expect(guessed.inlined.map((i) => i.into.name)).toEqual(['other']);
    const looked = attributeFunctions({ ...input([base], [head]), callers });
    expect(looked.inlined.map((i) => [i.name, i.goneOn, i.perOp, i.into.name])).toEqual([['gone', 'head', 20, 'grew']]);
    // A function gone with no caller that grew (the uuid allocation) gets no note.
    expect(attributeFunctions(input([{ mallocgc: 36, parse: 133 }], [{ mallocgc: 0, parse: 127 }])).inlined).toEqual([]);
    // Nor does a runtime function that stops running, even where a caller grew: an allocation gone is not inlining.
    const runtime = input(
      [{ '/go/src/runtime/malloc.go:newobject': 14, 'uuid.go:Parse': 284 }],
      [{ '/go/src/runtime/malloc.go:newobject': 0, 'uuid.go:Parse': 300 }],
    );
    expect(attributeFunctions(runtime).inlined).toEqual([]);
  });

  it('keeps at most MAX_FUNCTIONS when many small changes explain the Δ, and says the share', () => {
    const many = (k: number) => Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${String(i).padStart(2, '0')}`, k]));
    const a = attributeFunctions(input([many(1)], [many(2)]));
    expect(a.functions).toHaveLength(MAX_FUNCTIONS);
    expect(a.explainedPct).toBe(50);
    expect(a.functions[0]!.sharePct).toBe(2.5);
  });

  it('says when unnamed code carries more than a tenth of the change, and keeps the totals', () => {
    const profiles = [rep('base', 1, { f: 10 }, 50), rep('head', 1, { f: 11 }, 80)];
    const a = attributeFunctions({ profiles, totals: { base: [60], head: [91] }, level: 0.01 });
    expect(a.total).toEqual({ base: 60, head: 91, delta: 31 });
    expect(a.notes).toEqual(['97% of the change is in code valgrind could not name (???): built without symbols: add -g / do not strip']);
    expect(a.explainedPct).toBeCloseTo(100 / 31, 10);
    const named = attributeFunctions({
      profiles: [rep('base', 1, { f: 10 }, 50), rep('head', 1, { f: 40 }, 51)],
      totals: { base: [60], head: [91] },
      level: 0.01,
    });
    expect(named.notes).toEqual([]);
  });
});
