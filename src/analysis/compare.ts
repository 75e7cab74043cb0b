/**
 * Groups -> statistics -> verdicts. Pure: each function returns a new comparison.
 *
 * The rule (docs/architecture.md, "The statistics"): a change is a regression only when it is
 * significant after correcting for the number of benchmarks compared AND at least the practical
 * threshold. A benchmark whose data could not have shown a change of that size is
 * `inconclusive`, with the rounds it needs.
 */
import type { BenchmarkOutcome } from '../adaptive/driver.js';
import type { SequentialTestName } from '../adaptive/statistics.js';
import { seriesKey } from '../adaptive/samples.js';
import { decideDeterministic } from '../stats/deterministic.js';
import { decideCounts } from './decisions/count-rule.js';
import type { AnalysisSettings, Comparison, RunSettings, Verdict } from '../model.js';
import { adjustPValues, minDetectableEffectPct, roundsNeeded, summarize } from '../stats/index.js';
import type { TestOutcome } from './decision.js';
import { decisionFor } from './decisions/index.js';
import { changeOf, rankMeasures } from './decisions/rank-measures.js';
import { correctionPolicy, groupSequentialPolicy } from './family.js';
import { gatePolicy, type GateDecision } from './gating.js';
import type { Group } from './group.js';
import { applyOutcome, noPercentChange } from './sequential.js';

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

/** The test's outcome at `level`, and its verdict there (the family's level is known only after every p). */
function outcomeAt(c: Comparison, level: number): { test: TestOutcome; verdict: Comparison['verdict'] } {
  const decision = decisionFor(c.baseSamples, c.headSamples)!;
  const { verdict, ...test } = decision.decide(c.baseSamples, c.headSamples, { thresholdPct: c.thresholdPct, level, better: c.better });
  return { test, verdict };
}

/** Statistics that do not depend on the other benchmarks (everything but the adjusted p), the test's outcome held to alpha. */
function testGroup(g: Group, gate: GateDecision, alpha: number): Comparison {
  const c = emptyComparison(g, gate);
  for (const side of ['base', 'head'] as const) {
    const f = g.failures[side];
    if (f.runs > 0) c.warnings.push({ code: 'failed-runs', message: `${side} failed in ${f.runs} run(s): ${f.first}` });
  }
  const { base, head } = g.samples;
  if (base.length === 0 && head.length === 0) return { ...c, verdict: 'failed' };
  if (base.length === 0) return { ...c, verdict: g.failures.base.runs > 0 ? 'failed' : 'added' };
  if (head.length === 0) return { ...c, verdict: g.failures.head.runs > 0 ? 'failed' : 'removed' };
  const change = changeOf(base, head);
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
  const { shift } = rankMeasures(base, head);
  const { test } = outcomeAt({ ...c, baseSamples: base, headSamples: head }, alpha);
  return { ...c, shift: shift.estimate, shiftCi: shift.ci, test, p: test.p };
}

/**
 * The per-test level the correction demands of the most significant benchmark (Bonferroni's,
 * which Holm and BH both start from): what the sample size must be able to reach.
 */
function alphaPerTest(settings: AnalysisSettings, tests: number): number {
  return settings.correction === 'none' ? settings.alpha : settings.alpha / Math.max(1, tests);
}

/**
 * The verdict of one comparison held to `level` (a gating one: the family's level for it; one
 * that does not gate: alpha, for an informational verdict). `levelPerTest` is what the sample
 * size must be able to reach, for the rounds an undecided one needs.
 */
