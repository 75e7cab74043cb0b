/**
 * rounds auto's log replay (src/analysis/sequential.ts): the analysis of a results log gives the
 * verdicts the live loop took (src/adaptive/driver.ts), on a finished log, a log the clock
 * stopped, and a log cut off mid-round or between looks; the data shown for a benchmark is the
 * data its closing look used; process cost compares whole-suite runs only.
 */
import { describe, expect, it } from '@jest/globals';
import { runAdaptive, type AdaptiveResult, type BenchmarkOutcome } from '../../src/adaptive/driver.js';
import { ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { seriesKey } from '../../src/adaptive/samples.js';
import { analyze } from '../../src/analysis/index.js';
import { adaptiveDesign, replaySequential, sequentialPolicy, withoutLaterRounds } from '../../src/analysis/sequential.js';
import { processCost, PROCESS_BENCHMARK } from '../../src/diagnostics/cost.js';
import type { AdaptiveSettings, LogEnd, Measurement, Run, RunSettings, Side } from '../../src/model.js';
import { namesOf } from '../../src/report/names.js';
import { rowOf } from '../../src/report/rows.js';
import { createRng } from '../../src/stats/index.js';
import { measurement, run } from '../builders.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const ADAPTIVE: AdaptiveSettings = {
  minRounds: 10,
  lookEvery: 5,
  maxRounds: 30,
  maxTimeSec: 0,
  spending: ADAPTIVE_DESIGN.spending,
  test: ADAPTIVE_DESIGN.test,
  filter: true,
};

const settingsOf = (adaptive: AdaptiveSettings): RunSettings => ({
  ...TEST_SETTINGS,
  alpha: ADAPTIVE_DESIGN.alpha,
  rounds: adaptive.maxRounds,
  adaptive,
});

/** Per benchmark: head/base factor and CV. `noisy` cannot be decided within ±2% by round 30. */
const SUITE: Record<string, { factor: number; cv: number }> = {
  slow: { factor: 1.5, cv: 0.003 },
  faster: { factor: 0.6, cv: 0.003 },
  'quiet a': { factor: 1, cv: 0.003 },
  'quiet "b"': { factor: 1, cv: 0.003 },
  noisy: { factor: 1, cv: 0.4 },
};

/**
 * A seeded stand-in harness as measure.ts drives it: it runs the benchmarks it is asked for (all
 * when asked for none), records them as Run.open, and its process cost moves with what it ran.
 */
function standIn(seed: number) {
  const rng = createRng(seed);
  return (round: number, open: string[] | null): Promise<Run[]> => {
    const names = open ?? Object.keys(SUITE);
    const side = (s: Side, position: number): Run =>
      run({
        side: s,
        round,
        position,
        wallMs: 100 * names.length,
        cpuUserMs: 1000 * names.length * (1 + 0.01 * rng.normal()),
        ...(open && { open }),
        measurements: names.map((name): Measurement =>
          measurement({
            benchmark: name,
            values: [(s === 'head' ? SUITE[name]!.factor : 1) * Math.exp(SUITE[name]!.cv * rng.normal())],
          }),
        ),
      });
    // Base first in odd rounds, head first in even ones, as a seeded schedule would mix them.
    return Promise.resolve(round % 2 ? [side('base', 0), side('head', 1)] : [side('head', 0), side('base', 1)]);
  };
}

async function live(seed: number, adaptive = ADAPTIVE, clock?: { now(): number; tick(): void }): Promise<AdaptiveResult> {
  const harness = standIn(seed);
  return runAdaptive({
    design: adaptiveDesign(settingsOf(adaptive), adaptive),
    budget: { ...adaptive, maxTimeMs: adaptive.maxTimeSec * 1000 },
    canFilter: adaptive.filter,
    ...(clock && { now: clock.now }),
    runRound: (round, open) => {
      clock?.tick();
      return harness(round, open);
    },
  });
}

/** What an outcome decides, without the statistic object. */
const decision = (o: Pick<BenchmarkOutcome, 'verdict' | 'stop' | 'rounds' | 'closedAt' | 'nominalP'>) => ({
  verdict: o.verdict,
  stop: o.stop,
  rounds: o.rounds,
  closedAt: o.closedAt,
  nominalP: o.nominalP,
});

