/**
 * What gates is the user's choice (docs: README "What gates"). By default each benchmark's
 * primary measured metric gates; a secondary metric (Go's B/op, allocs/op) gates only when
 * `gate-metrics` names it; a derived one (MB/s from SetBytes) never does; the "(process)" cost
 * rows gate in command mode or with `gate-process`; an ignored benchmark never gates. A
 * per-glob threshold replaces the global one for the benchmarks it matches.
 */
import picomatch from 'picomatch';
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import type { AnalysisSettings, FailOn, FailOnItem, MetricRole, NotGating, Warning } from '../model.js';
import { splitName } from './split-name.js';

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
 * The names a glob is tried against: the benchmark as the reports show it ("UUID_New-2" for Go's
 * "github.com/google/uuid.BenchmarkUUID_New-2", split-name.ts) and as the harness printed it,
 * each with its size when the name does not carry it ("sort [n=800]"), and those names with
 * their metric ("UUID_New-2 [allocs/op]"), so one glob can pick a benchmark or one of its metrics.
 */
export function namesForGlobs({ benchmark, metric, complexityN }: GateSubject): string[] {
  const size = complexityN === undefined || benchmark.endsWith(`/${complexityN}`) ? '' : ` [n=${complexityN}]`;
  const names = [...new Set([splitName(benchmark).name, benchmark])].map((name) => `${name}${size}`);
  return metric === 'time' ? names : [...names, ...names.map((name) => `${name} [${metric}]`)];
}

/** A warning for each `ignore` or `thresholds` glob that no benchmark's name matches: a typo must not pass in silence. */
export function unmatchedGlobWarnings(settings: AnalysisSettings, subjects: readonly GateSubject[]): Warning[] {
  const names = subjects.flatMap(namesForGlobs);
  const globs = [
    ...(settings.ignore ?? []).map((glob) => ({ glob, key: 'ignore' })),
    ...(settings.thresholds ?? []).map((t) => ({ glob: t.glob, key: 'thresholds' })),
  ];
  return globs
    .filter(({ glob }) => !names.some(globMatcher(glob)))
    .map(({ glob, key }) => ({
      code: 'glob-matches-nothing',
      message: `the ${key} glob ${JSON.stringify(glob)} matches no benchmark: globs match the name as the reports show it (Go: "UUID_New-2" for "github.com/google/uuid.BenchmarkUUID_New-2") or as the harness printed it`,
    }));
}

/**
 * Benchmark names are not paths, so `*` matches any characters, "/" included
 * ("BenchmarkParse*" matches "BenchmarkParse/small-8"); `?`, `[abc]` and `{a,b}` work as usual.
 */
export function globMatcher(glob: string): (name: string) => boolean {
  // bash: a single star crosses "/" too; nonegate: a leading "!" is an ordinary character.
  const matcher = picomatch(glob, { bash: true, dot: true, nonegate: true });
  // One argument only: picomatch's second is returnObject, and a truthy one (an array index,
  // when handed to names.some) makes every name "match".
  return (name) => matcher(name);
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

/** The real reason first: `ignored` only for a row that would otherwise gate (an ignored benchmark's allocs/op is a secondary metric). */
function whyNotGating(s: GateSubject, chosen: Set<string>, gateProcess: boolean, ignored: boolean): NotGating | undefined {
  if (s.benchmark === PROCESS_BENCHMARK) {
    if (!gateProcess && !chosen.has(s.metric)) return 'process';
  } else if (s.role === 'derived') return 'derived';
  else if (s.role === 'secondary' && !chosen.has(s.metric)) return 'secondary';
  return ignored ? 'ignored' : undefined;
}

/** The items of a fail-on setting, whichever way the file wrote it (a string before it was a list). */
export function failOnItems(failOn: FailOn): FailOnItem[] {
  return failOn === 'regression' ? ['regression'] : failOn === 'none' ? [] : failOn;
}
