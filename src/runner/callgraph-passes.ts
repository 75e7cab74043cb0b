/**
 * Callgrind passes (decision 8 in docs/architecture.md): each benchmark given, alone, under
 * callgrind at its two works on each side it has (4 valgrind runs a benchmark on both sides), `jobs`
 * at once; each side's two graphs become one round-0 `callgrind` profile line, appended as soon as
 * it is known. Count mode runs them for the changed benchmarks after the repetitions
 * (measure-counts.ts); time mode for the flagged ones after the rounds (measure-attribution.ts).
 */
import { buildCallProfile, type WorkGraph } from '../counts/profile.js';
import type { BenchmarkProfile, CountWork, Side } from '../model.js';
import { callgraphOnce, type CountContext, type CountedBenchmark } from './counts.js';
import { runPool } from './pool.js';

interface PassTask {
  b: CountedBenchmark;
  side: Side;
}

async function sideProfile(ctx: CountContext, { b, side }: PassTask, work: CountWork): Promise<BenchmarkProfile> {
  const graphs: WorkGraph[] = [];
  for (const n of [work.small, work.large]) {
    ctx.checkCancelled();
    graphs.push({ work: n, ...(await callgraphOnce(ctx, b, side, n)) });
  }
  return buildCallProfile({ benchmark: b.name, side, round: 0, tool: 'callgrind', level: 'instructions' }, graphs[0]!, graphs[1]!);
}

/** Runs the passes of `benchmarks` (each at its planned work), appending each side's profile; a failed pass throws a RunFailure. */
export async function runCallgraphPasses(
  ctx: CountContext,
  benchmarks: readonly CountedBenchmark[],
  plan: Readonly<Record<string, CountWork>>,
  appendProfile: (profile: BenchmarkProfile) => void,
): Promise<void> {
  const tasks = benchmarks.flatMap((b) => (['base', 'head'] as const).filter((side) => b.sides[side]).map((side) => ({ b, side })));
  let done = 0;
  await runPool(
    tasks,
    ctx.jobs,
    (t) => sideProfile(ctx, t, plan[t.b.name]!),
    (profile, t) => {
      appendProfile(profile);
      ctx.info(`callgrind ${++done}/${tasks.length}: ${t.b.name} on ${t.side}`);
    },
  );
}
