import { describe, expect, it } from '@jest/globals';
import { compareRuns } from '../../src/analysis/index.js';
import { createRng } from '../../src/stats/index.js';
import { DRIFTS } from '../../bench/sim/drift.js';
import { runCell, seedOf, type Cell } from '../../bench/sim/experiment.js';
import { simulateJob, toRuns, type JobSpec } from '../../bench/sim/job.js';
import { BENCHGATE_SETTINGS, METHODS } from '../../bench/sim/methods.js';
import { NORMAL } from '../../bench/sim/noise.js';
import { runCells } from '../../bench/sim/pool.js';
import { INTERLEAVED, SEQUENTIAL } from '../../bench/sim/schedules.js';

const spec = (over: Partial<JobSpec> = {}): JobSpec => ({
  benchmarks: 5,
  rounds: 10,
  noise: NORMAL,
  cv: 0.01,
  slowdown: 0,
  schedule: INTERLEAVED,
  drift: DRIFTS.none,
  ...over,
});

describe('simulated jobs', () => {
  it('become Run records that compareRuns reads as one comparison per benchmark', () => {
    const job = simulateJob(spec(), createRng(1));
    const runs = toRuns(job);
    expect(runs).toHaveLength(20);
    expect(runs.every((r) => r.measurements.length === 5 && r.measurements.every((m) => m.values.length === 1))).toBe(true);
    const comparisons = compareRuns(runs, BENCHGATE_SETTINGS);
    expect(comparisons).toHaveLength(5);
    expect(comparisons.every((c) => c.base!.n === 10 && c.head!.n === 10)).toBe(true);
  });

  it('slow only benchmark 0 of head by the given amount', () => {
    const job = simulateJob(spec({ slowdown: 0.3 }), createRng(2));
    const ratio = (b: number) => job.values[b]!.head.reduce((s, v) => s + v, 0) / job.values[b]!.base.reduce((s, v) => s + v, 0);
    expect(ratio(0)).toBeGreaterThan(1.25);
    expect(Math.abs(ratio(1) - 1)).toBeLessThan(0.02);
  });

  it('under sequential runs on a drifting machine, head looks slower without any change', () => {
    const job = simulateJob(spec({ schedule: SEQUENTIAL, drift: DRIFTS.step, cv: 0.001 }), createRng(3));
    expect(Math.min(...job.values[0]!.head)).toBeGreaterThan(Math.max(...job.values[0]!.base));
  });
});

describe('methods', () => {
  const job = simulateJob(spec({ slowdown: 0.3 }), createRng(4));

  it.each(['benchgate', 'mwu', 't', 't-holm', 'signed-rank', 'ratio-110'] as const)('%s flags a 30%% slowdown at 1%% noise', (key) => {
    expect(METHODS[key].flags(job)[0]).toBe(1);
  });

  it('the 200% ratio rule does not flag a 30% slowdown', () => {
    expect(METHODS['ratio-200'].flags(job)[0]).toBe(0);
  });

  it('report a speed-up as -1, except the ratio rules, which only alert on slowdowns', () => {
    const faster = simulateJob(spec({ slowdown: -0.3 }), createRng(5));
    expect(METHODS.benchgate.flags(faster)[0]).toBe(-1);
    expect(METHODS['signed-rank'].flags(faster)[0]).toBe(-1);
    expect(METHODS['ratio-110'].flags(faster)[0]).toBe(0);
  });
});

describe('cells', () => {
  const cell: Cell = {
    label: 'test/cell',
    benchmarks: 3,
    rounds: 5,
    noise: 'normal',
    cv: 0.02,
    slowdown: 0.2,
    schedule: 'interleaved',
    drift: 'none',
    methods: ['benchgate', 'mwu'],
    trials: 20,
  };

  it('reproduce exactly from their label, and a new label gives a new stream', () => {
    expect(runCell(cell)).toEqual(runCell({ ...cell }));
    expect(seedOf('a')).not.toBe(seedOf('b'));
    expect(runCell({ ...cell, label: 'other', slowdown: 0 })).not.toEqual(runCell({ ...cell, slowdown: 0 }));
  });

  it('count detections of the slowed benchmark and false alarms on the others', () => {
    const r = runCell(cell);
    expect(r.detected[0]).toBeGreaterThan(0.9);
    expect(r.detected[1]).toBeGreaterThan(0.9);
    expect(r.falseAlarm[1]).toBeLessThan(0.5);
  });

  it('give the same result in the worker pool as in this process', async () => {
    const cells = [cell, { ...cell, label: 'test/other', slowdown: 0 }];
    expect(await runCells(cells, 2)).toEqual(cells.map(runCell));
  });
});
