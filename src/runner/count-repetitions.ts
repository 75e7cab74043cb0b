/**
 * The repetition loop of per-benchmark counts. Counts need no interleaving: each repetition
 * counts every still-open benchmark on both sides at both work sizes, `jobs` runs at once, each
 * run appended to the log as it finishes. After each repetition from the minimum on, the policy
 * says which benchmarks need another; the loop ends when none does, at the cap, or at the time
 * budget (the analysis then decides what is still open with its final look).
 */
import type { CountWork, Run, Side } from '../model.js';
import { countOnce, type CountContext, type CountedBenchmark } from './counts.js';
import { RunFailure } from './errors.js';
import { runPool } from './pool.js';

export interface RepetitionPolicy {
  minRepetitions: number;
  maxRepetitions: number;
  /** Time budget in ms; 0 = none. No repetition starts past it. */
  maxTimeMs: number;
  /** The benchmarks that need another repetition, given every run so far (the rule's look, not final). */
  stillOpen(runs: readonly Run[]): string[];
}

export interface RepetitionsDone {
  /** Repetitions each benchmark ran. */
  repetitions: Map<string, number>;
  stoppedBy: 'decided' | 'max-repetitions' | 'max-time';
}

/** One counted run to make: a benchmark, a side and a work size. */
interface CountTask {
  b: CountedBenchmark;
  side: Side;
  work: number;
}

const elapsed = (startedMs: number) => `${((Date.now() - startedMs) / 1000).toFixed(1)} s`;

export async function runCountRepetitions(
  ctx: CountContext,
  benchmarks: readonly CountedBenchmark[],
  plan: Readonly<Record<string, CountWork>>,
  policy: RepetitionPolicy,
  append: (run: Run) => void,
): Promise<RepetitionsDone> {
  const startedMs = Date.now();
  const runs: Run[] = [];
  const repetitions = new Map(benchmarks.map((b) => [b.name, 0]));
  let open = benchmarks;
  for (let round = 1; ; round++) {
    ctx.checkCancelled();
    const counted = await runRepetition(ctx, repetitionTasks(open, plan), round, append);
    for (const run of counted) runs.push(run);
    for (const b of open) repetitions.set(b.name, round);
    const next = round < policy.minRepetitions ? open.map((b) => b.name) : policy.stillOpen(runs);
    const still = new Set(next);
    open = open.filter((b) => still.has(b.name));
    ctx.info(`repetition ${round}: ${counted.length} count runs, ${open.length} benchmark(s) still open, ${elapsed(startedMs)}`);
    if (open.length === 0) return { repetitions, stoppedBy: 'decided' };
    if (round >= policy.maxRepetitions) return { repetitions, stoppedBy: 'max-repetitions' };
    if (policy.maxTimeMs > 0 && Date.now() - startedMs >= policy.maxTimeMs) return { repetitions, stoppedBy: 'max-time' };
  }
}

/** The counts of one repetition: each open benchmark on each side it has, at both work sizes. */
function repetitionTasks(open: readonly CountedBenchmark[], plan: Readonly<Record<string, CountWork>>): CountTask[] {
  return open.flatMap((b) =>
    (['base', 'head'] as const)
      .filter((side) => b.sides[side])
      .flatMap((side: Side) => [plan[b.name]!.small, plan[b.name]!.large].map((work) => ({ b, side, work }))),
  );
}

/** Runs one repetition's counts, `jobs` at once, each appended to the log as it finishes; its runs in finishing order. */
async function runRepetition(ctx: CountContext, tasks: readonly CountTask[], round: number, append: (run: Run) => void): Promise<Run[]> {
  const runs: Run[] = [];
  await runPool(
    tasks,
    ctx.jobs,
    (t) => {
      ctx.checkCancelled();
      return countOnce(ctx, t.b, t.side, t.work, round);
    },
    ({ run, failure }) => {
      append(run);
      runs.push(run);
      if (failure !== null) throw new RunFailure(`repetition ${round}: ${failure}`);
    },
  );
  return runs;
}
