/**
 * Groups -> statistics -> verdicts. Pure: each function returns a new comparison.
 *
 * The rule (docs/architecture.md, "The statistics"): a change is a regression only when it is
 * significant after correcting for the number of benchmarks compared AND at least the practical
 * threshold. A benchmark whose data could not have shown a change of that size is
 * `inconclusive`, with the rounds it needs.
 */
import type { BenchmarkOutcome } from '../adaptive/driver.js';
import { seriesKey } from '../adaptive/samples.js';
import { decideDeterministic } from '../stats/deterministic.js';
import { decideCounts } from '../stats/count-rule.js';
import type { AnalysisSettings, Comparison, RunSettings, Summary, Verdict } from '../model.js';
import {
  adjustPValues,
  hodgesLehmann,
  mannWhitneyU,
  minDetectableEffectPct,
  percentChange,
  roundsNeeded,
  summarize,
} from '../stats/index.js';
import { gatePolicy, type GateDecision } from './gating.js';
import type { Group } from './group.js';
import { applyOutcome, noPercentChange } from './sequential.js';

/** Percent change head vs base and its interval; on the log scale when every value is positive. */
function changeOf(base: number[], head: number[], baseSummary: Summary) {
  if (base.every((v) => v > 0) && head.every((v) => v > 0)) return percentChange(base, head);
  if (baseSummary.median === 0) return null;
  const hl = hodgesLehmann(head, base);
  const scale = 100 / Math.abs(baseSummary.median);
  return { changePct: hl.estimate * scale, ci: [hl.ci[0] * scale, hl.ci[1] * scale] as [number, number] };
}

function emptyComparison(g: Group, gate: GateDecision): Comparison {
  return {
    suite: g.suite,
    benchmark: g.benchmark,
    metric: g.metric,
    unit: g.unit,
    better: g.better,
    ...(g.deterministic && { deterministic: true }),
    base: g.samples.base.length > 0 ? summarize(g.samples.base) : null,
    head: g.samples.head.length > 0 ? summarize(g.samples.head) : null,
    baseSamples: g.samples.base,
    headSamples: g.samples.head,
    changePct: null,
    changeCi: null,
    shift: null,
    shiftCi: null,
    test: null,
    uBase: null,
    uHead: null,
    p: null,
    pAdjusted: null,
    verdict: 'inconclusive',
    roundsNeeded: null,
    gating: gate.gating,
    ...(gate.notGating !== undefined && { notGating: gate.notGating }),
    thresholdPct: gate.thresholdPct,
    warnings: [],
    ...(g.complexityN !== undefined && { diagnostics: { complexityN: g.complexityN } }),
  };
}

/** Statistics that do not depend on the other benchmarks (everything but the adjusted p). */
function testGroup(g: Group, gate: GateDecision): Comparison {
  const c = emptyComparison(g, gate);
  for (const side of ['base', 'head'] as const) {
    const f = g.failures[side];
    if (f.runs > 0) c.warnings.push({ code: 'failed-runs', message: `${side} failed in ${f.runs} run(s): ${f.first}` });
  }
  const { base, head } = g.samples;
  if (base.length === 0 && head.length === 0) return { ...c, verdict: 'failed' };
  if (base.length === 0) return { ...c, verdict: g.failures.base.runs > 0 ? 'failed' : 'added' };
  if (head.length === 0) return { ...c, verdict: g.failures.head.runs > 0 ? 'failed' : 'removed' };
  const change = changeOf(base, head, c.base!);
  if (change) {
    c.changePct = change.changePct;
    c.changeCi = change.ci;
  }
  if (base.length < 2 || head.length < 2) {
    c.warnings.push({
      code: 'too-few-samples',
      message: `needs at least 2 samples per side (has ${base.length} base, ${head.length} head)`,
    });
    return c;
  }
  const hl = hodgesLehmann(head, base);
  const mw = mannWhitneyU(base, head);
  return { ...c, shift: hl.estimate, shiftCi: hl.ci, test: `mann-whitney-${mw.method}`, uBase: mw.u1, uHead: mw.u2, p: mw.p };
}

