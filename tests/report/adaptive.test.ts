/** What the reports say about a rounds: auto run (src/report/adaptive.ts), beside the goldens' one case. */
import { describe, expect, it } from '@jest/globals';
import type { AdaptiveRun, Comparison, ComparisonResult } from '../../src/model.js';
import { adaptiveAccount, designText, pColumnLabel, sequentialVerdictText } from '../../src/report/adaptive.js';
import { namesOf } from '../../src/report/names.js';
import { rowOf, settingsLine } from '../../src/report/rows.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { comparison, result } from '../builders.js';
import { adaptiveGoldenResult, goldenResult } from './fixture.js';

/** The adaptive fixture with its run's record replaced in part. */
function withRun(run: Partial<AdaptiveRun>, completed = 30, overrides: Partial<ComparisonResult> = {}): ComparisonResult {
  const r = adaptiveGoldenResult();
  return { ...r, adaptive: { ...r.adaptive!, ...run }, rounds: { planned: 30, completed }, ...overrides };
}

const sentences = (r: ComparisonResult) => adaptiveAccount(r)!.sentences;

describe('how the run stopped', () => {
  it('names the budget when max-rounds closed benchmarks still open', () => {
    expect(sentences(withRun({ stoppedBy: 'max-rounds' }))[0]).toBe(
      'rounds auto stopped after 30 rounds: max-rounds (30) was reached with 2 benchmarks still open.',
    );
  });

  it('says every benchmark was decided when none ran out of budget', () => {
    const r = withRun({ stoppedBy: 'decided', looks: [10, 15, 20] }, 20);
    const decided = { ...r, comparisons: r.comparisons.filter((c) => c.sequential?.stop !== 'budget') };
    expect(sentences(decided).slice(0, 2)).toEqual([
      'rounds auto stopped after 20 rounds: every benchmark was decided.',
      'It looked after rounds 10, 15 and 20.',
    ]);
  });

  it('names the time budget and the last, unplanned look a stop by the clock takes', () => {
    expect(sentences(withRun({ stoppedBy: 'max-time', looks: [10, 15] }, 17)).slice(0, 2)).toEqual([
      'rounds auto stopped after 17 rounds: the max-time budget (20m) ran out with 2 benchmarks still open.',
      'It looked after rounds 10 and 15, and at round 17 when it stopped.',
    ]);
  });

  it('says when the log ends before the first planned look, and takes no unplanned look there (an incomplete run)', () => {
    expect(sentences(withRun({ stoppedBy: 'log-ended', looks: [], open: Array(4).fill(null) }, 4)).slice(0, 2)).toEqual([
      'rounds auto stopped after 4 rounds: the log ends there (the run was stopped, or a run failed: an incomplete run, which never passes) with 2 benchmarks still open.',
      'Every round ran the whole suite.',
    ]);
  });

  it('counts the benchmark runs the filter saved against whole-suite rounds', () => {
    // 6 benchmarks: 10 whole-suite rounds, then 4, 3, 2 and 1 open for 5 rounds each.
    const open = [...Array(10).fill(null), ...[4, 3, 2, 1].flatMap((n) => Array(5).fill(n))];
    expect(sentences(withRun({ open }))[2]).toBe(
      '20 of 30 rounds ran only the open benchmarks: 110 benchmark runs per side instead of 180 for the whole suite (39% fewer).',
    );
  });

  it('says what would settle the benchmarks the budget left inconclusive, and only then', () => {
    expect(sentences(withRun({}))[3]).toBe(
      '1 benchmark is inconclusive because the budget ran out: more rounds (raise max-rounds or max-time), instruction counts (measure: instructions) or a quieter runner would settle it.',
    );
    const r = withRun({});
    const settled = { ...r, comparisons: r.comparisons.filter((c) => c.verdict !== 'inconclusive') };
    expect(sentences(settled).some((s) => s.includes('would settle'))).toBe(false);
  });

  it('is absent for fixed rounds, whose header line and p column stay as they were', () => {
    const fixed = goldenResult();
    expect(adaptiveAccount(fixed)).toBeNull();
    expect(pColumnLabel(fixed)).toBe('p / adj. p');
    expect(settingsLine(fixed)).toContain('alpha 0.05 (Holm)');
    expect(renderTerminal(fixed)).not.toMatch(/rounds auto|looked after|p \/ level/);
  });
});

describe('the header line', () => {
  it('names the sequential design instead of only Holm', () => {
    const r = adaptiveGoldenResult();
    expect(settingsLine(r)).toContain('alpha 0.005 over 5 looks (O’Brien-Fleming, Holm across benchmarks)');
    expect(designText({ ...r.settings, alpha: 0.01 }, { ...r.settings.adaptive!, spending: 'pocock', lookEvery: 10 })).toBe(
      'alpha 0.01 over 3 looks (Pocock, Holm across benchmarks)',
    );
  });
});

describe('a benchmark’s row in auto mode', () => {
  const decided = (rest: Partial<Comparison>, stop: NonNullable<Comparison['sequential']>['stop'], rounds = 30) =>
    comparison({ pAdjusted: null, sequential: { stop, rounds, closedAt: rounds, nominalP: 0.00091 }, ...rest });

  it('words each stop with the rounds it used', () => {
    const text = (c: Comparison) => sequentialVerdictText(c, c.sequential!);
    expect(text(decided({ verdict: 'regression' }, 'decided', 15))).toBe('regression: decided after 15 rounds');
    expect(text(decided({ verdict: 'unchanged' }, 'equivalence', 20))).toBe('unchanged: within ±2% after 20 rounds');
    expect(text(decided({ verdict: 'unchanged' }, 'budget'))).toBe(
      'unchanged: significant but within ±2% when the budget ran out (30 rounds)',
    );
    expect(text(decided({ verdict: 'failed' }, 'untestable', 10))).toBe('failed');
  });

  it('words inconclusive as what the interval rules out, never as a guess of the rounds needed', () => {
    const c = decided({ verdict: 'inconclusive', changePct: 1, changeCi: [-4.1, 6.2], roundsNeeded: 140 }, 'budget');
    const row = rowOf(c, namesOf(result([c])));
    expect(row.verdictText).toBe('inconclusive after 30 rounds: no change beyond −4.10%…+6.20%');
    expect(row.verdictText).not.toContain('140');
  });

  it('shows the p beside the level its closing look had to reach, small ones in exponent form', () => {
    const names = namesOf(result([]));
    expect(rowOf(decided({ p: 1.3e-8 }, 'decided'), names).p).toBe('1.3e-8 / 0.0009');
    expect(
      rowOf(comparison({ pAdjusted: null, p: 0.2, sequential: { stop: 'decided', rounds: 15, closedAt: 15, nominalP: 1.2e-6 } }), names).p,
    ).toBe('0.2000 / 1.2e-6');
    expect(pColumnLabel(adaptiveGoldenResult())).toBe('p / level');
  });
});

describe('the too-noisy warning', () => {
  it('comes first in the terminal report, marked, with the benchmarks it names', () => {
    const lines = renderTerminal(adaptiveGoldenResult()).split('\n');
    expect(lines[2]).toMatch(/^warning: too noisy for the threshold: 1 benchmark\(s\) were too noisy/);
    expect(lines[3]).toBe('too noisy at the first look: parse/small');
    expect(lines.filter((l) => l.includes('too noisy to be decided'))).toHaveLength(1);
  });
});
