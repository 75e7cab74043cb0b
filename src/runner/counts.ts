/**
 * Per-benchmark instruction counts (measure: instructions with a counted format; docs/steady.md).
 * Executes a harness description (src/harness/): for each side it builds the target's test
 * binaries, runs every benchmark once natively to learn its name and rough cost, calibrates each
 * benchmark's work once (on base, the same on both sides), and counts one benchmark alone under
 * cachegrind at a fixed work. Two work sizes are counted; their difference over the work
 * difference is the count per iteration, in which start-up, the harness's own first run and
 * set-up cancel (src/counts/per-op.ts). Every program runs from an argument array, never a shell.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { finishRunReading, startRunReading } from '../environment.js';
import { readRunResults } from './run-results.js';
import { calibrateWork, RUN_MAX_INSTRUCTIONS, type Calibrated } from '../counts/calibration.js';
import { FormatError } from '../formats/types.js';
import { countCall } from '../harness/count-setting.js';
import type { CountDescription, CountSetting, CountTarget, CountUnit } from '../harness/types.js';
import type { CountWork, Measurement, Run, Side } from '../model.js';
import { ConfigError } from '../config.js';
import { RunFailure } from './errors.js';
import type { ArgvResult } from './exec-argv.js';
import type { Executor } from './executor.js';
import type { FunctionTable } from '../counts/function-table.js';
import { execArgvCallgrind, type TreeGraph } from './callgrind.js';
import { execArgvCounted, instructionMeasurement, type UnreadableCounts } from './instructions.js';
import { runPool } from './pool.js';

export interface CountContext {
  format: string;
  description: CountDescription;
  target: CountTarget;
  suite: string;
  /** Each side's working directory in its worktree. */
  dirs: Record<Side, string>;
  /** The environment of builds and runs on a side (the description's env is added for runs). */
  env(side: Side): NodeJS.ProcessEnv;
  normaliseName(raw: string): string;
  timeoutSec: number;
  jobs: number;
  /** Starts every build, listing and counted run. */
  executor: Executor;
  /** Where binaries are built (a private temporary directory). */
  tmp: string;
  info(message: string): void;
  warn(message: string): void;
  checkCancelled(): void;
}

/** Where one benchmark runs on one side. */
export interface BenchmarkSite {
  /** The name as the harness printed it here (it selects the benchmark). */
  raw: string;
  binary: string;
  /** Arguments before the harness's own (`-m pytest`). */
  prefix: string[];
  cwd: string;
  /** From the native run, for calibration; null when it printed none. */
  nsPerOp: number | null;
}

export interface CountedBenchmark {
  /** The normalised name: the runs' `benchmark` and the countPlan's key. */
  name: string;
  sides: Partial<Record<Side, BenchmarkSite>>;
}

const tail = (r: ArgvResult) => r.stderrTail.map((l) => `  | ${l}`).join('\n');

function describeFailure(r: ArgvResult, timeoutSec: number): string {
  if (r.timedOut) return `timed out after ${timeoutSec} s (--timeout)`;
  if (r.signal) return `killed by ${r.signal}`;
  return `exited with code ${r.exitCode}`;
}

async function runOrFail(
  ctx: CountContext,
  what: string,
  argv: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutSec: number },
): Promise<ArgvResult> {
  const { timeoutSec } = opts;
  let r: ArgvResult;
  try {
    r = await ctx.executor.argv(argv, opts);
  } catch (err) {
    throw new RunFailure(`${what}: cannot run ${argv[0]}: ${(err as Error).message}`);
  }
  if (r.exitCode !== 0) throw new RunFailure(`${what} ${describeFailure(r, timeoutSec)}\n${tail(r)}`);
  return r;
}