const byName = (outcomes: Iterable<BenchmarkOutcome>) => Object.fromEntries([...outcomes].map((o) => [o.benchmark, decision(o)]));

const completed: LogEnd = { type: 'end', status: 'completed', endedAt: '2026-01-01T01:00:00Z' };

function analysed(runs: readonly Run[], adaptive: AdaptiveSettings, end: LogEnd | null) {
  const settings = settingsOf(adaptive);
  return analyze({ header: testHeader({ config: settings }), runs, end, settings });
}

describe('replay equals live', () => {
  it.each([1, 2, 3])('seed %i: the analysis of the log gives the live verdicts, rounds and closing looks', async (seed) => {
    const result = await live(seed);
    // The stand-in decides the clear ones early and leaves `noisy` to max-rounds.
    expect(result.stoppedBy).toBe('max-rounds');
    const liveByName = byName(result.outcomes);
    expect(liveByName).toMatchObject({
      slow: { verdict: 'regression', stop: 'decided' },
      faster: { verdict: 'improvement', stop: 'decided' },
      'quiet a': { verdict: 'unchanged', stop: 'equivalence', closedAt: 10 },
      'quiet "b"': { verdict: 'unchanged', stop: 'equivalence', closedAt: 10 },
      noisy: { verdict: 'inconclusive', stop: 'budget', closedAt: 30, rounds: 30 },
    });
    // Later rounds asked for the open benchmarks only: the filter was used.
    expect(result.rounds.slice(10).every((r) => r.open !== null && !r.open.includes('quiet a'))).toBe(true);

    const replay = replaySequential(result.runs, settingsOf(ADAPTIVE), ADAPTIVE, completed);
    expect(byName(replay.outcomes.values())).toEqual(liveByName);
    expect(replay.adaptive).toMatchObject({
      stoppedBy: 'max-rounds',
      looks: result.rounds.filter((r) => r.look).map((r) => r.round),
      open: result.rounds.map((r) => r.open?.length ?? null),
    });

    const r = analysed(result.runs, ADAPTIVE, completed);
    expect(r.adaptive?.stoppedBy).toBe('max-rounds');
    const gated = r.comparisons.filter((c) => c.benchmark !== PROCESS_BENCHMARK);
    expect(Object.fromEntries(gated.map((c) => [c.benchmark, c.verdict]))).toEqual(
      Object.fromEntries(result.outcomes.map((o) => [o.benchmark, o.verdict])),
    );
    for (const c of gated) {
      const o = liveByName[c.benchmark]!;
      expect(c.sequential).toEqual({ stop: o.stop, rounds: o.rounds, closedAt: o.closedAt, nominalP: o.nominalP });
      // The data shown is the closing look's: no round after it.
      expect(c.base!.n).toBe(o.rounds);
      expect(c.head!.n).toBe(o.rounds);
    }
  });

  it('a run the clock stopped: replayed from a completed log, stoppedBy max-time and the same last look', async () => {
    const adaptive = { ...ADAPTIVE, maxTimeSec: 12.5 };
    let t = 0;
    const result = await live(4, adaptive, { now: () => t, tick: () => (t += 1000) });
    expect(result.stoppedBy).toBe('max-time');
    expect(result.rounds).toHaveLength(12);
    const replay = replaySequential(result.runs, settingsOf(adaptive), adaptive, completed);
    expect(replay.adaptive.stoppedBy).toBe('max-time');
    expect(byName(replay.outcomes.values())).toEqual(byName(result.outcomes));
    expect(byName(result.outcomes).noisy).toMatchObject({ verdict: 'inconclusive', stop: 'budget', closedAt: 12 });
    expect(analysed(result.runs, adaptive, completed).adaptive?.stoppedBy).toBe('max-time');
  });
  it('a harness without a filter: whole-suite rounds live and replayed, and results.json says so', async () => {
    const adaptive = { ...ADAPTIVE, filter: false };
    const result = await live(7, adaptive);
    expect(result.rounds.every((r) => r.open === null)).toBe(true);
    const replay = replaySequential(result.runs, settingsOf(adaptive), adaptive, completed);
    expect(byName(replay.outcomes.values())).toEqual(byName(result.outcomes));
    const r = analysed(result.runs, adaptive, completed);
    expect(r.adaptive?.open).toEqual(result.rounds.map(() => null));
    expect(r.adaptive?.notes).toEqual(['the harness cannot run a subset of its benchmarks: every round ran the whole suite']);
    // Whole-suite rounds after a benchmark closed: its later data is not shown.
    const quiet = r.comparisons.find((c) => c.benchmark === 'quiet a')!;
    expect(quiet.sequential?.closedAt).toBe(10);
    expect(quiet.base!.n).toBe(10);
  });
});