/**
 * The per-test level the correction demands of the most significant benchmark (Bonferroni's,
 * which Holm and BH both start from): what the sample size must be able to reach.
 */
function alphaPerTest(settings: AnalysisSettings, tests: number): number {
  return settings.correction === 'none' ? settings.alpha : settings.alpha / Math.max(1, tests);
}

/**
 * The verdict of one comparison whose adjusted p is known (for one that does not gate: its own
 * p, at the uncorrected level, for an informational verdict).
 */
function decide(c: Comparison, pAdjusted: number, settings: AnalysisSettings, levelPerTest: number): Comparison {
  const threshold = c.thresholdPct;
  const change = c.changePct ?? 0;
  // Without a percent change (base median 0, values not all positive) the shift gives the direction.
  const direction = c.changePct ?? c.shift ?? 0;
  const worse = c.better === 'lower' ? direction > 0 : direction < 0;
  const changed: Verdict = worse ? 'regression' : 'improvement';

  if (pAdjusted < settings.alpha) {
    if (c.changePct === null && direction !== 0) {
      return { ...c, verdict: changed, warnings: [...c.warnings, noPercentChange(threshold)] };
    }
    if (Math.abs(change) >= threshold) return { ...c, verdict: changed };
    const message = `significant but ${Math.abs(change).toFixed(2)}% is below the ${threshold}% threshold`;
    return { ...c, verdict: 'unchanged', warnings: [...c.warnings, { code: 'below-threshold', message }] };
  }

  const cv = Math.max(c.base!.cv, c.head!.cv);
  const n = Math.min(c.base!.n, c.head!.n);
  const ciInsideThreshold = c.changeCi !== null && c.changeCi[0] > -threshold && c.changeCi[1] < threshold;
  // Infinity when n is too small for the exact test to ever reach the per-test level.
  const mde = minDetectableEffectPct({ cv, n, alpha: levelPerTest });
  if (threshold === 0 || ciInsideThreshold || mde <= threshold) return { ...c, verdict: 'unchanged' };
  // The change that matters: the threshold, or the change seen when it is larger. The estimate
  // already includes the rounds the exact test needs to reach the level at all (the too-short
  // note's "run at least N rounds"), so the two never disagree.
  const effectPct = Math.max(threshold, Math.abs(change));
  return {
    ...c,
    verdict: 'inconclusive',
    roundsNeeded: roundsNeeded({ cv, effectPct: effectPct, alpha: levelPerTest }),
    diagnostics: { ...c.diagnostics, minDetectableEffectPct: Number.isFinite(mde) ? mde : null },
  };
}

export interface Compared {
  comparison: Comparison;
  group: Group;
  /** The level its p is held to: the corrected per-test level when it gates, else alpha. */
  level: number;
}

/**
 * Every group tested; the p-values of the gating comparisons (the family) adjusted over that
 * family alone, and each verdict decided. A comparison that does not gate is decided on its own
 * p at alpha, for information, and never joins the family. Exact counts the deterministic rule
 * decides stay outside the family too.
 */
