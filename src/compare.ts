/**
 * Samples per benchmark -> statistics -> verdict. Pure: runs and settings in, comparisons out.
 *
 * The rule (DESIGN.md): a change is a regression only when it is significant after correcting
 * for the number of benchmarks compared AND at least the practical threshold. A benchmark whose
 * data could not have shown a change of that size is `inconclusive`, with the rounds it needs.
 */
import type {
  AnalysisSettings,
  Better,
  Comparison,
  ComparisonResult,
  LogEnd,
  LogHeader,
  Run,
  Side,
  Summary,
  Verdict,
  Warning,
} from './model.js';
import { diagnose, withProcessCost } from './diagnostics/index.js';
import { decideDeterministic } from './stats/deterministic.js';
import {
  adjustPValues,
  geomeanChange,
  hodgesLehmann,
  mannWhitneyU,
  minDetectableEffectPct,
  percentChange,
  roundsNeeded,
  summarize,
} from './stats/index.js';

interface Group {
  suite: string;
  benchmark: string;
  metric: string;
  unit: string;
  better: Better;
  /** Harnesses report one name at several sizes (nanobench complexityN): each size is its own group. */
  complexityN?: number;
  deterministic?: boolean;
  samples: Record<Side, number[]>;
  failures: Record<Side, string[]>;
}

const VERDICTS: Verdict[] = ['regression', 'improvement', 'unchanged', 'inconclusive', 'added', 'removed', 'failed'];

/** One sample per run (the run's median) by default; every iteration when pooling is asked for. */
function samplesOf(values: number[], sampling: AnalysisSettings['sampling']): number[] {
  if (sampling === 'pooled' || values.length === 1) return values;
  return [summarize(values).median];
}

function groupRuns(runs: Run[], sampling: AnalysisSettings['sampling']): Group[] {
  const groups = new Map<string, Group>();
  for (const run of runs) {
    for (const m of run.measurements) {
      const key = JSON.stringify([run.suite, m.benchmark, m.metric, m.complexityN ?? null]);
      let g = groups.get(key);
      if (!g) {
        g = {
          suite: run.suite,
          benchmark: m.benchmark,
          metric: m.metric,
          unit: m.unit,
          better: m.better,
          complexityN: m.complexityN,
          deterministic: m.deterministic,
          samples: { base: [], head: [] },
          failures: { base: [], head: [] },
        };
        groups.set(key, g);
      }
      if (m.failed !== undefined || m.values.length === 0) {
        g.failures[run.side].push(`round ${run.round}: ${m.failed ?? 'no values'}`);
      } else {
        g.samples[run.side].push(...samplesOf(m.values, sampling));
      }
    }
  }
  return [...groups.values()];
}

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
    if (g.failures[side].length > 0) {
      c.warnings.push({
        code: 'failed-runs',
        message: `${side} failed in ${g.failures[side].length} run(s): ${g.failures[side][0]}`,
      });
    }
  }
  const { base, head } = g.samples;
  if (base.length === 0 && head.length === 0) {
    c.verdict = 'failed';
    return c;
  }
  if (base.length === 0) {
    c.verdict = g.failures.base.length > 0 ? 'failed' : 'added';
    return c;
  }
  if (head.length === 0) {
    c.verdict = g.failures.head.length > 0 ? 'failed' : 'removed';
    return c;
  }
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
  c.shift = hl.estimate;
  c.shiftCi = hl.ci;
  const mw = mannWhitneyU(base, head);
  c.test = `mann-whitney-${mw.method}`;
  c.uBase = mw.u1;
  c.uHead = mw.u2;
  c.p = mw.p;
  return c;
}

/** Verdict for one comparison whose p-values are known. */
function decide(c: Comparison, settings: AnalysisSettings, tests: number): void {
  const threshold = settings.thresholdPct;
  // The per-test level the correction demands of the most significant benchmark (Bonferroni's,
  // which Holm and BH both start from): what the sample size must be able to reach.
  const alphaPerTest = settings.correction === 'none' ? settings.alpha : settings.alpha / tests;
  const change = c.changePct ?? 0;
  // Without a percent change (base median 0, values not all positive) the shift gives the direction.
  const direction = c.changePct ?? c.shift ?? 0;
  const worse = c.better === 'lower' ? direction > 0 : direction < 0;

  if (c.pAdjusted !== null && c.pAdjusted < settings.alpha) {
    if (c.changePct === null && direction !== 0) {
      c.verdict = worse ? 'regression' : 'improvement';
      c.warnings.push({
        code: 'no-percent-change',
        message: `the base median is 0, so there is no percent change to hold against the ${threshold}% threshold: judged on significance alone`,
      });
    } else if (Math.abs(change) >= threshold) {
      c.verdict = worse ? 'regression' : 'improvement';
    } else {
      c.verdict = 'unchanged';
      c.warnings.push({
        code: 'below-threshold',
        message: `significant but ${Math.abs(change).toFixed(2)}% is below the ${threshold}% threshold`,
      });
    }
    return;
  }

  const cv = Math.max(c.base!.cv, c.head!.cv);
  const n = Math.min(c.base!.n, c.head!.n);
  const ciInsideThreshold = c.changeCi !== null && c.changeCi[0] > -threshold && c.changeCi[1] < threshold;
  // Infinity when n is too small for the exact test to ever reach alphaPerTest.
  const mde = minDetectableEffectPct({ cv, n, alpha: alphaPerTest });
  if (threshold === 0 || ciInsideThreshold || mde <= threshold) {
    c.verdict = 'unchanged';
    return;
  }
  c.verdict = 'inconclusive';
  c.roundsNeeded = roundsNeeded({ cv, effectPct: threshold, alpha: alphaPerTest });
  c.diagnostics = { ...c.diagnostics, minDetectableEffectPct: Number.isFinite(mde) ? mde : null };
}