describe('a log cut off', () => {
  it.each([
    ['mid-round (round 13 has only its first run)', 12 * 2 + 1, 12],
    ['between looks (after round 12)', 12 * 2, 12],
    ['before the first look (after round 7)', 7 * 2, 7],
  ])(
    '%s: replays without error, stoppedBy log-ended, what the planned looks left open closed incomplete (no last look)',
    async (_, kept, lastRound) => {
      const result = await live(5);
      const runs = result.runs.slice(0, kept);
      const replay = replaySequential(runs, settingsOf(ADAPTIVE), ADAPTIVE, null);
      expect(replay.adaptive.stoppedBy).toBe('log-ended');
      const outcomes = [...replay.outcomes.values()];
      expect(outcomes.map((o) => o.benchmark).sort()).toEqual(Object.keys(SUITE).sort());
      // The last look is at the last whole round; a half round adds no pair.
      const open = outcomes.filter((o) => o.closedAt === lastRound);
      expect(open.length).toBeGreaterThan(0);
      for (const o of open) expect(o.rounds).toBeLessThanOrEqual(lastRound);
      expect(outcomes.every((o) => o.closedAt <= lastRound)).toBe(true);

      const r = analysed(runs, ADAPTIVE, null);
      expect(r.adaptive?.stoppedBy).toBe('log-ended');
      const gated = r.comparisons.filter((c) => c.benchmark !== PROCESS_BENCHMARK);
      expect(gated).toHaveLength(Object.keys(SUITE).length);
      for (const c of gated) {
        expect(c.sequential?.closedAt).toBeLessThanOrEqual(lastRound);
        // The data shown is the closing look's: a half round's lone run is not part of it.
        expect([c.base!.n, c.head!.n]).toEqual([c.sequential!.rounds, c.sequential!.rounds]);
      }
      // Twelve rounds of a 50% change, open after the look at 10: no last look spends the alpha left on an incomplete log.
      if (lastRound === 12) {
        const slow = gated.find((c) => c.benchmark === 'slow')!;
        expect([slow.verdict, slow.sequential?.stop]).toEqual(['inconclusive', 'incomplete']);
        expect(rowOf(slow, namesOf(r)).verdictText).toBe('likely regression (incomplete run)');
      }
      expect(r.failures.stopped).toMatch(/^incomplete run/);
    },
  );

  it('a log ended by a failed run (status failed) is log-ended too, not max-time', async () => {
    const adaptive = { ...ADAPTIVE, maxTimeSec: 60 };
    const result = await live(6, adaptive);
    const failed: LogEnd = { type: 'end', status: 'failed', endedAt: '2026-01-01T01:00:00Z', message: 'boom' };
    expect(replaySequential(result.runs.slice(0, 24), settingsOf(adaptive), adaptive, failed).adaptive.stoppedBy).toBe('log-ended');
    expect(replaySequential(result.runs.slice(0, 24), settingsOf(adaptive), adaptive, completed).adaptive.stoppedBy).toBe('max-time');
  });
});

