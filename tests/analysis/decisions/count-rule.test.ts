import { describe, expect, it } from '@jest/globals';
import { COUNT_DEFAULTS } from '../../../src/counts/defaults.js';
import { replayCountLooks } from '../../../src/analysis/decisions/count-looks.js';
import { countBoundPolicy, countLevel, decideCounts, type CountMember } from '../../../src/analysis/decisions/count-rule.js';
import { createRng } from '../../../src/stats/index.js';

/** `reps` per-op counts around `perOp`, with a log-scale sd of `sd`, seeded. */
function counts(seed: number, perOp: number, reps: number, sd = 0.002): number[] {
  const rng = createRng(seed);
  return Array.from({ length: reps }, () => perOp * Math.exp(rng.normal(0, sd)));
}

/** A family of `n` unchanged benchmarks (b0…) at 3 repetitions, plus the extra members given. */
function family(n: number, extra: CountMember[] = [], reps = 3): CountMember[] {
  const quiet = Array.from({ length: n }, (_, i) => ({
    id: `b${i}`,
    base: counts(2 * i + 1, 1000 * (i + 1), reps),
    head: counts(2 * i + 2, 1000 * (i + 1), reps),
    thresholdPct: 2,
  }));
  return [...quiet, ...extra];
}

describe('countLevel and the count-bound policy', () => {
  it('spends at most 1% over every member and look', () => {
    expect(countLevel(100, 0.05, 4)).toBeCloseTo(0.01 / 400, 15);
    expect(countLevel(100, 0.001, 4)).toBeCloseTo(0.001 / 400, 15);
    const levels = countBoundPolicy(4).levels(
      [
        { id: 'a', p: null },
        { id: 'b', p: null },
      ],
      0.05,
    );
    expect([...levels.values()]).toEqual([0.01 / 8, 0.01 / 8]);
  });
});

