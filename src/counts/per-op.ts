/**
 * Per-op instruction counts from per-benchmark count runs (docs/architecture.md, decision 2).
 * Each repetition of a benchmark on a side is two runs of the same binary at two fixed works
 * (small and large iterations); their difference cancels start-up, calibration and harness
 * overhead, so (large − small) / (largeWork − smallWork) is the count of one op.
 */
import type { Run } from '../model.js';

/** A count run: the per-benchmark fields of decision 2 (optional on `Run`; absent on whole-suite runs). */
type CountRun = Run & { benchmark?: string; work?: number };

export interface PerOpSamples {
  base: number[];
  head: number[];
}

/** The whole-process instruction count a count run measured, or null when it has none. */
function countOf(run: CountRun): number | null {
  if (run.error !== undefined) return null;
  const m = run.measurements.find((x) => x.metric === 'instructions' && x.failed === undefined && x.values.length > 0);
  const v = m?.values[0];
  return v !== undefined && Number.isFinite(v) ? v : null;
}

/**
 * Per benchmark (its normalised name) and side, one per-op count per repetition, in repetition
 * order. Runs pair by key, never by log order (one repetition's runs finish in any order); a
 * repetition missing one of its pair, or whose two runs share a work, is left out.
 */
export function perOpCounts(runs: readonly Run[]): Map<string, PerOpSamples> {
  // benchmark -> side -> round -> work -> count
  const byKey = new Map<string, Record<'base' | 'head', Map<number, Map<number, number>>>>();
  for (const run of runs as readonly CountRun[]) {
    if (run.benchmark === undefined || run.work === undefined) continue;
    const count = countOf(run);
    if (count === null) continue;
    let sides = byKey.get(run.benchmark);
    if (!sides) byKey.set(run.benchmark, (sides = { base: new Map(), head: new Map() }));
    let works = sides[run.side].get(run.round);
    if (!works) sides[run.side].set(run.round, (works = new Map<number, number>()));
    works.set(run.work, count);
  }
  const out = new Map<string, PerOpSamples>();
  for (const [benchmark, sides] of byKey) {
    const perOp = (rounds: Map<number, Map<number, number>>): number[] =>
      [...rounds.entries()]
        .sort(([a], [b]) => a - b)
        .flatMap(([, works]) => {
          if (works.size !== 2) return [];
          const [[small, smallCount], [large, largeCount]] = [...works.entries()].sort(([a], [b]) => a - b) as [
            [number, number],
            [number, number],
          ];
          return [(largeCount - smallCount) / (large - small)];
        });
    out.set(benchmark, { base: perOp(sides.base), head: perOp(sides.head) });
  }
  return out;
}