/** All comparisons of a set of runs, with p-values adjusted over the whole set. */
export function compareRuns(runs: Run[], settings: AnalysisSettings): Comparison[] {
  const comparisons = groupRuns(withProcessCost(runs), settings.sampling).map(testGroup);
  // Exact counts decided by the deterministic rule stay outside the correction family.
  const tested = comparisons.filter((c) => c.p !== null && !decideDeterministic(c, settings.thresholdPct));
  const adjusted = adjustPValues(
    tested.map((c) => c.p!),
    settings.correction,
  );
  tested.forEach((c, i) => {
    c.pAdjusted = adjusted[i]!;
    decide(c, settings, tested.length);
  });
  return sortForReport(comparisons);
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
export function sortForReport(comparisons: Comparison[]): Comparison[] {
  return [...comparisons].sort(
    (a, b) =>
      ORDER[a.verdict] - ORDER[b.verdict] ||
      Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0) ||
      a.suite.localeCompare(b.suite) ||
      a.benchmark.localeCompare(b.benchmark) ||
      a.metric.localeCompare(b.metric),
  );
}

/**
 * Whether anything failed: a run (crash, timeout, unreadable output), the job before any run was
 * logged (a build: the `run-failed` warning), a benchmark its harness marked failed in any
 * round, or no benchmark read at all. The overall verdict is then `error` (unless a regression
 * makes it `fail`), and the exit code 3 either way.
 */
export function hasFailures(r: Pick<ComparisonResult, 'failedRuns' | 'counts' | 'comparisons' | 'warnings'>): boolean {
  return (
    r.failedRuns.length > 0 ||
    r.counts.failed > 0 ||
    r.comparisons.length === 0 ||
    r.warnings.some((w) => w.code === 'run-failed') ||
    r.comparisons.some((c) => c.warnings.some((w) => w.code === 'failed-runs'))
  );
}

function failedRunsOf(runs: Run[]): ComparisonResult['failedRuns'] {
  return runs
    .filter((r) => r.error !== undefined)
    .map((r) => ({ suite: r.suite, side: r.side, round: r.round, error: r.error! }));
}

/**
 * The whole analysis of one results log: what results.json holds and every report renders.
 * `end` is the log's end line: a run that stopped on a failure is an error, and says why.
 */
export function analyze(
  header: LogHeader,
  runs: Run[],
  settings: AnalysisSettings,
  failOn: 'regression' | 'none',
  plannedRounds: number | null,
  end: LogEnd | null = null,
): ComparisonResult {
  const comparisons = compareRuns(runs, settings);
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const c of comparisons) counts[c.verdict]++;
  const failedRuns = failedRunsOf(runs);
  const ratios = comparisons
    .filter((c) => c.metric === 'time' && c.base && c.head && c.base.median > 0 && c.head.median > 0)
    .map((c) => c.head!.median / c.base!.median);
  const warnings: Warning[] = [];
  // A failure that no logged run shows (a build, a warmup round) must still be in the report.
  if (end?.status === 'failed' && failedRuns.length === 0) {
    warnings.push({ code: 'run-failed', message: `the run stopped: ${end.message?.split('\n')[0] || 'no reason was logged'}` });
  }
  if (comparisons.length === 0) {
    warnings.push({ code: 'no-benchmarks', message: 'no benchmark results were parsed from any run' });
  }
  const diagnosis = diagnose(comparisons, runs, header, settings);
  warnings.push(...diagnosis.warnings);
  const completed = new Set(runs.filter((r) => r.side === 'head').map((r) => r.round)).size;
  const verdict =
    counts.regression > 0
      ? 'fail'
      : hasFailures({ failedRuns, counts, comparisons, warnings })
        ? 'error'
        : counts.inconclusive > 0
          ? 'inconclusive'
          : 'pass';
  return {
    tool: header.tool,
    base: header.base,
    head: header.head,
    seed: header.seed,
    settings,
    rounds: { planned: plannedRounds, completed },
    comparisons,
    verdict,
    gateFailed: failOn === 'regression' && counts.regression > 0,
    counts,
    geomean: ratios.length > 0 ? geomeanChange(ratios) : null,
    warnings,
    environment: diagnosis.environment,
    failedRuns,
  };
}