describe('decideCounts', () => {
  it('finds a clear regression and improvement, and decides the quiet ones unchanged, at 3 repetitions', () => {
    const members = family(10, [
      { id: 'slower', base: counts(101, 5000, 3), head: counts(102, 5500, 3), thresholdPct: 2 },
      { id: 'faster', base: counts(103, 5000, 3), head: counts(104, 4000, 3), thresholdPct: 2 },
    ]);
    const out = decideCounts(members, { alpha: 0.05, final: false });
    const slower = out.get('slower')!;
    expect(slower).toMatchObject({ name: 'count-rule', verdict: 'regression', p: null, spread: 'pooled' });
    expect(slower.changePct).toBeCloseTo(10, 0);
    expect(slower.interval![0]).toBeGreaterThan(2);
    expect(out.get('faster')!.verdict).toBe('improvement');
    for (let i = 0; i < 10; i++) {
      const o = out.get(`b${i}`)!;
      expect(o.verdict).toBe('unchanged');
      expect(o.interval![0]).toBeGreaterThan(-2);
      expect(o.interval![1]).toBeLessThan(2);
    }
    expect(slower.level).toBeCloseTo(countLevel(12, 0.05), 15);
  });

  it('asks for more when the interval straddles the threshold, and is inconclusive with it at the final look', () => {
    const edge = { id: 'edge', base: counts(201, 5000, 3), head: counts(202, 5100, 3), thresholdPct: 2 };
    const members = family(10, [edge]);
    const more = decideCounts(members, { alpha: 0.05, final: false }).get('edge')!;
    expect(more.verdict).toBe('more');
    const last = decideCounts(members, { alpha: 0.05, final: true }).get('edge')!;
    expect(last.verdict).toBe('inconclusive');
    expect(last.interval![0]).toBeLessThan(2);
    expect(last.interval![1]).toBeGreaterThan(2);
  });

  it('keeps the exact rule for counts that repeat exactly', () => {
    const out = decideCounts(
      [
        { id: 'up', base: [1000, 1000, 1000], head: [1040, 1040, 1040], thresholdPct: 2 },
        { id: 'same', base: [7, 7], head: [7, 7], thresholdPct: 2 },
        { id: 'small', base: [1000, 1000], head: [1010, 1010], thresholdPct: 2 },
      ],
      { alpha: 0.05, final: false },
    );
    expect(out.get('up')).toMatchObject({ name: 'exact-count', verdict: 'regression', p: 0, spread: 'exact' });
    expect(out.get('up')!.interval![1]).toBeCloseTo(4, 10);
    expect(out.get('up')!.changePct).toBeCloseTo(4, 10);
    expect(out.get('same')).toMatchObject({ name: 'exact-count', verdict: 'unchanged', p: 1 });
    expect(out.get('small')).toMatchObject({ verdict: 'unchanged' });
  });

  it('falls back to Mann-Whitney on counts that do not repeat, flagged, and never flags them at 3 repetitions', () => {
    const wild = { id: 'wild', base: [1000, 480000, 9000], head: [300000, 2000, 70000], thresholdPct: 2 };
    const members = family(10, [wild]);
    const early = decideCounts(members, { alpha: 0.05, final: false }).get('wild')!;
    expect(early).toMatchObject({ name: 'mann-whitney', verdict: 'more', spread: 'fallback' });
    expect(early.warning?.code).toBe('counts-do-not-repeat');
    const last = decideCounts(members, { alpha: 0.05, final: true }).get('wild')!;
    expect(last).toMatchObject({ name: 'mann-whitney', verdict: 'inconclusive' });
    expect(last.p).toBeGreaterThan(0.05);
    // the wild one does not spoil the pool of the others
    expect(decideCounts(members, { alpha: 0.05, final: true }).get('b0')!.verdict).toBe('unchanged');
  });

  it('holds a benchmark far noisier than the pool to its own spread', () => {
    const noisy = { id: 'noisy', base: counts(301, 5000, 3, 0.03), head: counts(302, 5000, 3, 0.03), thresholdPct: 2 };
    const out = decideCounts(family(10, [noisy]), { alpha: 0.05, final: true });
    expect(out.get('noisy')).toMatchObject({ spread: 'own', verdict: 'inconclusive' });
    expect(out.get('b0')!.spread).toBe('pooled');
  });

  it('leaves a member with a side without counts undecided', () => {
    const out = decideCounts([{ id: 'x', base: [], head: [1, 2], thresholdPct: 2 }], { alpha: 0.05, final: true });
    expect(out.get('x')).toMatchObject({ verdict: 'inconclusive', spread: 'none', interval: null });
  });
});

describe('replayCountLooks', () => {
  it('closes clear members at the first look and runs the undecided one to the cap', () => {
    const reps = COUNT_DEFAULTS.maxRepetitions;
    const members = family(10, [{ id: 'edge', base: counts(201, 5000, reps), head: counts(202, 5100, reps), thresholdPct: 2 }], reps);
    const out = replayCountLooks(members, { alpha: 0.05 });
    expect(out.get('b3')).toMatchObject({ verdict: 'unchanged', looks: 1, repetitions: { base: 3, head: 3 } });
    const edge = out.get('edge')!;
    expect(edge.verdict).toBe('inconclusive');
    expect(edge.repetitions).toEqual({ base: reps, head: reps });
    expect(edge.looks).toBe(reps - COUNT_DEFAULTS.minRepetitions + 1);
  });

  it('makes the last repetitions the log holds the final look (a time budget ended the loop)', () => {
    const members = family(10, [{ id: 'edge', base: counts(201, 5000, 4), head: counts(202, 5100, 4), thresholdPct: 2 }], 3);
    const edge = replayCountLooks(members, { alpha: 0.05 }).get('edge')!;
    expect(edge).toMatchObject({ verdict: 'inconclusive', looks: 2, repetitions: { base: 4, head: 4 } });
  });
});
