import { describe, expect, it } from '@jest/globals';
import { analyze, compareRuns, hasFailures } from '../../src/analysis/index.js';
import { exitCodeOf } from '../../src/exit.js';
import type { Better, RunSettings, Measurement, Run, Side } from '../../src/model.js';
import { renderJson } from '../../src/report/json.js';
import { createRng, hodgesLehmann, holm, mannWhitneyU, percentChange, summarize } from '../../src/stats/index.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';
import { comparison, run } from '../builders.js';
import { verdictText } from '../../src/report/rows.js';

const settings: RunSettings = TEST_SETTINGS;

/** Runs for `rounds` rounds; `value(side, round, benchmark)` gives each measurement's values. */
function runs(
  rounds: number,
  benchmarks: string[],
  value: (side: Side, round: number, name: string) => number[] | null,
  better: Better = 'lower',
): Run[] {
  const out: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const side of ['base', 'head'] as const) {
      const measurements: Measurement[] = [];
      for (const name of benchmarks) {
        const values = value(side, round, name);
        if (values) measurements.push({ benchmark: name, metric: 'time', unit: 's', better, values });
      }
      out.push(run({ suite: 's', side, round, position: 0, startedAt: '', wallMs: 1, measurements }));
    }
  }
  return out;
}

const rng = createRng(11);
const noisy = (centre: number, cv: number) => centre * (1 + cv * rng.normal());
const byName = (r: Run[], s = settings) => Object.fromEntries(compareRuns(r, s).map((c) => [c.benchmark, c]));

describe('compareRuns verdicts', () => {
  it('flags a large slowdown as a regression and a speed-up as an improvement', () => {
    const c = byName(
      runs(10, ['slow', 'fast', 'same'], (side, _r, name) => {
        const factor = side === 'base' ? 1 : name === 'slow' ? 1.3 : name === 'fast' ? 0.7 : 1;
        return [noisy(factor, 0.005)];
      }),
    );
    expect(c.slow!.verdict).toBe('regression');
    expect(c.slow!.changePct).toBeGreaterThan(25);
    expect(c.slow!.changeCi![0]).toBeGreaterThan(20);
    expect(c.fast!.verdict).toBe('improvement');
    expect(c.same!.verdict).toBe('unchanged');
    expect(c.slow!.test).toMatchObject({ name: 'mann-whitney', p: c.slow!.p, interval: c.slow!.changeCi });
    expect(c.slow!.test!.statistic!.value).toBe(mannWhitneyU(c.slow!.baseSamples, c.slow!.headSamples).u1);
    expect(c.slow!.pAdjusted!).toBeGreaterThanOrEqual(c.slow!.p!);
  });

  it('reads direction from `better`: lower throughput is the regression', () => {
    const c = byName(runs(10, ['ops'], (side) => [noisy(side === 'base' ? 1000 : 700, 0.005)], 'higher'));
    expect(c.ops!.verdict).toBe('regression');
  });

  it('calls a significant change below the threshold unchanged, and says so', () => {
    const c = byName(runs(20, ['tiny'], (side, round) => [(side === 'base' ? 1 : 1.01) * (1 + round * 1e-5)]));
    expect(c.tiny!.pAdjusted!).toBeLessThan(0.05);
    expect(c.tiny!.verdict).toBe('unchanged');
    expect(c.tiny!.warnings.map((w) => w.code)).toContain('below-threshold');
  });

  it('judges a change from a base median of 0 (allocs/op 0 -> 3) on significance, with no percent change', () => {
    const c = byName(
      runs(10, ['allocs', 'freed'], (side, _r, name) => [name === 'allocs' ? (side === 'base' ? 0 : 3) : side === 'base' ? 3 : 0]),
    );
    expect(c.allocs!.changePct).toBeNull();
    expect(c.allocs!.pAdjusted!).toBeLessThan(0.05);
    expect(c.allocs!.verdict).toBe('regression');
    expect(c.allocs!.warnings.map((w) => w.code)).toEqual(['no-percent-change']);
    expect(c.freed!.verdict).toBe('improvement');
  });

  it('is inconclusive, with the rounds it needs, when the noise hides the threshold', () => {
    // ±10% noise, no change, and the two sides interleave: nothing separates them, and 5 rounds
    // cannot rule out a 2% change either way.
    const spread = { base: [0.9, 1.08, 0.97, 1.12, 1.0], head: [1.05, 0.92, 1.1, 0.99, 0.94] };
    const c = byName(runs(5, ['noisy'], (side, round) => [spread[side][round - 1]!]));
    expect(c.noisy!.verdict).toBe('inconclusive');
    expect(c.noisy!.roundsNeeded!).toBeGreaterThan(5);
  });

  it('uses one sample per run (its median) unless pooling is asked for', () => {
    const r = runs(4, ['b'], () => [1, 2, 3, 100]);
    expect(compareRuns(r, settings)[0]!.base!.n).toBe(4);
    expect(compareRuns(r, { ...settings, sampling: 'pooled' })[0]!.base!.n).toBe(16);
  });

  it('never crashes on one sample per side, and marks failed measurements failed', () => {
    const c = byName(runs(1, ['one'], () => [1]));
    expect(c.one!.verdict).toBe('inconclusive');
    expect(c.one!.p).toBeNull();
    const failing = runs(3, ['boom'], () => [1]).map((run) => ({
      ...run,
      measurements: run.side === 'head' ? [{ ...run.measurements[0]!, values: [], failed: 'assertion failed' }] : run.measurements,
    }));
    expect(byName(failing).boom!.verdict).toBe('failed');
  });

  it('adds and removes benchmarks present on one side only', () => {
    const c = byName(runs(5, ['old', 'new'], (side, _r, name) => ((side === 'base') === (name === 'old') ? [1] : null)));
    expect(c.old!.verdict).toBe('removed');
    expect(c.new!.verdict).toBe('added');
  });
});

