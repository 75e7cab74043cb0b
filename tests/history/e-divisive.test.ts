import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  CHANGE_POINT_DEFAULTS,
  changePoints,
  OTAVA_RULE,
  pointsOn,
  splitIndexes,
  type ChangePoint,
  type ChangePointOptions,
} from '../../src/history/e-divisive.js';
import { createRng } from '../../src/stats/index.js';

/** Written by tests/fixtures/history/otava-reference.py (Apache Otava 0.8.0). */
interface OtavaPoint {
  index: number;
  p: number;
  meanBefore: number;
  meanAfter: number;
}
interface ReferenceCase {
  name: string;
  options: Omit<ChangePointOptions, 'significance'>;
  series: number[];
  otava: OtavaPoint[];
  otavaWeak: OtavaPoint[];
}
const reference = JSON.parse(readFileSync(new URL('../fixtures/history/otava-reference.json', import.meta.url), 'utf8')) as {
  otava: string;
  cases: ReferenceCase[];
};
const cases = reference.cases.map((c) => [c.name, c] as const);

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Each point's sizes and means are those of the segments between it and its neighbouring points. */
function expectFinalSegments(series: readonly number[], points: readonly ChangePoint[]): void {
  const bounds = [0, ...points.map((c) => c.index), series.length];
  points.forEach((c, i) => {
    const before = series.slice(bounds[i], bounds[i + 1]);
    const after = series.slice(bounds[i + 1], bounds[i + 2]);
    expect([c.index, c.nBefore, c.nAfter]).toEqual([c.index, before.length, after.length]);
    expect(c.meanBefore).toBeCloseTo(mean(before), 9);
    expect(c.meanAfter).toBeCloseTo(mean(after), 9);
  });
}

describe('changePoints against Apache Otava', () => {
  it('has cases from Otava 0.8.0: its published series and simulated ones', () => {
    expect(reference.otava).toBe('0.8.0');
    expect(reference.cases.filter((c) => c.name.startsWith('tigerbeetle')).length).toBeGreaterThanOrEqual(8);
    expect(reference.cases.filter((c) => c.name.startsWith('simulated')).length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)("%s: the split step finds Otava's weak change points, with its t-tests' p-values and means", (_name, c) => {
    const weak = splitIndexes(c.series, { ...OTAVA_RULE, ...c.options });
    expect(weak).toEqual(c.otavaWeak.map((p) => p.index));
    pointsOn(c.series, weak, 't-test').forEach((p, i) => {
      const theirs = c.otavaWeak[i]!;
      expect(Math.abs(p.p - theirs.p)).toBeLessThanOrEqual(1e-9 * Math.max(theirs.p, 1e-300));
      expect(p.meanBefore).toBeCloseTo(theirs.meanBefore, 9);
      expect(p.meanAfter).toBeCloseTo(theirs.meanAfter, 9);
    });
  });

  it.each(cases)(
    "%s: benchgate's change points are at Otava's split positions; their p-values are the max-split bound's on their final segments, not Otava's",
    (_name, c) => {
      const options = { ...CHANGE_POINT_DEFAULTS, ...c.options };
      const ours = changePoints(c.series, options);
      const weak = new Set(c.otavaWeak.map((p) => p.index));
      expect(ours.filter((p) => !weak.has(p.index))).toEqual([]);
      expect(ours).toEqual(
        pointsOn(
          c.series,
          ours.map((p) => p.index),
          'max-split',
        ),
      );
      for (const p of ours) expect(p.p).toBeLessThan(options.maxP);
    },
  );
});

describe('changePoints', () => {
  it('finds nothing in a constant series and nothing in one too short to split', () => {
    expect(changePoints(Array(40).fill(5))).toEqual([]);
    expect(changePoints([1])).toEqual([]);
    expect(changePoints([])).toEqual([]);
  });

  it('finds a clean step exactly where it starts', () => {
    const series = Array.from({ length: 60 }, (_, i) => (i < 35 ? 100 : 110) + ((i * 7) % 5) / 10);
    expect(changePoints(series).map((c) => c.index)).toEqual([35]);
  });

  it('refuses a window shorter than 2', () => {
    expect(() => changePoints([1, 2, 3], { ...CHANGE_POINT_DEFAULTS, windowLength: 1 })).toThrow(/windowLength/);
  });

  // Otava 0.8.0's merge step retests the right neighbour of a removed point and the one after
  // it, so the left neighbour kept numbers from a segment that no longer exists.
  it.each(cases)("%s: each point's change is computed on its final neighbouring segments, under either rule", (_name, c) => {
    for (const rule of [OTAVA_RULE, CHANGE_POINT_DEFAULTS]) {
      expectFinalSegments(c.series, changePoints(c.series, { ...rule, ...c.options }));
    }
  });

  // The case: a flat 500-commit series at CV 2.66% (seed 6) where Otava's rule keeps
  // +1.61% at 146 and -1.36% at 204, the latter computed against 58 commits instead of 296.
  it('computes a kept point against the segment its removed neighbour joined', () => {
    const rng = createRng(6);
    const flat = Array.from({ length: 500 }, () => Math.round(100 * (1 + 0.0266 * rng.normal()) * 1e4) / 1e4);
    const otava = changePoints(flat, OTAVA_RULE);
    expect(otava.map((p) => p.index)).toEqual([146, 204]);
    expectFinalSegments(flat, otava);
    expect(changePoints(flat)).toEqual([]);
  });

  it('keeps false change points off at least 95 of 100 flat series of 500 commits at CV 2.66%, where Otava reports them on 15', () => {
    const rng = createRng(2026);
    let ours = 0;
    let otava = 0;
    for (let s = 0; s < 100; s++) {
      const flat = Array.from({ length: 500 }, () => 100 * (1 + 0.0266 * rng.normal()));
      if (changePoints(flat).length > 0) ours++;
      if (changePoints(flat, OTAVA_RULE).length > 0) otava++;
    }
    expect(ours).toBeLessThanOrEqual(5);
    expect(otava).toBeGreaterThanOrEqual(15);
  });
});
