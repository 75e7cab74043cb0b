import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { changePoints, type ChangePointOptions } from '../../src/history/e-divisive.js';

/** Written by tests/fixtures/history/otava-reference.py (Apache Otava 0.8.0). */
interface ReferenceCase {
  name: string;
  options: ChangePointOptions;
  series: number[];
  otava: { index: number; p: number; meanBefore: number; meanAfter: number }[];
}
const reference = JSON.parse(readFileSync(new URL('../fixtures/history/otava-reference.json', import.meta.url), 'utf8')) as {
  otava: string;
  cases: ReferenceCase[];
};

describe('changePoints against Apache Otava', () => {
  it('has cases from Otava 0.8.0: its published series and simulated ones', () => {
    expect(reference.otava).toBe('0.8.0');
    expect(reference.cases.filter((c) => c.name.startsWith('tigerbeetle')).length).toBeGreaterThanOrEqual(8);
    expect(reference.cases.filter((c) => c.name.startsWith('simulated')).length).toBeGreaterThanOrEqual(20);
  });

  it.each(reference.cases.map((c) => [c.name, c] as const))('%s: the same change points, p-values and means', (_name, c) => {
    const ours = changePoints(c.series, c.options);
    expect(ours.map((p) => p.index)).toEqual(c.otava.map((p) => p.index));
    ours.forEach((p, i) => {
      const theirs = c.otava[i]!;
      expect(Math.abs(p.p - theirs.p)).toBeLessThanOrEqual(1e-9 * Math.max(theirs.p, 1e-300));
      expect(p.meanBefore).toBeCloseTo(theirs.meanBefore, 9);
      expect(p.meanAfter).toBeCloseTo(theirs.meanAfter, 9);
    });
  });
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
    expect(() => changePoints([1, 2, 3], { windowLength: 1, maxP: 0.001, minMagnitude: 0 })).toThrow(/windowLength/);
  });
});
