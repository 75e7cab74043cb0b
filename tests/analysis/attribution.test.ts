/**
 * Attribution in the analysis (src/analysis/attribution.ts): a counted regression or improvement
 * says which functions changed, from the log's profile lines; an unchanged benchmark has none; and
 * the verdicts are the same with or without profiles.
 */
import { describe, expect, it } from '@jest/globals';
import { withCountAttribution, withPassAttribution } from '../../src/analysis/attribution.js';
import { analyze } from '../../src/analysis/index.js';
import type { BenchmarkProfile, Run, Side } from '../../src/model.js';
import { comparison, measurement, profile, run } from '../builders.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const WORKS: [number, number] = [1000, 2000];
const STARTUP = 3e6;

/** One repetition of `benchmark` on `side`: its two count runs, and its profile of functions `perOp` (name -> per op). */
function repetition(
  benchmark: string,
  side: Side,
  round: number,
  perOp: Record<string, number>,
): { runs: Run[]; profile: BenchmarkProfile } {
  const total = Object.values(perOp).reduce((a, b) => a + b, 0);
  const runs = WORKS.map((work) => {
    const m = measurement({
      benchmark,
      metric: 'instructions',
      unit: 'instructions',
      values: [STARTUP + total * work],
      deterministic: true,
    });
    return { ...run({ side, round, measurements: [m] }), benchmark, work } as Run;
  });
  const functions = Object.entries(perOp).map(([name, n]): BenchmarkProfile['functions'][number] => [
    0,
    name,
    100 + n * WORKS[0],
    100 + n * WORKS[1],
  ]);
  return { runs, profile: profile({ benchmark, side, round, works: WORKS, files: ['pkg/a.go'], functions }) };
}

/** A log of three repetitions a side: Parse's helper twice as costly on head; Other unchanged. */
function countLog(): { runs: Run[]; profiles: BenchmarkProfile[] } {
  const reps = [];
  for (let round = 1; round <= 3; round++) {
    reps.push(repetition('Parse', 'base', round, { Parse: 100, helper: 40, alloc: 10 }));
    reps.push(repetition('Parse', 'head', round, { Parse: 100, helper: 80, alloc: 10 }));
    reps.push(repetition('Other', 'base', round, { Other: 50 }));
    reps.push(repetition('Other', 'head', round, { Other: 50 }));
  }
  return { runs: reps.flatMap((r) => r.runs), profiles: reps.map((r) => r.profile) };
}

describe('attribution in the analysis', () => {
  it('names the function a counted regression came from, and none for an unchanged benchmark', () => {
    const { runs, profiles } = countLog();
    const result = analyze({ header: testHeader(), runs, profiles, end: null, settings: TEST_SETTINGS });
    const by = new Map(result.comparisons.map((c) => [c.benchmark, c]));
    const parse = by.get('Parse')!;
    expect(parse.verdict).toBe('regression');
    expect(parse.attribution).toEqual({
      level: 'instructions',
      source: 'counts',
      total: { base: 150, head: 190, delta: 40 },
      functions: [{ file: 'pkg/a.go', name: 'helper', base: 40, head: 80, delta: 40, interval: [40, 40], sharePct: 100 }],
      explainedPct: 100,
      inlined: [],
      callPath: null,
      callTree: null,
      notes: [],
    });
    expect(by.get('Other')!.verdict).toBe('unchanged');
    expect(by.get('Other')!.attribution).toBeUndefined();
    // Attribution never changes a verdict.
    const without = analyze({ header: testHeader(), runs, end: null, settings: TEST_SETTINGS });
    expect(without.comparisons.map((c) => [c.benchmark, c.verdict])).toEqual(result.comparisons.map((c) => [c.benchmark, c.verdict]));
    expect(without.comparisons.every((c) => c.attribution === undefined)).toBe(true);
    expect(without.gateFailed).toBe(result.gateFailed);
  });

  it('uses the repetitions the verdict used, cachegrind profiles of count runs only', () => {
    const c = comparison({ benchmark: 'B', verdict: 'improvement', baseSamples: [100], headSamples: [50] });
    const profiles = [
      profile({ side: 'base', round: 1, functions: [[0, 'f', 0, 100_000]], works: [0, 1000] }),
      profile({ side: 'head', round: 1, functions: [[0, 'f', 0, 50_000]], works: [0, 1000] }),
      // A later repetition than the samples hold, an attribution pass and another tool: not read here.
      profile({ side: 'head', round: 2, functions: [[0, 'g', 0, 9e9]], works: [0, 1000] }),
      profile({ side: 'head', round: 0, functions: [[0, 'h', 0, 9e9]], works: [0, 1000] }),
      profile({ side: 'head', round: 1, tool: 'callgrind', functions: [[0, 'i', 0, 9e9]], works: [0, 1000] }),
    ];
    const [out] = withCountAttribution([c], profiles);
    expect(out!.attribution!.functions.map((f) => [f.name, f.base, f.head])).toEqual([['f', 100, 50]]);
    expect(out!.attribution!.functions[0]!.interval).toBeNull();
    // No profile on one side: nothing to say.
    expect(withCountAttribution([c], profiles.slice(0, 1))[0]!.attribution).toBeUndefined();
    // Inconclusive: nothing to explain.
    expect(withCountAttribution([{ ...c, verdict: 'inconclusive' }], profiles)[0]!.attribution).toBeUndefined();
  });

  it('explains a timed change from its callgrind passes (round 0), named as the harness normalises it, and says what counts miss', () => {
    const timed = comparison({ benchmark: 'BenchmarkParse-2', metric: 'time', verdict: 'regression', changePct: 40 });
    const pass = (side: Side, helper: number) =>
      profile({
        benchmark: 'BenchmarkParse',
        side,
        round: 0,
        tool: 'callgrind',
        works: [1000, 2000],
        functions: [[0, 'helper', 0, helper * 1000]],
        rest: [5, 5_000_005],
      });
    // helper 10 -> 20 per op over 5,000 per op of other work: +0.2% instructions against +40% timed.
    const [out] = withPassAttribution([timed], [pass('base', 10), pass('head', 20)], 'go');
    const a = out!.attribution!;
    expect(a.source).toBe('passes');
    expect(a.total).toEqual({ base: 5010, head: 5020, delta: 10 });
    expect(a.functions.map((f) => [f.name, f.base, f.head, f.interval])).toEqual([['helper', 10, 20, null]]);
    expect(a.notes).toEqual([
      'the instructions changed +0.2% against +40.0% timed: the rest is memory, I/O, waiting or parallelism, which counts cannot see (counts-can-miss)',
    ]);
    // The instructions carry the change: no such note.
    const [carried] = withPassAttribution([{ ...timed, changePct: 0.25 }], [pass('base', 10), pass('head', 20)], 'go');
    expect(carried!.attribution!.notes).toEqual([]);
    // Count runs' profiles (round >= 1) are not passes, and an unchanged row has nothing to explain.
    expect(
      withPassAttribution(
        [timed],
        [
          { ...pass('base', 10), round: 1 },
          { ...pass('head', 20), round: 1 },
        ],
        'go',
      )[0]!.attribution,
    ).toBeUndefined();
    expect(
      withPassAttribution([{ ...timed, verdict: 'unchanged' }], [pass('base', 10), pass('head', 20)], 'go')[0]!.attribution,
    ).toBeUndefined();
  });
});
