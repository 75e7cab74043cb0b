/**
 * measure: instructions with a harness that prints its own counts (countScope harness): each
 * round's count is a repetition of the count rule; the harness's timings are shown, not gated.
 */
import { describe, expect, it } from '@jest/globals';
import { compareRuns } from '../../src/analysis/index.js';
import type { AnalysisSettings, Measurement, Run, Side } from '../../src/model.js';
import { run } from '../builders.js';

const settings = {
  alpha: 0.05,
  thresholdPct: 2,
  correction: 'holm',
  sampling: 'run',
  measure: 'instructions',
  countScope: 'harness',
} as AnalysisSettings;

/** Rounds of a nanobench-like harness: `ins/op` per benchmark (deterministic) and a time that drifts 3× on head. */
function runs(rounds: number, count: (benchmark: string, side: Side, round: number) => number): Run[] {
  const out: Run[] = [];
  for (let round = 1; round <= rounds; round++)
    for (const side of ['base', 'head'] as const) {
      const measurements: Measurement[] = ['a', 'b', 'c'].flatMap((benchmark): Measurement[] => [
        {
          benchmark,
          metric: 'ins/op',
          unit: 'ins/op',
          better: 'lower',
          role: 'secondary',
          deterministic: true,
          values: [count(benchmark, side, round)],
        },
        { benchmark, metric: 'time', unit: 's', better: 'lower', values: [(side === 'head' ? 3 : 1) * (1 + round / 100)] },
      ]);
      out.push(run({ suite: 's', side, round, position: 0, startedAt: '', wallMs: 1, measurements }));
    }
  return out;
}

const byKey = (r: Run[]) => Object.fromEntries(compareRuns(r, settings, 'nanobench').map((c) => [`${c.benchmark} ${c.metric}`, c]));

describe('counts a harness prints, under measure: instructions', () => {
  it('gate by the count rule, near-exact counts included; the timings do not gate', () => {
    // a: +5% with 0.1% jitter (not exact: the count rule's interval); b: exactly equal; c: equal with jitter.
    const jitter = (round: number) => 1 + ((round * 7) % 5) / 5000;
    const c = byKey(
      runs(5, (benchmark, side, round) => {
        if (benchmark === 'b') return 1000;
        return (side === 'head' && benchmark === 'a' ? 1050 : 1000) * jitter(round + (side === 'head' ? 2 : 0));
      }),
    );
    expect(c['a ins/op']).toMatchObject({ test: { name: 'count-rule' }, verdict: 'regression', gating: true, p: null });
    expect(c['a ins/op']!.changePct).toBeCloseTo(5, 0);
    expect(c['b ins/op']).toMatchObject({ test: { name: 'exact-count' }, verdict: 'unchanged', gating: true });
    expect(c['c ins/op']).toMatchObject({ test: { name: 'count-rule' }, verdict: 'unchanged', gating: true });
    // 3× slower timings, shown and not gated: a loaded machine does not fail a counted gate.
    expect(c['a time']).toMatchObject({ gating: false, notGating: 'secondary', verdict: 'regression' });
  });

  it('leaves a count that does not repeat inconclusive, never flagged', () => {
    const c = byKey(runs(4, (_benchmark, side, round) => 1000 * (1 + ((round * 13 + (side === 'head' ? 5 : 0)) % 7) / 10)));
    expect(c['a ins/op']!.verdict).toBe('inconclusive');
    expect(c['a ins/op']!.warnings.map((w) => w.code)).toContain('counts-do-not-repeat');
  });
});
