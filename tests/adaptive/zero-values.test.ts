/**
 * rounds auto on a metric whose values are 0 (allocs/op of a zero-allocation Go benchmark): the
 * looks test it on the raw scale and decide a 0 -> 1 regression on significance alone, as fixed
 * rounds do (the zero-base rule), live and through `analyze` of the log; unchanged zeros and
 * 0/1 noise with no change are never flagged.
 */
import { describe, expect, it } from '@jest/globals';
import { runAdaptive } from '../../src/adaptive/driver.js';
import { ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { lookStatistic } from '../../src/adaptive/statistics.js';
import { analyze } from '../../src/analysis/index.js';
import { adaptiveDesign, sequentialPolicy } from '../../src/analysis/sequential.js';
import type { AdaptiveSettings, LogEnd, Run, RunSettings, Side } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';
import { measurement, run } from '../builders.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const completed: LogEnd = { type: 'end', status: 'completed', endedAt: '2026-01-01T01:00:00Z' };

function settingsOf(test: AdaptiveSettings['test'], fixedRounds?: number): RunSettings {
  const adaptive: AdaptiveSettings = {
    minRounds: 10,
    lookEvery: 5,
    maxRounds: 30,
    maxTimeSec: 0,
    spending: ADAPTIVE_DESIGN.spending,
    test,
    filter: true,
  };
  return {
    ...TEST_SETTINGS,
    alpha: ADAPTIVE_DESIGN.alpha,
    gateMetrics: ['allocs/op'],
    ...(fixedRounds === undefined ? { rounds: adaptive.maxRounds, adaptive } : { rounds: fixedRounds }),
  };
}

/** One benchmark: time unchanged (CV 1%), allocs/op drawn per side by `allocs`. */
function standIn(seed: number, allocs: (side: Side, rng: ReturnType<typeof createRng>) => number) {
  const rng = createRng(seed);
  return (round: number): Promise<Run[]> => {
    const side = (s: Side, position: number): Run =>
      run({
        side: s,
        round,
        position,
        measurements: [
          measurement({ benchmark: 'New', metric: 'time', unit: 'ns/op', values: [100 * Math.exp(0.01 * rng.normal())] }),
          measurement({ benchmark: 'New', metric: 'allocs/op', unit: 'allocs/op', values: [allocs(s, rng)] }),
        ],
      });
    return Promise.resolve(round % 2 ? [side('base', 0), side('head', 1)] : [side('head', 0), side('base', 1)]);
  };
}

async function liveAndAnalysed(settings: RunSettings, harness: (round: number) => Promise<Run[]>) {
  const adaptive = settings.adaptive!;
  const result = await runAdaptive({
    design: adaptiveDesign(settings, adaptive),
    budget: { ...adaptive, maxTimeMs: 0 },
    canFilter: adaptive.filter,
    ...sequentialPolicy(settings),
    runRound: (round) => harness(round),
  });
  const live = result.outcomes.find((o) => o.metric === 'allocs/op')!;
  const analysed = analyze({ header: testHeader({ config: settings }), runs: result.runs, end: completed, settings });
  return { live, analysed, allocs: analysed.comparisons.find((c) => c.metric === 'allocs/op')! };
}

const zeroToOne = (s: Side) => (s === 'base' ? 0 : 1);

describe('rounds auto on zero-valued metrics', () => {
  it.each(['mann-whitney', 'signed-rank'] as const)(
    '%s: 0 -> 1 allocs/op in every round is a regression decided by a look, and fails the gate',
    async (test) => {
      const { live, analysed, allocs } = await liveAndAnalysed(settingsOf(test), standIn(1, zeroToOne));
      expect(live).toMatchObject({ verdict: 'regression', stop: 'decided' });
      expect(allocs.verdict).toBe('regression');
      expect(allocs.changePct).toBeNull();
      expect(allocs.warnings.map((w) => w.code)).toContain('no-percent-change');
      expect(analysed.gateFailed).toBe(true);
    },
  );

  it('fixed rounds decide ten such rounds alike (the zero-base rule)', async () => {
    const fixed = settingsOf('mann-whitney', 10);
    const harness = standIn(1, zeroToOne);
    const runs: Run[] = [];
    for (let round = 1; round <= 10; round++) runs.push(...(await harness(round)));
    const r = analyze({ header: testHeader({ config: fixed }), runs, end: completed, settings: fixed });
    expect(r.comparisons.find((c) => c.metric === 'allocs/op')?.verdict).toBe('regression');
    expect(r.gateFailed).toBe(true);
  });

  it.each(['mann-whitney', 'signed-rank'] as const)('%s: zeros on both sides are unchanged at the first look', async (test) => {
    const { live, allocs, analysed } = await liveAndAnalysed(
      settingsOf(test),
      standIn(2, () => 0),
    );
    expect(live).toMatchObject({ verdict: 'unchanged', stop: 'equivalence', closedAt: 10 });
    expect(allocs.verdict).toBe('unchanged');
    expect(analysed.gateFailed).toBe(false);
  });

  it.each(['mann-whitney', 'signed-rank'] as const)(
    '%s: 0 or 1 allocs/op at random, the same on both sides, is never flagged (10 seeds)',
    async (test) => {
      for (let seed = 10; seed < 20; seed++) {
        const { allocs } = await liveAndAnalysed(
          settingsOf(test),
          standIn(seed, (_, rng) => (rng.next() < 0.3 ? 1 : 0)),
        );
        expect([seed, allocs.verdict]).not.toEqual([seed, 'regression']);
        expect([seed, allocs.verdict]).not.toEqual([seed, 'improvement']);
      }
    },
  );

  it('a base median of 0: the change is +-Infinity percent with its sign, the interval exactly 0 when nothing moved', () => {
    const stat = lookStatistic('mann-whitney', { base: [0, 0, 0, 1], head: [2, 2, 3, 2] })!;
    expect(stat.change().changePct).toBe(Infinity);
    const same = lookStatistic('signed-rank', { base: [0, 0, 0], head: [0, 0, 0] })!;
    expect(same.change()).toEqual({ changePct: 0, ci: [0, 0] });
    expect(same.within(2)).toBe(true);
    // Not all positive but a base median that is not 0: a percentage of it, as fixed rounds.
    expect(lookStatistic('mann-whitney', { base: [0, 4, 4], head: [0, 5, 5] })!.change().changePct).toBeCloseTo(25);
  });
});
