/**
 * The repetition loop of per-benchmark counts. Counts need no interleaving: each repetition
 * counts every still-open benchmark on both sides at both work sizes, `jobs` runs at once, each
 * run appended to the log as it finishes; once both runs of a benchmark on a side have ended, its
 * profile line (the function tables of the two works, bounded: src/counts/profile.ts) follows,
 * when the harness's tables are a useful level. After each repetition from the minimum on, the policy
 * says which benchmarks need another; the loop ends when none does, at the cap, or at the time
 * budget (the analysis then decides what is still open with its final look).
 */
import type { FunctionTable } from '../counts/function-table.js';
import { buildProfile, type WorkTable } from '../counts/profile.js';
import type { BenchmarkProfile, CountWork, Run, Side } from '../model.js';
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
  /** Every count run, in the order they ended (each also in the log): what the changed benchmarks are decided from. */
  runs: Run[];
}

/** Where the repetitions' lines go, each the moment it is known (the results log). */
export interface CountLog {
  append(run: Run): void;
  appendProfile(profile: BenchmarkProfile): void;
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
  log: CountLog,
): Promise<RepetitionsDone> {
  const startedMs = Date.now();
  const runs: Run[] = [];
  const repetitions = new Map(benchmarks.map((b) => [b.name, 0]));
  let open = benchmarks;
  for (let round = 1; ; round++) {
    ctx.checkCancelled();
    const counted = await runRepetition(ctx, repetitionTasks(open, plan), round, log);
    for (const run of counted) runs.push(run);
    for (const b of open) repetitions.set(b.name, round);
    const next = round < policy.minRepetitions ? open.map((b) => b.name) : policy.stillOpen(runs);
    const still = new Set(next);
    open = open.filter((b) => still.has(b.name));
    ctx.info(`repetition ${round}: ${counted.length} count runs, ${open.length} benchmark(s) still open, ${elapsed(startedMs)}`);
    if (open.length === 0) return { repetitions, stoppedBy: 'decided', runs };
    if (round >= policy.maxRepetitions) return { repetitions, stoppedBy: 'max-repetitions', runs };
    if (policy.maxTimeMs > 0 && Date.now() - startedMs >= policy.maxTimeMs) return { repetitions, stoppedBy: 'max-time', runs };
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
async function runRepetition(ctx: CountContext, tasks: readonly CountTask[], round: number, log: CountLog): Promise<Run[]> {
  const runs: Run[] = [];
  const pairs = ctx.description.functionTables === false ? null : new ProfilePairs(round);
  await runPool(
    tasks,
    ctx.jobs,
    (t) => {
      ctx.checkCancelled();
      return countOnce(ctx, t.b, t.side, t.work, round);
    },
    ({ run, failure, table }, t) => {
      log.append(run);
      runs.push(run);
      if (failure !== null) throw new RunFailure(`repetition ${round}: ${failure}`);
      const profile = pairs?.ended(t, table!);
      if (profile) log.appendProfile(profile);
    },
  );
  return runs;
}

/** The first table of each (benchmark, side) pair of one repetition, kept until its partner ends. */
class ProfilePairs {
  private readonly first = new Map<string, WorkTable>();

  constructor(private readonly round: number) {}

  /** The pair's profile once both of its runs have ended; null after the first. */
  ended(t: CountTask, table: FunctionTable): BenchmarkProfile | null {
    const key = JSON.stringify([t.b.name, t.side]);
    const first = this.first.get(key);
    if (!first) {
      this.first.set(key, { work: t.work, table });
      return null;
    }
    this.first.delete(key);
    const profileKey = { benchmark: t.b.name, side: t.side, round: this.round, tool: 'cachegrind', level: 'instructions' } as const;
    return buildProfile(profileKey, first, { work: t.work, table });
  }
}
