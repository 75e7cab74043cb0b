/**
 * cProfile passes (docs/architecture.md decision 8, "Interpreters"): for each changed benchmark
 * of an interpreted harness (one whose description has `callProfile`: pytest-benchmark), one run
 * a side at each of its two works, natively (call counts are exact: no simulator), `jobs` at once.
 * Each side's two tables become one round-0 `cprofile` profile (src/counts/cprofile.ts), appended
 * the moment its second run ends. A pass that fails is a RunFailure (exit 3), as a count run is.
 */
import { realpathSync } from 'node:fs';
import { cprofileProfile, parseCProfileCalls, type FunctionCalls } from '../counts/cprofile.js';
import { FormatError } from '../formats/types.js';
import type { CountSetting } from '../harness/types.js';
import type { BenchmarkProfile, CountWork, Side } from '../model.js';
import { benchmarkCall, exitFailure, selectionFailure, type CountContext, type CountedBenchmark } from './counts.js';
import { RunFailure } from './errors.js';
import type { ArgvResult } from './exec-argv.js';
import { runPool } from './pool.js';

/** One pass run: a benchmark, a side and one of its works. */
interface PassTask {
  b: CountedBenchmark;
  side: Side;
  work: number;
}

/** The calls one run of `b` on `side` made at `work` calls of it; a RunFailure naming the run when it fails. */
async function callsOnce(ctx: CountContext, t: PassTask, callProfile: (n: number) => CountSetting): Promise<FunctionCalls[]> {
  const what = `the ${t.side} cProfile pass of ${t.b.name} at work ${t.work}`;
  const { site, output, argv, opts } = benchmarkCall(ctx, t.b, t.side, callProfile(t.work));
  let r: ArgvResult;
  try {
    r = await ctx.executor.argv(argv, { cwd: opts.cwd, env: opts.env, timeoutSec: opts.timeoutSec });
  } catch (err) {
    throw new RunFailure(`${what}: cannot run ${argv[0]}: ${(err as Error).message}`);
  }
  const exited = exitFailure(r, ctx.timeoutSec);
  if (exited !== null) throw new RunFailure(`${what} failed (pytest-benchmark 5.0 or later has its cProfile mode): ${exited}`);
  const text = output.read(r);
  const unselected = selectionFailure(ctx, t.b, site, text);
  if (unselected !== null) throw new RunFailure(`${what} failed: ${unselected}`);
  try {
    return parseCProfileCalls(text, site.raw);
  } catch (err) {
    if (err instanceof FormatError) throw new RunFailure(`${what}: cannot read its calls: ${err.message}`);
    throw err;
  }
}

/** The side's working directory as given and as resolved: cProfile names files by the path they were imported from. */
function rootsOf(dir: string): string[] {
  const real = realpathSync(dir);
  return real === dir ? [dir] : [dir, real];
}

/** One side's profile from its two runs' calls, whichever ended first. */
function sideProfile(
  ctx: CountContext,
  t: PassTask,
  calls: FunctionCalls[],
  other: { work: number; calls: FunctionCalls[] },
): BenchmarkProfile {
  const [small, large] = other.work < t.work ? [other, { work: t.work, calls }] : [{ work: t.work, calls }, other];
  return cprofileProfile({
    benchmark: t.b.name,
    side: t.side,
    works: [small.work, large.work],
    small: small.calls,
    large: large.calls,
    roots: rootsOf(ctx.dirs[t.side]),
  });
}

/**
 * Runs the passes of the `changed` benchmarks at their planned works (4 runs each with both
 * sides) and appends each side's profile; nothing when the harness has no call-count pass.
 */
export async function runCProfilePasses(
  ctx: CountContext,
  changed: readonly CountedBenchmark[],
  plan: Readonly<Record<string, CountWork>>,
  appendProfile: (profile: BenchmarkProfile) => void,
): Promise<void> {
  const { callProfile } = ctx.description;
  if (callProfile === undefined || changed.length === 0) return;
  const tasks: PassTask[] = changed.flatMap((b) =>
    (['base', 'head'] as const)
      .filter((side) => b.sides[side])
      .flatMap((side) => [plan[b.name]!.small, plan[b.name]!.large].map((work) => ({ b, side, work }))),
  );
  const startedMs = Date.now();
  ctx.info(`cProfile passes: ${changed.length} changed benchmark(s), ${tasks.length} runs, ${ctx.jobs} at once`);
  const firstOfSide = new Map<string, { work: number; calls: FunctionCalls[] }>();
  await runPool(
    tasks,
    ctx.jobs,
    (t) => {
      ctx.checkCancelled();
      return callsOnce(ctx, t, callProfile);
    },
    (calls, t) => {
      const key = JSON.stringify([t.b.name, t.side]);
      const other = firstOfSide.get(key);
      if (other === undefined) firstOfSide.set(key, { work: t.work, calls });
      else appendProfile(sideProfile(ctx, t, calls, other));
    },
  );
  ctx.info(`cProfile passes: ${tasks.length} runs in ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
}
