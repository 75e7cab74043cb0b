/**
 * Per-benchmark count runs (docs/architecture.md, decision 2) -> comparisons, decided by the
 * count rule. The runner's loop is replayed over the repetitions the log holds
 * (replayCountLooks), so `benchgate analyze` on a log gives the verdicts `benchgate run` gave.
 * Gating benchmarks are one family; the ones that do not gate are decided apart, for
 * information, and never make the gating ones harder to decide.
 */
import { perOpCounts } from '../counts/per-op.js';
import type { AnalysisSettings, Comparison, Run } from '../model.js';
import { replayCountLooks, type ReplayedCount } from './decisions/count-looks.js';
import type { CountMember } from './decisions/count-rule.js';
import { summarize } from '../stats/index.js';
import { gatePolicy, type GateDecision } from './gating.js';

/** A per-benchmark count run: decision 2's fields are set. */
export function isCountRun(run: Run): boolean {
  const r = run as Run & { benchmark?: string; work?: number };
  return r.benchmark !== undefined && r.work !== undefined;
}

const METRIC = { metric: 'instructions', unit: 'instructions', better: 'lower' } as const;

function comparisonOf(
  suite: string,
  benchmark: string,
  gate: GateDecision,
  base: number[],
  head: number[],
  failed: { base: boolean; head: boolean },
  o: ReplayedCount | undefined,
): Comparison {
  const used = o ? { base: base.slice(0, o.repetitions.base), head: head.slice(0, o.repetitions.head) } : { base, head };
  const c: Comparison = {
    suite,
    benchmark,
    ...METRIC,
    deterministic: true,
    base: used.base.length > 0 ? summarize(used.base) : null,
    head: used.head.length > 0 ? summarize(used.head) : null,
    baseSamples: used.base,
    headSamples: used.head,
    changePct: o?.changePct ?? null,
    changeCi: o?.interval ?? null,
    shift: null,
    shiftCi: null,
    test: o ? { name: o.name, statistic: o.statistic, p: o.p, interval: o.interval, level: o.level, assumes: o.assumes } : null,
    p: o?.p ?? null,
    pAdjusted: null,
    verdict: o?.verdict ?? 'inconclusive',
    roundsNeeded: null,
    gating: gate.gating,
    ...(gate.notGating !== undefined && { notGating: gate.notGating }),
    thresholdPct: gate.thresholdPct,
    warnings: o?.warning ? [o.warning] : [],
  };
  if (base.length === 0 && head.length === 0) return { ...c, verdict: 'failed' };
  if (base.length === 0) return { ...c, verdict: failed.base ? 'failed' : 'added' };
  if (head.length === 0) return { ...c, verdict: failed.head ? 'failed' : 'removed' };
  return c;
}

/** The comparisons of the log's count runs, one per benchmark (its normalised name). */
export function compareCounts(runs: readonly Run[], settings: AnalysisSettings): Comparison[] {
  const countRuns = runs.filter(isCountRun);
  if (countRuns.length === 0) return [];
  const suite = countRuns[0]!.suite;
  const samples = perOpCounts(countRuns);
  const failedSides = new Map<string, { base: boolean; head: boolean }>();
  for (const r of countRuns as (Run & { benchmark: string })[]) {
    if (r.error === undefined) continue;
    const f = failedSides.get(r.benchmark) ?? { base: false, head: false };
    failedSides.set(r.benchmark, { ...f, [r.side]: true });
  }
  const policy = gatePolicy(settings);
  const names = [...new Set([...samples.keys(), ...failedSides.keys()])];
  const gates = new Map(names.map((name) => [name, policy({ benchmark: name, metric: METRIC.metric })]));
  const family = (gating: boolean): CountMember[] =>
    names
      .filter((name) => gates.get(name)!.gating === gating)
      .filter((name) => (samples.get(name)?.base.length ?? 0) > 0 && (samples.get(name)?.head.length ?? 0) > 0)
      .map((name) => ({ id: name, ...samples.get(name)!, thresholdPct: gates.get(name)!.thresholdPct }));
  const outcomes = new Map([...replayCountLooks(family(true), settings), ...replayCountLooks(family(false), settings)]);
  return names.map((name) => {
    const s = samples.get(name) ?? { base: [], head: [] };
    return comparisonOf(
      suite,
      name,
      gates.get(name)!,
      s.base,
      s.head,
      failedSides.get(name) ?? { base: false, head: false },
      outcomes.get(name),
    );
  });
}