describe('analyze', () => {
  const header = testHeader();

  it('fails the gate on a regression only when fail-on is regression', () => {
    const r = runs(10, ['slow'], (side) => [noisy(side === 'base' ? 1 : 1.5, 0.005)]);
    expect(analyze({ header, runs: r, end: null, settings })).toMatchObject({
      verdict: 'fail',
      gateFailed: true,
      counts: { regression: 1 },
    });
    expect(analyze({ header, runs: r, end: null, settings: { ...settings, failOn: 'none' } })).toMatchObject({
      verdict: 'fail',
      gateFailed: false,
    });
  });

  it('fixed rounds cut short: rows marked endedEarly; an undecided one whose interval lies beyond the threshold reads as a likely regression', () => {
    const r = runs(10, ['slow'], (side) => [noisy(side === 'base' ? 1 : 1.5, 0.005)]);
    expect(analyze({ header, runs: r, end: null, settings }).comparisons.every((c) => c.endedEarly)).toBe(true);
    const completed = { type: 'end', endedAt: '', status: 'completed' } as const;
    expect(analyze({ header, runs: r, end: completed, settings }).comparisons.some((c) => c.endedEarly)).toBe(false);
    const undecided = comparison({ verdict: 'inconclusive', changePct: 50, changeCi: [20, 80], thresholdPct: 2, roundsNeeded: 12 });
    expect(verdictText({ ...undecided, endedEarly: true })).toBe('likely regression (incomplete run)');
    expect(verdictText({ ...undecided, endedEarly: true, changeCi: [-5, 80] })).toBe('inconclusive: needs ~12 rounds');
    expect(verdictText(undecided)).toBe('inconclusive: needs ~12 rounds');
  });

  it('fails the gate on a removed gating benchmark only when fail-on lists removed', () => {
    const completed = { type: 'end', endedAt: '', status: 'completed' } as const;
    const r = runs(10, ['kept', 'gone'], () => [1]).map((run) =>
      run.side === 'head' ? { ...run, measurements: run.measurements.filter((m) => m.benchmark !== 'gone') } : run,
    );
    const judged = (failOn: RunSettings['failOn']) => analyze({ header, runs: r, end: completed, settings: { ...settings, failOn } });
    expect(judged(['regression'])).toMatchObject({ counts: { removed: 1 }, gateFailed: false });
    expect(exitCodeOf(judged(['regression']))).toBe(0);
    expect(judged(['regression', 'removed'])).toMatchObject({ counts: { removed: 1 }, gateFailed: true });
    expect(exitCodeOf(judged(['regression', 'removed']))).toBe(1);
    // A log written before fail-on was a list reads as before.
    expect(judged('regression').gateFailed).toBe(false);
  });

  it('reports a failure that no logged run shows (a build, a warmup round) from the end line', () => {
    const end = {
      type: 'end',
      endedAt: '',
      status: 'failed',
      message: 'build failed on base: exited with code 2\n  | make: *** [all] Error 2',
    } as const;
    const result = analyze({ header, runs: [], end, settings });
    expect(result.verdict).toBe('error');
    expect(result.warnings[0]).toEqual({ code: 'run-failed', message: 'the run stopped: build failed on base: exited with code 2' });
    // A failed run already says it: no second message.
    const crashed = runs(3, ['b'], () => [1]).map((run, i) => (i === 5 ? { ...run, error: 'benchmark exited with code 139' } : run));
    expect(analyze({ header, runs: crashed, end, settings }).warnings.map((w) => w.code)).not.toContain('run-failed');
  });

  it('exits 3 when anything failed, also beside a regression, and 1 for a regression alone', () => {
    const slow = (side: Side) => [side === 'base' ? 1 : 2];
    const regressed = runs(10, ['slow'], slow);
    const completed = { type: 'end', endedAt: '', status: 'completed' } as const;
    expect(exitCodeOf(analyze({ header, runs: regressed, end: completed, settings }))).toBe(1);
    // A log that ended early (killed: no end line; cancelled) never passes, whatever its rows say.
    expect(exitCodeOf(analyze({ header, runs: runs(10, ['same'], () => [1]), end: null, settings }))).toBe(3);
    const cancelled = { ...completed, status: 'cancelled' } as const;
    expect(analyze({ header, runs: regressed, end: cancelled, settings }).failures.stopped).toBe('incomplete run: cancelled');
    expect(exitCodeOf(analyze({ header, runs: regressed, end: cancelled, settings }))).toBe(3);
    // A second benchmark that its harness marked failed in head's third round only.
    const partly = runs(10, ['slow', 'flaky'], (side, _round, name) => (name === 'slow' ? slow(side) : [1])).map((run) =>
      run.side === 'head' && run.round === 3
        ? { ...run, measurements: run.measurements.map((m) => (m.benchmark === 'flaky' ? { ...m, values: [], failed: 'panic' } : m)) }
        : run,
    );
    const result = analyze({ header, runs: partly, end: null, settings });
    expect(result.verdict).toBe('fail');
    expect(hasFailures(result.failures)).toBe(true);
    expect(exitCodeOf(result)).toBe(3);
    // A run that crashed (the job stopped there) after the regression was already measured.
    const crashed = regressed.map((run) =>
      run.round === 6 && run.side === 'head' ? { ...run, measurements: [], error: 'benchmark exited with code 139' } : run,
    );
    const end = { type: 'end', endedAt: '', status: 'failed', message: 'head run in round 6 failed' } as const;
    expect(exitCodeOf(analyze({ header, runs: crashed, end, settings }))).toBe(3);
    const onlyFlaky = partly.map((r) => ({ ...r, measurements: r.measurements.filter((m) => m.benchmark === 'flaky') }));
    const failedOnly = analyze({ header, runs: onlyFlaky, end: null, settings });
    expect(failedOnly.verdict).toBe('error');
    expect(exitCodeOf(failedOnly)).toBe(3);
  });

  it('keeps the A/A false-alarm rate of whole suites at or below alpha (seeded simulation)', () => {
    // 300 suites of 20 benchmarks x 10 rounds, log-normal noise, threshold 0 so that only the
    // statistics (Mann-Whitney + Holm) stand between noise and a flag.
    const sim = createRng(2026);
    let suitesFlagged = 0;
    for (let s = 0; s < 300; s++) {
      const r = runs(
        10,
        Array.from({ length: 20 }, (_, i) => `b${i}`),
        () => [Math.exp(0.03 * sim.normal())],
      );
      const flagged = compareRuns(r, { ...settings, thresholdPct: 0 }).some(
        (c) => c.verdict === 'regression' || c.verdict === 'improvement',
      );
      if (flagged) suitesFlagged++;
    }
    // Binomial tolerance: mean 0.05*300 = 15, sd ~3.8.
    expect(suitesFlagged).toBeLessThanOrEqual(15 + 3 * 3.8);
  });
});

