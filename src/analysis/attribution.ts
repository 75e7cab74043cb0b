/**
 * Per-function attribution on changed comparisons (decision 8 in docs/architecture.md): a
 * regression or an improvement gets `attribution`; a verdict that is unchanged or inconclusive has
 * nothing to explain. Counted benchmarks take their functions from their count runs' cachegrind
 * profiles (`source: 'counts'`); timed ones from the callgrind passes run after their verdict
 * (`source: 'passes'`: where the instructions changed). Both take the call path, the call tree and
 * the callers the inlining note asks for from those callgrind passes (round-0 profiles). Attribution is read from the log
 * only, so `benchgate run` and `benchgate analyze` give the same, and it never changes a verdict or
 * the gate.
 */
import { attributeFunctions, type CallersOf, type FunctionAttribution } from '../counts/attribution.js';
import { callGraphOf, type CallGraph } from '../counts/call-path.js';
import { callAttribution } from '../counts/call-counts.js';
import { profilePerOp } from '../counts/per-op-functions.js';
import { normaliseName } from '../harness/index.js';
import type { Attribution, BenchmarkProfile, Comparison } from '../model.js';

const EXPLAINED: ReadonlySet<Comparison['verdict']> = new Set(['regression', 'improvement']);

/**
 * A timed change whose instructions moved by less than this fraction of it is mostly something
 * counts cannot see (memory, I/O, waiting, parallelism): the attribution says so.
 */
const COUNTS_CAN_MISS_FRACTION = 0.5;

/** The first `n` profiles of a side, in round order: the repetitions the comparison's samples come from. */
function firstRounds(profiles: readonly BenchmarkProfile[], side: 'base' | 'head', n: number): BenchmarkProfile[] {
  return profiles
    .filter((p) => p.side === side)
    .sort((a, b) => a.round - b.round)
    .slice(0, n);
}

const bothSides = (profiles: readonly BenchmarkProfile[]) =>
  profiles.some((p) => p.side === 'base') && profiles.some((p) => p.side === 'head');

/** A counted comparison's attribution from its count runs' profiles; null without profiles on both sides. */
function countedAttribution(c: Comparison, profiles: readonly BenchmarkProfile[], callers?: CallersOf): FunctionAttribution | null {
  const level = c.test?.level;
  if (level === undefined || !(level > 0 && level < 1)) return null;
  const used = [...firstRounds(profiles, 'base', c.baseSamples.length), ...firstRounds(profiles, 'head', c.headSamples.length)];
  if (!bothSides(used)) return null;
  return attributeFunctions({ profiles: used, totals: { base: c.baseSamples, head: c.headSamples }, level, callers });
}

/** A timed comparison's attribution from its passes (one profile a side, exact: no interval), with the counts-can-miss note. */
function passesAttribution(c: Comparison, profiles: readonly BenchmarkProfile[], callers?: CallersOf): FunctionAttribution | null {
  if (!bothSides(profiles)) return null;
  const totals = {
    base: profiles.filter((p) => p.side === 'base').map(profilePerOp),
    head: profiles.filter((p) => p.side === 'head').map(profilePerOp),
  };
  const found = attributeFunctions({ profiles, totals, level: c.test?.level ?? 0.05, callers });
  return { ...found, notes: [...found.notes, ...countsCanMissNote(found, c.changePct)] };
}

function countsCanMissNote(found: FunctionAttribution, timedPct: number | null): string[] {
  const { base, delta } = found.total;
  if (timedPct === null || base <= 0) return [];
  const countedPct = (100 * delta) / base;
  if (Math.abs(countedPct) >= COUNTS_CAN_MISS_FRACTION * Math.abs(timedPct)) return [];
  const pct = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)}%`;
  return [
    `the instructions changed ${pct(countedPct)} against ${pct(timedPct)} timed: the rest is memory, I/O, waiting or parallelism, which counts cannot see (counts-can-miss)`,
  ];
}

/** The profiles of one tool by benchmark name: count runs' (round ≥ 1) or passes' (round 0). */
function byBenchmark(
  profiles: readonly BenchmarkProfile[],
  tool: BenchmarkProfile['tool'],
  passes: boolean,
): Map<string, BenchmarkProfile[]> {
  const out = new Map<string, BenchmarkProfile[]>();
  for (const p of profiles) {
    if (p.tool !== tool || p.round < 1 !== passes) continue;
    const list = out.get(p.benchmark);
    if (list) list.push(p);
    else out.set(p.benchmark, [p]);
  }
  return out;
}

/** Puts each changed comparison's attribution on it: its functions from `functions`, its call graph from the callgrind passes. */
function attributed(
  comparisons: readonly Comparison[],
  functions: Map<string, BenchmarkProfile[]>,
  passes: Map<string, BenchmarkProfile[]>,
  key: (c: Comparison) => string,
  source: Attribution['source'],
): Comparison[] {
  const of = source === 'counts' ? countedAttribution : passesAttribution;
  return comparisons.map((c) => {
    const own = EXPLAINED.has(c.verdict) ? functions.get(key(c)) : undefined;
    if (!own) return c;
    const graphed = passes.get(key(c));
    // The call graph needs the benchmark's per-op count to find its own function: the functions' total, when known.
    const first = of(c, own);
    const graph: CallGraph | null =
      graphed && bothSides(graphed)
        ? callGraphOf(graphed, key(c), first ? { base: first.total.base, head: first.total.head } : undefined)
        : null;
    const found = graph ? of(c, own, graph.callers) : first;
    return found ? { ...c, attribution: { ...found, source, callPath: graph?.path ?? null, callTree: graph?.tree ?? null } } : c;
  });
}

/**
 * Counted comparisons (per-benchmark count runs), each regression and improvement with its count
 * runs' attribution; an interpreter's benchmark (pytest-benchmark) with its cProfile passes' Python
 * call counts instead (src/counts/call-counts.ts).
 */
export function withCountAttribution(comparisons: readonly Comparison[], profiles: readonly BenchmarkProfile[]): Comparison[] {
  const passes = byBenchmark(profiles, 'callgrind', true);
  const calls = byBenchmark(profiles, 'cprofile', true);
  return attributed(comparisons, byBenchmark(profiles, 'cachegrind', false), passes, (c) => c.benchmark, 'counts').map((c) => {
    const own = EXPLAINED.has(c.verdict) && !c.attribution ? calls.get(c.benchmark) : undefined;
    const attribution = own ? callAttribution(own) : null;
    return attribution ? { ...c, attribution } : c;
  });
}

/** Timed comparisons, each regression and improvement with its passes' attribution; the passes name benchmarks as `format`'s harness normalises them. */
export function withPassAttribution(
  comparisons: readonly Comparison[],
  profiles: readonly BenchmarkProfile[],
  format: string,
): Comparison[] {
  const passes = byBenchmark(profiles, 'callgrind', true);
  return attributed(comparisons, passes, passes, (c) => normaliseName(format, c.benchmark), 'passes');
}