describe('withoutLaterRounds', () => {
  const outcome = (benchmark: string, closedAt: number): BenchmarkOutcome => ({
    suite: 'suite',
    benchmark,
    metric: 'time',
    better: 'lower',
    verdict: 'unchanged',
    stop: 'equivalence',
    rounds: closedAt,
    closedAt,
    nominalP: null,
    stat: null,
    significant: false,
  });
  const names = ['closed', 'open', 'untracked'];
  const runs = [1, 2, 3, 4].flatMap((round) =>
    (['base', 'head'] as const).map((side) =>
      run({ side, round, measurements: names.map((benchmark) => measurement({ benchmark, values: [round] })) }),
    ),
  );

  it("drops a closed benchmark's data after the look that closed it, and nothing else", () => {
    const outcomes = new Map([
      [seriesKey('suite', { benchmark: 'closed', metric: 'time' }), outcome('closed', 2)],
      [seriesKey('suite', { benchmark: 'open', metric: 'time' }), outcome('open', 4)],
    ]);
    const kept = withoutLaterRounds(runs, outcomes);
    const rounds = (name: string) => kept.flatMap((r) => r.measurements.filter((m) => m.benchmark === name).map(() => r.round));
    expect(rounds('closed')).toEqual([1, 1, 2, 2]);
    expect(rounds('open')).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(rounds('untracked')).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    // Runs it did not touch are the same objects; the input is not changed.
    expect(kept[0]).toBe(runs[0]);
    expect(runs.every((r) => r.measurements.length === 3)).toBe(true);
  });

  it('keeps a failure after the close: a harness that fails a decided benchmark later is still an error', () => {
    const failing = runs.map((r) =>
      r.round === 4 && r.side === 'head'
        ? { ...r, measurements: r.measurements.map((m) => (m.benchmark === 'closed' ? { ...m, values: [], failed: 'panic' } : m)) }
        : r,
    );
    const kept = withoutLaterRounds(
      failing,
      new Map([[seriesKey('suite', { benchmark: 'closed', metric: 'time' }), outcome('closed', 2)]]),
    );
    const closed = kept.flatMap((r) => r.measurements.filter((m) => m.benchmark === 'closed').map((m) => [r.round, m.failed ?? null]));
    expect(closed).toEqual([
      [1, null],
      [1, null],
      [2, null],
      [2, null],
      [4, 'panic'],
    ]);
  });

  it('keeps everything of a benchmark no look closed (closedAt 0)', () => {
    const kept = withoutLaterRounds(runs, new Map([[seriesKey('suite', { benchmark: 'closed', metric: 'time' }), outcome('closed', 0)]]));
    expect(kept).toEqual(runs);
  });
});

describe('process cost with rounds auto', () => {
  it('compares only whole-suite runs (Run.open absent): a filtered run costs less for a reason that is no change', () => {
    const cost = (cpuUserMs: number, open?: string[]) => ({ cpuUserMs, maxRssKb: 50_000, wallMs: 5000, ...(open && { open }) });
    const runs = [1, 2, 3, 4, 5, 6].flatMap((round) =>
      (['base', 'head'] as const).map((side) =>
        run({
          side,
          round,
          ...(round <= 4 ? cost(4000 + round) : cost(1000 + round, ['a'])),
          measurements: [measurement({ benchmark: 'a' })],
        }),
      ),
    );
    const withCost = processCost(runs).runs;
    const costRounds = withCost.filter((r) => r.measurements.some((m) => m.benchmark === PROCESS_BENCHMARK)).map((r) => r.round);
    expect(costRounds).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    // The filtered runs are passed through as they were.
    expect(withCost.slice(8)).toEqual(runs.slice(8));
  });
});

describe('the gate policy in the loop', () => {
  // `slow` is +50%: under its own 60% threshold it is unchanged; `faster` is ignored: it never gates.
  const settings: RunSettings = { ...settingsOf(ADAPTIVE), thresholds: [{ glob: 'slow', pct: 60 }], ignore: ['faster'] };

  it('holds a per-glob threshold at every look, and leaves an ignored benchmark out of the looks and the later rounds', async () => {
    const harness = standIn(4);
    const result = await runAdaptive({
      design: adaptiveDesign(settings, ADAPTIVE),
      budget: { ...ADAPTIVE, maxTimeMs: 0 },
      canFilter: true,
      ...sequentialPolicy(settings),
      runRound: harness,
    });
    const outcomes = byName(result.outcomes);
    expect(outcomes.slow).toMatchObject({ verdict: 'unchanged', stop: 'equivalence' });
    expect(outcomes.faster).toBeUndefined();
    expect(result.rounds.slice(10).every((r) => r.open !== null && !r.open.includes('faster'))).toBe(true);

    const r = analyze({ header: testHeader({ config: settings }), runs: result.runs, end: completed, settings });
    const verdicts = Object.fromEntries(r.comparisons.map((c) => [c.benchmark, [c.verdict, c.gating, c.sequential?.stop ?? null]]));
    expect(verdicts.slow).toEqual(['unchanged', true, 'equivalence']);
    // Reported, not gating, decided by the fixed rule on its rounds (the first ten: later ones skipped it).
    expect(verdicts.faster).toEqual(['improvement', false, null]);
    expect(r.gateFailed).toBe(false);
  });
});
