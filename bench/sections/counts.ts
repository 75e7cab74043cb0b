/**
 * The count rule (src/analysis/decisions/count-rule.ts) by seeded simulation of per-op instruction counts:
 * A/A rate per pull request at 100 benchmarks under noise the rule models and noise it does not,
 * power at +3% and +5% on one benchmark, and repetitions used, beside the previous design and the
 * fixed-threshold rule people run instead (bench/sim/counts.ts).
 */
import { COUNT_DEFAULTS } from '../../src/counts/defaults.js';
import { countLevel } from '../../src/analysis/decisions/count-rule.js';
import { COUNT_RULES, COUNT_SCENARIOS, runCountCell, type CellResult } from '../sim/counts.js';
import { markdownTable, pct, wilsonInterval } from '../tables.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const BENCHMARKS = 100;
const TARGET = 0.01;

export async function counts(opts: SectionOptions): Promise<SectionOutput> {
  const aaPrs = opts.quick ? 800 : 4000;
  const powerPrs = opts.quick ? 200 : 1000;
  const checks: Check[] = [];
  const rows: (string | number)[][] = [];
  COUNT_SCENARIOS.forEach((scenario, s) => {
    for (const rule of COUNT_RULES) {
      // The comparators' A/A and power under (a) only in --quick; compareRuns is slower, so fewer pull requests.
      if (opts.quick && rule.key !== 'rule' && scenario.key !== 'a') continue;
      const prs = (n: number) => Math.max(20, Math.round(n * rule.share));
      const aa = runCountCell(1000 + s, scenario, 0, rule, prs(aaPrs), BENCHMARKS);
      const power = (change: number): CellResult | null =>
        rule.key === 'rule' || scenario.key === 'a'
          ? runCountCell(2000 + 10 * s + change, scenario, change, rule, prs(powerPrs), BENCHMARKS)
          : null;
      const p3 = power(3);
      const p5 = power(5);
      const [, upper] = wilsonInterval(aa.falseAlarmPrs, aa.prs);
      if (rule.key === 'rule') {
        checks.push({
          claim: `count rule: A/A rate per pull request ≤ 1% at ${BENCHMARKS} benchmarks, ${scenario.name}`,
          holds: upper <= TARGET,
          detail: `${aa.falseAlarmPrs} of ${aa.prs} pull requests flagged (${pct(aa.falseAlarmPrs / aa.prs)}, 95% upper ${pct(upper)})`,
        });
      }
      const found = (c: CellResult | null) => (c ? pct(c.found / c.prs) : '—');
      rows.push([
        scenario.name,
        rule.name,
        `${pct(aa.falseAlarmPrs / aa.prs)} (≤ ${pct(upper)}, ${aa.prs} PRs)`,
        found(p3),
        found(p5),
        aa.medianRepetitions,
        pct(aa.inconclusiveShare),
      ]);
    }
  });
  const k100 = countLevel(BENCHMARKS, 0.05);
  const markdown = [
    '### Counts: the count rule by simulation (`npm run bench -- --only counts`)',
    '',
    `Seeded simulated pull requests of ${BENCHMARKS} benchmarks; per-op counts drawn per repetition and side with a log-scale spread drawn per benchmark log-uniformly in 0.05–0.5%, decided by the real loop (replayCountLooks over decideCounts: ${COUNT_DEFAULTS.minRepetitions} repetitions, then one more per look up to ${COUNT_DEFAULTS.maxRepetitions}), threshold 2%, α 0.05 (the rule spends min(α, ${COUNT_DEFAULTS.maxAlpha}) = ${COUNT_DEFAULTS.maxAlpha}: ${k100.toExponential(2)} per benchmark and look).`,
    'A/A: share of pull requests with any benchmark flagged (95% Wilson upper bound). Power: share where the one changed benchmark (+3%, +5%) was flagged a regression. Repetitions: median per side over every benchmark of the A/A pull requests. Inconclusive: share of benchmarks the A/A left undecided.',
    'The previous design is compareRuns at 6 repetitions (the exact rule, else Mann-Whitney + Holm + threshold); the fixed rules flag |head/base − 1| above ±X% from one run each (what CodSpeed and iai-callgrind users set).',
    '',
    markdownTable(['noise', 'rule', 'A/A per PR', 'power +3%', 'power +5%', 'repetitions', 'inconclusive'], rows),
    '',
  ].join('\n');
  return { markdown, checks };
}