/** The test binaries of one side: the user's prebuilt one (count-binary), or one per unit built into ctx.tmp. */
async function binariesOf(ctx: CountContext, side: Side): Promise<{ binary: string; prefix: string[]; cwd: string }[]> {
  const dir = ctx.dirs[side];
  const { target, description } = ctx;
  if (target.command !== undefined) {
    const [first, ...prefix] = target.command as [string, ...string[]];
    const binary = first.includes('/') ? path.resolve(dir, first) : first;
    if (first.includes('/') && !existsSync(binary)) throw new RunFailure(`${first} is not in ${side}'s worktree after the build`);
    return [{ binary, prefix, cwd: dir }];
  }
  if (target.binary !== undefined) {
    const binary = path.resolve(dir, target.binary);
    if (!existsSync(binary))
      throw new RunFailure(`count-binary ${target.binary} is not in ${side}'s worktree after the build: make the build command write it`);
    return [{ binary, prefix: [], cwd: dir }];
  }
  // config.ts gives a binary to every target of a harness without units.
  const build = description.units!;
  const listed = await runOrFail(ctx, `listing the packages on ${side}`, build.list(target), {
    cwd: dir,
    env: ctx.env(side),
    timeoutSec: 0,
  });
  const units: CountUnit[] = build.parse(listed.stdout);
  const out: { binary: string; prefix: string[]; cwd: string }[] = [];
  for (const [i, unit] of units.entries()) {
    ctx.checkCancelled();
    const binary = path.join(ctx.tmp, side, `${i}.test`);
    await runOrFail(ctx, `building ${unit.name} on ${side}`, build.build(target, unit, binary), {
      cwd: dir,
      env: ctx.env(side),
      timeoutSec: 0,
    });
    out.push({ binary, prefix: [], cwd: unit.dir });
  }
  return out;
}

/** Time-per-op measurements of one native run, keyed by the name as printed. */
function discovered(stdout: string, format: string, cwd: string, what: string): Measurement[] {
  try {
    return readRunResults(stdout, format, cwd).measurements.filter((m) => m.metric === 'time');
  } catch (err) {
    if (err instanceof FormatError) throw new RunFailure(`${what}: cannot read the benchmark output: ${err.message}`);
    throw err;
  }
}

