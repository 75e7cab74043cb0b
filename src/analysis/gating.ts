/**
 * What gates is the user's choice (docs: README "What gates"). By default each benchmark's
 * primary measured metric gates; a secondary metric (Go's B/op, allocs/op) gates only when
 * `gate-metrics` names it; a derived one (MB/s from SetBytes) never does; the "(process)" cost
 * rows gate in command mode or with `gate-process`; an ignored benchmark never gates. A
 * per-glob threshold replaces the global one for the benchmarks it matches.
 */
import picomatch from 'picomatch';
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import type { AnalysisSettings, MetricRole, NotGating } from '../model.js';

export interface GateSubject {
  benchmark: string;
  metric: string;
  complexityN?: number;
  role?: MetricRole;
}

export interface GateDecision {
  gating: boolean;
  notGating?: NotGating;
  thresholdPct: number;
}

/**
 * The names a glob is tried against: the benchmark as the reports show it (with its size when
 * the name does not carry it, "sort [n=800]"), and that name with its metric ("BenchmarkX
 * [allocs/op]"), so one glob can pick a benchmark or one of its metrics. The same shape as
 * report/rows.ts displayName, which the analysis cannot import (imports point down).
 */
export function namesForGlobs({ benchmark, metric, complexityN }: GateSubject): string[] {
  const size = complexityN === undefined || benchmark.endsWith(`/${complexityN}`) ? '' : ` [n=${complexityN}]`;
  const shown = `${benchmark}${size}`;
  return metric === 'time' ? [shown] : [shown, `${shown} [${metric}]`];
}

/**
 * Benchmark names are not paths, so `*` matches any characters, "/" included
 * ("BenchmarkParse*" matches "BenchmarkParse/small-8"); `?`, `[abc]` and `{a,b}` work as usual.
 */
export function globMatcher(glob: string): (name: string) => boolean {
  // bash: a single star crosses "/" too; nonegate: a leading "!" is an ordinary character.
  return picomatch(glob, { bash: true, dot: true, nonegate: true });
}

/** Compiles the settings' globs once for every comparison of a result. */
export function gatePolicy(settings: AnalysisSettings): (s: GateSubject) => GateDecision {
  const ignore = (settings.ignore ?? []).map(globMatcher);
  const thresholds = (settings.thresholds ?? []).map((t) => ({ matches: globMatcher(t.glob), pct: t.pct }));
  const chosen = new Set(settings.gateMetrics ?? []);
  return (s) => {
    const names = namesForGlobs(s);
    const any = (m: (name: string) => boolean) => names.some(m);
    const thresholdPct = thresholds.find((t) => any(t.matches))?.pct ?? settings.thresholdPct;
    const notGating = whyNotGating(s, chosen, settings.gateProcess === true, ignore.some(any));
    return notGating === undefined ? { gating: true, thresholdPct } : { gating: false, notGating, thresholdPct };
  };
}

function whyNotGating(s: GateSubject, chosen: Set<string>, gateProcess: boolean, ignored: boolean): NotGating | undefined {
  if (ignored) return 'ignored';
  if (s.benchmark === PROCESS_BENCHMARK) return gateProcess || chosen.has(s.metric) ? undefined : 'process';
  if (s.role === 'derived') return 'derived';
  if (s.role === 'secondary' && !chosen.has(s.metric)) return 'secondary';
  return undefined;
}
