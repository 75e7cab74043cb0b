/**
 * Per-function attribution on the comparisons of per-benchmark counts (decision 8 in
 * docs/architecture.md): a regression or an improvement gets `attribution` from its cachegrind
 * profile lines; a verdict that is unchanged or inconclusive has nothing to explain. Attribution
 * is read from the log only, so `benchgate run` and `benchgate analyze` give the same, and it
 * never changes a verdict or the gate.
 */
import { attributeFunctions } from '../counts/attribution.js';
import type { Attribution, BenchmarkProfile, Comparison } from '../model.js';

const EXPLAINED: ReadonlySet<Comparison['verdict']> = new Set(['regression', 'improvement']);

/** The first `n` profiles of a side, in round order: the repetitions the comparison's samples come from. */
function firstRounds(profiles: readonly BenchmarkProfile[], side: 'base' | 'head', n: number): BenchmarkProfile[] {
  return profiles
    .filter((p) => p.side === side)
    .sort((a, b) => a.round - b.round)
    .slice(0, n);
}

/** One comparison's attribution from its benchmark's count-run profiles; null without profiles on both sides. */
function attributionOf(c: Comparison, profiles: readonly BenchmarkProfile[]): Attribution | null {
  const level = c.test?.level;
  if (level === undefined || !(level > 0 && level < 1)) return null;
  const used = [...firstRounds(profiles, 'base', c.baseSamples.length), ...firstRounds(profiles, 'head', c.headSamples.length)];
  if (!used.some((p) => p.side === 'base') || !used.some((p) => p.side === 'head')) return null;
  const functions = attributeFunctions({ profiles: used, totals: { base: c.baseSamples, head: c.headSamples }, level });
  // The call-path pass (callgrind profiles, round 0) fills callPath and callTree, here.
  return { ...functions, source: 'counts', callPath: null, callTree: null };
}

/** The comparisons, each regression and improvement with the attribution its profiles give. */
export function withAttribution(comparisons: readonly Comparison[], profiles: readonly BenchmarkProfile[]): Comparison[] {
  const counted = new Map<string, BenchmarkProfile[]>();
  for (const p of profiles) {
    if (p.tool !== 'cachegrind' || p.round < 1) continue;
    const list = counted.get(p.benchmark);
    if (list) list.push(p);
    else counted.set(p.benchmark, [p]);
  }
  return comparisons.map((c) => {
    const own = counted.get(c.benchmark);
    const attribution = own && EXPLAINED.has(c.verdict) ? attributionOf(c, own) : null;
    return attribution ? { ...c, attribution } : c;
  });
}