/** The listing run; a harness that rejects the arguments fixing its work is a usage error (exit 2), naming what is missing. */
async function listOrFail(ctx: CountContext, what: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ArgvResult> {
  try {
    return await runOrFail(ctx, what, argv, { cwd, env, timeoutSec: ctx.timeoutSec });
  } catch (err) {
    const why = err instanceof RunFailure ? ctx.description.cannotFixWork?.(err.message) : null;
    if (why) throw new ConfigError(`${what}: ${why}`);
    throw err;
  }
}

/**
 * Builds both sides and runs every benchmark the user's pattern selects once, natively, to learn
 * their names (sub-benchmarks included) and rough cost.
 */
export async function discoverBenchmarks(ctx: CountContext): Promise<CountedBenchmark[]> {
  const byName = new Map<string, CountedBenchmark>();
  for (const side of ['base', 'head'] as const) {
    const binaries = await binariesOf(ctx, side);
    for (const { binary, prefix, cwd } of binaries) {
      ctx.checkCancelled();
      const what = `listing the benchmarks of ${path.basename(binary)} on ${side}`;
      const output = outputOf(ctx);
      const call = countCall(ctx.description.discover(ctx.target));
      const argv = [binary, ...prefix, ...call.args, ...output.args];
      const r = await listOrFail(ctx, what, argv, cwd, { ...runEnv(ctx, side), ...call.env });
      for (const m of discovered(output.read(r), ctx.format, cwd, what)) {
        if (m.failed !== undefined) continue;
        const name = ctx.normaliseName(m.benchmark);
        const entry = byName.get(name) ?? { name, sides: {} };
        entry.sides[side] ??= { raw: m.benchmark, binary, prefix, cwd, nsPerOp: m.values.length > 0 ? m.values[0]! * 1e9 : null };
        byName.set(name, entry);
      }
    }
    ctx.info(
      `${side}: ${binaries.length} test binar${binaries.length === 1 ? 'y' : 'ies'}, ${[...byName.values()].filter((b) => b.sides[side]).length} benchmarks`,
    );
  }
  if (byName.size === 0)
    throw new RunFailure(
      `no benchmark matched the pattern ${JSON.stringify(ctx.target.pattern)} on either side: check the pattern and what is built`,
    );
  return [...byName.values()];
}

let outputs = 0;

/** Where one run's results are read: its stdout, or the file the description names (read once, then removed). */
function outputOf(ctx: CountContext): { args: string[]; read(r: ArgvResult): string } {
  if (!ctx.description.outputTo) return { args: [], read: (r) => r.stdout };
  const file = path.join(ctx.tmp, `output-${++outputs}.json`);
  return {
    args: ctx.description.outputTo(file),
    read: () => {
      if (!existsSync(file)) return '';
      const text = readFileSync(file, 'utf8');
      rmSync(file, { force: true });
      return text;
    },
  };
}

/** The directory of the description's support files, written on first use. */
function supportDir(ctx: CountContext): string {
  const dir = path.join(ctx.tmp, 'support');
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(ctx.description.support!.files)) writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** A counted run's environment on `side`: the side's, the description's, and its support files'. */
function runEnv(ctx: CountContext, side: Side): NodeJS.ProcessEnv {
  const env = { ...ctx.env(side), ...ctx.description.env };
  return ctx.description.support ? { ...env, ...ctx.description.support.env(supportDir(ctx), env) } : env;
}

/** What one counted run gives: its run for the log, why it failed, and its process tree's counts per function (null when it failed). */
export interface CountedRun {
  run: Run;
  failure: string | null;
  table: FunctionTable | null;
}

/**
 * How one benchmark runs alone on a side with `setting` (its fixed work, or a pass's): its argument
 * array, where, and where its results are read.
 */
export function benchmarkCall(ctx: CountContext, b: CountedBenchmark, side: Side, setting: CountSetting) {
  const site = b.sides[side]!;
  const output = outputOf(ctx);
  const call = countCall(ctx.description.selectOne(site.raw), setting);
  return {
    site,
    output,
    argv: [site.binary, ...site.prefix, ...call.args, ...output.args],
    opts: { cwd: site.cwd, env: { ...runEnv(ctx, side), ...call.env }, timeoutSec: ctx.timeoutSec, worktree: ctx.dirs[side] },
  };
}

/** One counted run of one benchmark at `work`; a run that fails or counts nothing is a RunFailure (after it is returned for the log). */
export async function countOnce(ctx: CountContext, b: CountedBenchmark, side: Side, work: number, round: number): Promise<CountedRun> {
  const startedAt = new Date().toISOString();
  const reading = startRunReading();
  const { site, output, argv, opts } = benchmarkCall(ctx, b, side, ctx.description.fixWork(work));
  const r = await execArgvCounted(ctx.executor, argv, opts);
  const read = readCount(ctx, b, site, output, r);
  const failure = 'failure' in read ? read.failure : null;
  const counts = 'counts' in read ? read.counts : null;
  const run: Run = {
    suite: ctx.suite,
    side,
    round,
    position: 0,
    startedAt,
    wallMs: r.wallMs,
    cpuUserMs: null,
    cpuSysMs: null,
    maxRssKb: null,
    exitCode: r.exitCode,
    signal: r.signal,
    timedOut: r.timedOut,
    benchmark: b.name,
    work,
    measurements: counts === null ? [] : [instructionMeasurement(b.name, counts.instructions)],
    ...(failure !== null && { error: failure }),
    // The machine's load during the run: a count that waits in the kernel can move with it (docs/steady.md).
    env: finishRunReading(reading),
  };
  return {
    run,
    failure: failure === null ? null : `${side} count of ${b.name} at work ${work} failed: ${failure}`,
    table: counts?.table ?? null,
  };
}

/** A counted run's counts when it counted exactly this benchmark (its output is read only then), else why it failed. */
function readCount<T extends object>(
  ctx: CountContext,
  b: CountedBenchmark,
  site: BenchmarkSite,
  output: ReturnType<typeof outputOf>,
  r: ArgvResult & { counts: T | UnreadableCounts | null },
): { counts: T } | { failure: string } {
  const exited = exitFailure(r, ctx.timeoutSec);
  if (exited !== null) return { failure: exited };
  if (r.counts === null) return { failure: 'valgrind counted no instructions' };
  if ('unreadable' in r.counts) return { failure: r.counts.unreadable };
  const unselected = selectionFailure(ctx, b, site, output.read(r));
  return unselected === null ? { counts: r.counts } : { failure: unselected };
}

/** How a run that did not exit cleanly ended, with its stderr's tail; null after a clean exit. */
export function exitFailure(r: ArgvResult, timeoutSec: number): string | null {
  return r.exitCode === 0 ? null : `${describeFailure(r, timeoutSec)}\n${tail(r)}`;
}

/** Null when the run's results (`text`) show that the selection ran exactly this benchmark, without failing; else why not. */
export function selectionFailure(ctx: CountContext, b: CountedBenchmark, site: BenchmarkSite, text: string): string | null {
  const ran = discovered(text, ctx.format, site.cwd, 'the counted run').some(
    (m) => ctx.normaliseName(m.benchmark) === b.name && m.failed === undefined,
  );
  return ran ? null : 'the selection ran no benchmark of that name (or it failed)';
}

/** One benchmark alone at `work` under callgrind (an attribution pass, logged as a profile only): its graph, or why it failed. */
export async function callgraphOnce(ctx: CountContext, b: CountedBenchmark, side: Side, work: number): Promise<TreeGraph> {
  const { site, output, argv, opts } = benchmarkCall(ctx, b, side, ctx.description.fixWork(work));
  const r = await execArgvCallgrind(ctx.executor, argv, opts);
  const read = readCount(ctx, b, site, output, { ...r, counts: r.graph });
  if ('failure' in read) throw new RunFailure(`the ${side} callgrind pass of ${b.name} at work ${work} failed: ${read.failure}`);
  return read.counts;
}

/** Counts one benchmark without logging it (calibration): its instruction count, or a RunFailure. */
async function probe(ctx: CountContext, b: CountedBenchmark, side: Side, work: number): Promise<number> {
  const { run, failure } = await countOnce(ctx, b, side, work, 0);
  if (failure !== null) throw new RunFailure(`calibrating: ${failure}`);
  return run.measurements[0]!.values[0]!;
}

/** What a calibration that did not go as planned says (a warning), or null. */
function calibrationNote(name: string, c: Calibrated): string | null {
  const { small, large } = c.work;
  if (c.capped)
    return `calibrating ${name}: its work is held to ${small} and ${large} iterations so that one counted run stays under ${RUN_MAX_INSTRUCTIONS / 1e9} G instructions; its fixed cost may weigh in its per-op counts`;
  if (c.verdict === 'noise')
    return `calibrating ${name}: its per-op count stayed within the probes' noise at every probe size: counted at ${small} and ${large} iterations, its per-op counts may be mostly noise`;
  return null;
}

/**
 * The work each benchmark runs at, calibrated on base (on head for a benchmark only head has):
 * counts at a probe size p and 2p, re-taken larger while they do not resolve the per-op count
 * (src/counts/calibration.ts, docs/counts.md "Calibration").
 */
export async function calibrate(ctx: CountContext, benchmarks: readonly CountedBenchmark[]): Promise<Record<string, CountWork>> {
  const plan: Record<string, CountWork> = {};
  let done = 0;
  await runPool(
    benchmarks,
    ctx.jobs,
    async (b) => {
      ctx.checkCancelled();
      const side: Side = b.sides.base ? 'base' : 'head';
      return calibrateWork((work) => probe(ctx, b, side, work), b.sides[side]!.nsPerOp, ctx.description.fixedCostFactor);
    },
    (calibrated, b) => {
      plan[b.name] = calibrated.work;
      done++;
      const { small, large } = calibrated.work;
      const { reprobes, probes } = calibrated;
      const reprobed =
        reprobes > 0 ? ` (probes re-taken ${reprobes} time(s), 16× larger each, last at ${probes.p} and ${2 * probes.p})` : '';
      ctx.info(`calibrated ${done}/${benchmarks.length}: ${b.name} at ${small} and ${large} iterations${reprobed}`);
      const note = calibrationNote(b.name, calibrated);
      if (note !== null) ctx.warn(note);
    },
  );
  return plan;
}
