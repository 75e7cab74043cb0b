/**
 * Groups -> statistics -> verdicts. Pure: each function returns a new comparison.
 *
 * The rule (docs/architecture.md, "The statistics"): a change is a regression only when it is
 * significant after correcting for the number of benchmarks compared AND at least the practical
 * threshold. A benchmark whose data could not have shown a change of that size is
 * `inconclusive`, with the rounds it needs.
 */
import { decideDeterministic } from '../stats/deterministic.js';
import type { AnalysisSettings, Comparison, Summary, Verdict } from '../model.js';
import {
  adjustPValues,
  hodgesLehmann,
  mannWhitneyU,
  minDetectableEffectPct,
  percentChange,
  roundsNeeded,
  summarize,
} from '../stats/index.js';
import type { Group } from './group.js';

/** Percent change head vs base and its interval; on the log scale when every value is positive. */
function changeOf(base: number[], head: number[], baseSummary: Summary) {
  if (base.every((v) => v > 0) && head.every((v) => v > 0)) return percentChange(base, head);
  if (baseSummary.median === 0) return null;
  const hl = hodgesLehmann(head, base);
  const scale = 100 / Math.abs(baseSummary.median);
  return { changePct: hl.estimate * scale, ci: [hl.ci[0] * scale, hl.ci[1] * scale] as [number, number] };
}

function emptyComparison(g: Group): Comparison {
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
    warnings: [],
    ...(g.complexityN !== undefined && { diagnostics: { complexityN: g.complexityN } }),
  };
}

/** Statistics that do not depend on the other benchmarks (everything but the adjusted p). */
function testGroup(g: Group): Comparison {
  const c = emptyComparison(g);
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
    c.warnings.push({ code: 'too-few-samples', message: `needs at least 2 samples per side (has ${base.length} base, ${head.length} head)` });
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

/** The verdict of one comparison whose adjusted p is known. */
function decide(c: Comparison, settings: AnalysisSettings, levelPerTest: number): Comparison {
  const threshold = settings.thresholdPct;
  const change = c.changePct ?? 0;
  // Without a percent change (base median 0, values not all positive) the shift gives the direction.
  const direction = c.changePct ?? c.shift ?? 0;
  const worse = c.better === 'lower' ? direction > 0 : direction < 0;
  const changed: Verdict = worse ? 'regression' : 'improvement';

  if (c.pAdjusted !== null && c.pAdjusted < settings.alpha) {
    if (c.changePct === null && direction !== 0) {
      const message = `the base median is 0, so there is no percent change to hold against the ${threshold}% threshold: judged on significance alone`;
      return { ...c, verdict: changed, warnings: [...c.warnings, { code: 'no-percent-change', message }] };
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
  return {
    ...c,
    verdict: 'inconclusive',
    roundsNeeded: roundsNeeded({ cv, effectPct: threshold, alpha: levelPerTest }),
    diagnostics: { ...c.diagnostics, minDetectableEffectPct: Number.isFinite(mde) ? mde : null },
  };
}

export interface Compared {
  comparison: Comparison;
  group: Group;
}

/** Every group tested, p-values adjusted over the whole set, and each verdict decided. */
export function compareGroups(groups: readonly Group[], settings: AnalysisSettings): { compared: Compared[]; alphaPerTest: number } {
  // Exact counts the deterministic rule decides stay outside the correction family.
  const tested = groups.map((group) => {
    const comparison = testGroup(group);
    return { comparison, group, exact: decideDeterministic(comparison, settings.thresholdPct) };
  });
  const withP = tested.filter((t) => t.exact === null && t.comparison.p !== null);
  const adjusted = adjustPValues(
    withP.map((t) => t.comparison.p!),
    settings.correction,
  );
  const level = alphaPerTest(settings, withP.length);
  const decided = new Map(withP.map((t, i) => [t, decide({ ...t.comparison, pAdjusted: adjusted[i]! }, settings, level)]));
  const compared = tested.map((t) => ({ group: t.group, comparison: t.exact ?? decided.get(t) ?? t.comparison }));
  return { compared: sortForReport(compared), alphaPerTest: level };
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

/** Regressions first (largest change first), then improvements, then the rest by name. */
function sortForReport(items: Compared[]): Compared[] {
  return [...items].sort(
    ({ comparison: a }, { comparison: b }) =>
      ORDER[a.verdict] - ORDER[b.verdict] ||
      Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0) ||
      a.suite.localeCompare(b.suite) ||
      a.benchmark.localeCompare(b.benchmark) ||
      a.metric.localeCompare(b.metric),
  );
}
