/**
 * Attribution passes after timed rounds (decision 8 in docs/architecture.md, docs/counts.md): when
 * `measure: time` flags a benchmark whose harness can be counted per benchmark, and valgrind is
 * here, that benchmark alone is calibrated and run under callgrind at two works on each side (the
 * count mode's call-path passes), each side's two runs one round-0 profile line. The analysis then says where the
 * instructions changed (`source: 'passes'`). The passes add lines to the log, never runs: the timed
 * verdict and the gate are the rounds' alone, and a pass that fails is a warning, not a failed run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze } from './analysis/index.js';
import { runSettingsOf, timedCountTarget, type Config } from './config.js';
import { PROCESS_BENCHMARK } from './diagnostics/cost.js';
import { harnessOf, normaliseName } from './harness/index.js';
import { isChange, type BenchmarkProfile, type Comparison } from './model.js';
import { calibrate, discoverBenchmarks } from './runner/counts.js';
import { valgrindVersion } from './runner/instructions.js';
import { readLog } from './runner/log.js';
import { countContext, explainChanges, type CountingSides } from './measure-counts.js';

export interface PassesSetup extends CountingSides {
  /** The results log so far: its runs say what changed, and the profiles are appended to it. */
  logFile: string;
  appendProfile(profile: BenchmarkProfile): void;
}

/** The normalised names of the log's timed regressions and improvements. */
function flaggedBenchmarks(config: Config, logFile: string): string[] {
  const log = readLog(logFile);
  const result = analyze({
    header: log.header,
    runs: log.runs,
    end: { type: 'end', endedAt: new Date().toISOString(), status: 'completed' },
    settings: runSettingsOf(config),
  });
  return benchmarksToExplain(result.comparisons, config.format);
}

/**
 * The benchmarks whose comparisons are regressions or improvements, by normalised name, once each.
 * The harness process's own cost ("(process)", whose cpu-user grows with a slower benchmark) is no
 * benchmark a pass can run.
 */
export function benchmarksToExplain(comparisons: readonly Comparison[], format: string): string[] {
  const flagged = comparisons.filter((c) => isChange(c) && c.benchmark !== PROCESS_BENCHMARK);
  return [...new Set(flagged.map((c) => normaliseName(format, c.benchmark)))];
}

/**
 * Programs whose instructions are an interpreter's or a JIT's (node's, CPython's, the JVM's...):
 * their functions explain nothing about the benchmark, and callgrind over them takes minutes.
 */
const INTERPRETERS = /^(node(js)?|deno|bun|python[\d.]*|pypy[\d.]*|ruby|java|php|perl|Rscript|julia|dotnet|erl|elixir|lua(jit)?)$/;

/** The interpreter a harness's command starts with (its program's base name), or null for a compiled program or a build's binary. */
function interpreterOf(command: readonly string[] | undefined): string | null {
  const program = command?.[0]?.split('/').at(-1);
  return program !== undefined && INTERPRETERS.test(program) ? program : null;
}

/** Runs the passes for the timed run's flagged benchmarks, when its harness and valgrind allow; says why not otherwise. */
export async function attributeTimedChanges(setup: PassesSetup): Promise<void> {
  const { config, logger } = setup;
  const target = timedCountTarget(config);
  // No target: the command is not a direct harness call. A harness whose tables explain nothing (an interpreter's) gets no passes.
  if (target === null || harnessOf(config.format)?.counts?.functionTables === false) return;
  const flagged = flaggedBenchmarks(config, setup.logFile);
  if (flagged.length === 0) return;
  const runtime = interpreterOf(target.command);
  if (runtime !== null) {
    logger.info(
      `where the instructions changed: not looked for: ${runtime} is an interpreter or JIT, whose own functions would be the answer (count a compiled harness, docs/counts.md)`,
    );
    return;
  }
  if (valgrindVersion() === null) {
    logger.info(`${flagged.length} changed benchmark(s): install valgrind to see where their instructions changed (docs/counts.md)`);
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'benchgate-passes-'));
  try {
    const ctx = countContext(setup, target, tmp);
    const wanted = new Set(flagged);
    const benchmarks = await logger.group(`where the instructions changed: ${flagged.length} changed benchmark(s)`, async () => {
      const found = (await discoverBenchmarks(ctx)).filter((b) => wanted.has(b.name) && b.sides.base && b.sides.head);
      return { found, plan: await calibrate(ctx, found) };
    });
    await explainChanges(ctx, logger, benchmarks.found, benchmarks.plan, (p) => setup.appendProfile(p));
  } catch (err) {
    // Attribution explains a verdict; it never fails the run that reached it.
    setup.checkCancelled();
    logger.warn(`where the instructions changed: the attribution passes stopped: ${(err as Error).message}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
