/**
 * Every diagnostic, attached where it belongs: per comparison (numbers in
 * `comparison.diagnostics`, warnings in `comparison.warnings`) and per result (environment,
 * complexity class changes). Pure: comparisons, runs and the log header in, data out.
 */
import type { AnalysisSettings, Comparison, LogHeader, ResultEnvironment, Run, Warning } from '../model.js';
import { fitComplexity, isClassChange, type ComplexityNumbers } from './complexity.js';
import { costWarnings, withProcessCost } from './cost.js';
import { driftDiagnostic } from './drift.js';
import { environmentDiagnostic } from './environment-stability.js';
import { normalityDiagnostic } from './normality.js';
import { percentileDiagnostic } from './percentiles.js';
import { indexRuns, seriesKey, type RunData } from './runs-index.js';
import { tooShortDiagnostic } from './too-short.js';

export { withProcessCost, PROCESS_BENCHMARK } from './cost.js';

/** The customary level for rejecting normality; independent of the gate's alpha. */
const NORMALITY_ALPHA = 0.05;

export function complexityNOf(c: Comparison): number | undefined {
  return c.diagnostics?.complexityN;
}

function diagnoseComparison(c: Comparison, data: RunData | undefined, settings: AnalysisSettings, alphaPerTest: number): void {
  if (!c.base || !c.head || !data) return;
  const parts = {
    percentiles: percentileDiagnostic(c.base, c.head, c.better, settings.thresholdPct),
    normality: normalityDiagnostic(c.baseSamples, c.headSamples, NORMALITY_ALPHA, c.p),
    // Two trend tests per benchmark, at the level the comparisons are corrected to.
    drift: driftDiagnostic(data.series.base, data.series.head, settings.thresholdPct, alphaPerTest / 2),
    tooShort: tooShortDiagnostic(data.raw, c.unit === 's', { base: c.base.n, head: c.head.n }, alphaPerTest),
  };
  c.diagnostics = {
    ...c.diagnostics,
    rounds: data.series,
    percentiles: parts.percentiles.numbers,
    normality: parts.normality.numbers,
    drift: parts.drift.numbers,
    tooShort: parts.tooShort.numbers,
  };
  for (const part of Object.values(parts)) c.warnings.push(...part.warnings);
}

/** "BM_sort/64" with complexityN 64 belongs to family "BM_sort"; nanobench repeats the name. */
function familyName(benchmark: string, n: number): string {
  const suffix = `/${n}`;
  return benchmark.endsWith(suffix) ? benchmark.slice(0, -suffix.length) : benchmark;
}

function diagnoseComplexity(comparisons: Comparison[]): Warning[] {
  const families = new Map<string, { family: string; members: Comparison[] }>();
  for (const c of comparisons) {
    const n = complexityNOf(c);
    if (n === undefined || !c.base || !c.head) continue;
    const family = familyName(c.benchmark, n);
    const key = JSON.stringify([c.suite, family, c.metric]);
    const entry = families.get(key) ?? { family, members: [] };
    entry.members.push(c);
    families.set(key, entry);
  }
  const warnings: Warning[] = [];
  for (const { family, members } of families.values()) {
    members.sort((a, b) => complexityNOf(a)! - complexityNOf(b)!);
    const points = {
      base: members.map((c) => [complexityNOf(c)!, c.base!.median] as [number, number]),
      head: members.map((c) => [complexityNOf(c)!, c.head!.median] as [number, number]),
    };
    const base = fitComplexity(points.base);
    const head = fitComplexity(points.head);
    if (!base || !head) continue;
    const numbers: ComplexityNumbers = { family, points, base, head, classChange: isClassChange(base, head) };
    for (const c of members) c.diagnostics = { ...c.diagnostics, complexity: numbers };
    if (numbers.classChange) {
      const warning: Warning = {
        code: 'complexity-change',
        message: `${family}: complexity changed from ${base.best} to ${head.best} (normalised RMSE ${base.fits[0]!.nrmse.toFixed(3)} base, ${head.fits[0]!.nrmse.toFixed(3)} head, n = ${points.base[0]![0]}..${points.base.at(-1)![0]})`,
      };
      members.at(-1)!.warnings.push(warning);
      warnings.push(warning);
    }
  }
  return warnings;
}

export interface ResultDiagnosis {
  /** For the result's warnings. */
  warnings: Warning[];
  environment: ResultEnvironment;
}

export function diagnose(comparisons: Comparison[], runs: readonly Run[], header: LogHeader, settings: AnalysisSettings): ResultDiagnosis {
  const index = indexRuns(withProcessCost(runs));
  const tests = comparisons.filter((c) => c.p !== null).length;
  const alphaPerTest = settings.correction === 'none' ? settings.alpha : settings.alpha / Math.max(1, tests);
  for (const c of comparisons) {
    diagnoseComparison(c, index.get(seriesKey(c.suite, c.benchmark, c.metric, complexityNOf(c))), settings, alphaPerTest);
  }
  const complexityWarnings = diagnoseComplexity(comparisons);
  const environment = environmentDiagnostic(header.environment, runs);
  return {
    warnings: [...environment.warnings, ...costWarnings(runs), ...complexityWarnings],
    environment: { ...header.environment, stability: environment.numbers },
  };
}