export function compareGroups(
  groups: readonly Group[],
  settings: AnalysisSettings & Partial<Pick<RunSettings, 'measure' | 'countScope'>>,
  sequential?: Map<string, BenchmarkOutcome>,
): { compared: Compared[]; alphaPerTest: number; family: number } {
  const gate = gatePolicy(settings);
  // measure: instructions from a harness's own counts: they gate, decided by the count rule; its timings are shown, not gated.
  const harnessCounts = settings.measure === 'instructions' && settings.countScope === 'harness';
  const policy = (g: Group): GateDecision => {
    const decision = gate(g);
    if (!harnessCounts) return decision;
    // nanobench's ins/op are secondary to its time in time mode; here they are what is measured.
    if (g.deterministic) return decision.notGating === 'secondary' ? { gating: true, thresholdPct: decision.thresholdPct } : decision;
    return decision.gating ? { ...decision, gating: false, notGating: 'secondary' } : decision;
  };
  const tested = groups.map((group) => {
    const comparison = testGroup(group, policy(group));
    const exact =
      harnessCounts && group.deterministic ? null : decideDeterministic(comparison, comparison.thresholdPct ?? settings.thresholdPct);
    return { comparison, group, exact };
  });
  const byRule = harnessCounts ? countRuleOf(tested, settings) : new Map<Tested, RuledCount>();
  const family = tested.filter((t) => !byRule.has(t) && t.exact === null && t.comparison.p !== null && t.comparison.gating);
  const adjusted = adjustPValues(
    family.map((t) => t.comparison.p!),
    settings.correction,
  );
  const level = alphaPerTest(settings, family.length);
  const adjustedOf = new Map(family.map((t, i) => [t, adjusted[i]!]));
  const compared = tested.map((t): Compared => {
    const { comparison: c, group } = t;
    const ruled = byRule.get(t);
    if (ruled) return { group, comparison: ruled.comparison, level: ruled.level };
    if (t.exact) return { group, comparison: t.exact, level: settings.alpha };
    // rounds auto: the sequential design's verdict for the gating benchmarks it closed (analysis/sequential.ts).
    const outcome = c.gating ? sequential?.get(seriesKey(c.suite, c)) : undefined;
    const sequentially = (decided: Comparison) => (outcome ? applyOutcome(decided, outcome) : decided);
    if (c.p === null) return { group, comparison: sequentially(c), level: c.gating ? level : settings.alpha };
    const pAdjusted = adjustedOf.get(t);
    if (pAdjusted === undefined) return { group, comparison: decide(c, c.p, settings, settings.alpha), level: settings.alpha };
    return { group, comparison: sequentially(decide({ ...c, pAdjusted }, pAdjusted, settings, level)), level };
  });
  return { compared: sortForReport(compared), alphaPerTest: level, family: family.length };
}

const ORDER: Record<Verdict, number> = {
  failed: 0,
  regression: 1,
  improvement: 2,
  inconclusive: 3,
  added: 4,
  removed: 5,
  unchanged: 6,
};

/** Gating comparisons first; regressions first (largest change first), then improvements, then the rest by name. */
export function byReportOrder(a: Comparison, b: Comparison): number {
  return (
    Number(!a.gating) - Number(!b.gating) ||
    ORDER[a.verdict] - ORDER[b.verdict] ||
    Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0) ||
    a.suite.localeCompare(b.suite) ||
    a.benchmark.localeCompare(b.benchmark) ||
    a.metric.localeCompare(b.metric)
  );
}

function sortForReport(items: Compared[]): Compared[] {
  return [...items].sort(({ comparison: a }, { comparison: b }) => byReportOrder(a, b));
}

type RuledCount = { comparison: Comparison; level: number };
type Tested = { comparison: Comparison; group: Group; exact: Comparison | null };

/**
 * Counts a harness printed itself (countScope harness), one value per round: each round is a
 * repetition of the count rule (src/stats/count-rule.ts), decided at one final look over the
 * rounds run. The gating ones are one family, the others decided apart, for information.
 */
function countRuleOf(tested: readonly Tested[], settings: AnalysisSettings): Map<Tested, RuledCount> {
  const out = new Map<Tested, RuledCount>();
  for (const gating of [true, false]) {
    const members = tested.filter(
      (t) => t.group.deterministic && t.comparison.gating === gating && t.group.samples.base.length > 0 && t.group.samples.head.length > 0,
    );
    const outcomes = decideCounts(
      members.map((t, i) => ({ id: String(i), ...t.group.samples, thresholdPct: t.comparison.thresholdPct ?? settings.thresholdPct })),
      { alpha: settings.alpha, final: true, looks: 1 },
    );
    members.forEach((t, i) => {
      const o = outcomes.get(String(i))!;
      const comparison: Comparison = {
        ...t.comparison,
        test: o.name,
        p: o.p,
        pAdjusted: null,
        changePct: o.changePct,
        changeCi: o.interval,
        verdict: o.verdict === 'more' ? 'inconclusive' : o.verdict,
        warnings: o.warning ? [...t.comparison.warnings, o.warning] : t.comparison.warnings,
      };
      out.set(t, { comparison, level: o.level });
    });
  }
  return out;
}