function decide(c: Comparison, level: number, levelPerTest: number): Comparison {
  const threshold = c.thresholdPct;
  const change = c.changePct ?? 0;
  const { test, verdict } = outcomeAt(c, level);
  const tested = { ...c, test };

  if (verdict === 'regression' || verdict === 'improvement') {
    // zero-base: no percent change to hold against the threshold, the shift's direction decides.
    const zeroBase = test.name === 'zero-base' && (c.shift ?? 0) !== 0;
    return { ...tested, verdict, ...(zeroBase && { warnings: [...c.warnings, noPercentChange(threshold)] }) };
  }
  if (verdict === 'unchanged') {
    const message = `significant but ${Math.abs(change).toFixed(2)}% is below the ${threshold}% threshold`;
    return { ...tested, verdict: 'unchanged', warnings: [...c.warnings, { code: 'below-threshold', message }] };
  }

  const cv = Math.max(c.base!.cv, c.head!.cv);
  const n = Math.min(c.base!.n, c.head!.n);
  const ciInsideThreshold = c.changeCi !== null && c.changeCi[0] > -threshold && c.changeCi[1] < threshold;
  // Infinity when n is too small for the exact test to ever reach the per-test level.
  const mde = minDetectableEffectPct({ cv, n, alpha: levelPerTest });
  if (threshold === 0 || ciInsideThreshold || mde <= threshold) return { ...tested, verdict: 'unchanged' };
  // The change that matters: the threshold, or the change seen when it is larger. The estimate
  // already includes the rounds the exact test needs to reach the level at all (the too-short
  // note's "run at least N rounds"), so the two never disagree.
  const effectPct = Math.max(threshold, Math.abs(change));
  return {
    ...tested,
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
  sequential?: { outcomes: Map<string, BenchmarkOutcome>; test: SequentialTestName },
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
    const comparison = testGroup(group, policy(group), settings.alpha);
    const exact =
      harnessCounts && group.deterministic
        ? null
        : decideDeterministic(comparison, comparison.thresholdPct ?? settings.thresholdPct, settings.alpha);
    return { comparison, group, exact };
  });
  const byRule = harnessCounts ? countRuleOf(tested, settings) : new Map<Tested, RuledCount>();
  const family = tested.filter((t) => !byRule.has(t) && t.exact === null && t.comparison.p !== null && t.comparison.gating);
  const adjusted = adjustPValues(
    family.map((t) => t.comparison.p!),
    settings.correction,
  );
  const members = family.map((t, i) => ({ id: String(i), p: t.comparison.p }));
  const familyLevels = correctionPolicy(settings.correction).levels(members, settings.alpha);
  const level = alphaPerTest(settings, family.length);
  const inFamily = new Map(family.map((t, i) => [t, { pAdjusted: adjusted[i]!, level: familyLevels.get(String(i))! }]));
  const looks = sequential && groupSequentialPolicy(sequential.outcomes);
  const compared = tested.map((t): Compared => {
    const { comparison: c, group } = t;
    const ruled = byRule.get(t);
    if (ruled) return { group, comparison: ruled.comparison, level: ruled.level };
    if (t.exact) return { group, comparison: t.exact, level: settings.alpha };
    // rounds auto: the sequential design's verdict for the gating benchmarks it closed (analysis/sequential.ts).
    const key = seriesKey(c.suite, c);
    const outcome = c.gating ? sequential?.outcomes.get(key) : undefined;
    const sequentially = (decided: Comparison) =>
      outcome && looks
        ? applyOutcome(decided, outcome, {
            name: sequential.test,
            level: looks.levels([{ id: key, p: decided.p }], settings.alpha).get(key)!,
          })
        : decided;
    if (c.p === null) return { group, comparison: sequentially(c), level: c.gating ? level : settings.alpha };
    const member = inFamily.get(t);
    if (member === undefined) return { group, comparison: decide(c, settings.alpha, settings.alpha), level: settings.alpha };
    return { group, comparison: sequentially(decide({ ...c, pAdjusted: member.pAdjusted }, member.level, level)), level };
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
 * repetition of the count rule (src/analysis/decisions/count-rule.ts), decided at one final look over the
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
        test: { name: o.name, statistic: o.statistic, p: o.p, interval: o.interval, level: o.level, assumes: o.assumes },
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