describe('results.json', () => {
  const header = testHeader();

  it('carries per comparison both U, raw and adjusted p, the test, HL shift, % change and both summaries', () => {
    const r = runs(10, ['slow', 'same'], (side, _r, name) => [noisy(side === 'head' && name === 'slow' ? 1.3 : 1, 0.01)]);
    const json = JSON.parse(renderJson(analyze({ header, runs: r, end: null, settings }))) as ReturnType<typeof analyze>;
    const rawP = json.comparisons.map((c) => mannWhitneyU(c.baseSamples, c.headSamples).p);
    json.comparisons.forEach((c, i) => {
      const base = c.baseSamples;
      const head = c.headSamples;
      expect(base).toHaveLength(10);
      const mw = mannWhitneyU(base, head);
      const hl = hodgesLehmann(head, base);
      const change = percentChange(base, head);
      expect(c).toMatchObject({
        base: summarize(base),
        head: summarize(head),
        test: { name: 'mann-whitney', statistic: { name: 'U of base', value: mw.u1 }, p: mw.p, interval: change.ci },
        p: mw.p,
        pAdjusted: holm(rawP)[i],
        shift: hl.estimate,
        shiftCi: hl.ci,
        changePct: change.changePct,
        changeCi: change.ci,
      });
    });
    expect(json.comparisons.map((c) => c.test!.assumes)).toEqual(Array(2).fill(expect.stringContaining('exact U distribution')));
  });

  /** Every number anywhere in the result (JSON.stringify would turn a NaN into null unseen). */
  function numbersIn(value: unknown): number[] {
    if (typeof value === 'number') return [value];
    if (value === null || typeof value !== 'object') return [];
    return Object.values(value).flatMap(numbersIn);
  }

  it('never holds NaN: 1 or 2 samples per side, identical values, zeros, negatives, one side only', () => {
    const shapes: Record<string, (side: Side, round: number) => number[] | null> = {
      one: (side, round) => (round === 1 ? [side === 'base' ? 1 : 2] : null),
      two: (side, round) => (round <= 2 ? [side === 'base' ? 1 + round : 3 + round] : null),
      equal: () => [5],
      zeros: () => [0],
      fromZero: (side) => [side === 'base' ? 0 : 3],
      negative: (side, round) => [(side === 'base' ? -1 : 1) * round],
      baseOnly: (side) => (side === 'base' ? [1] : null),
    };
    const r = runs(10, Object.keys(shapes), (side, round, name) => shapes[name]!(side, round));
    const result = analyze({ header, runs: r, end: null, settings });
    expect(numbersIn(result).filter((v) => Number.isNaN(v))).toEqual([]);
    const c = Object.fromEntries(result.comparisons.map((x) => [x.benchmark, x]));
    expect(c.one).toMatchObject({ verdict: 'inconclusive', p: null });
    expect(c.one!.warnings.map((w) => w.code)).toContain('too-few-samples');
    // two rounds: the exact test cannot go below p = 1/3, so it says how many rounds it needs
    expect(c.two!.verdict).toBe('inconclusive');
    expect(c.two!.roundsNeeded).toBeGreaterThan(2);
    expect(c.equal).toMatchObject({ verdict: 'unchanged', p: 1, changePct: 0 });
    expect(c.zeros).toMatchObject({ p: 1, changePct: null, shift: 0 });
    expect(c.baseOnly!.verdict).toBe('removed');
  });
});
