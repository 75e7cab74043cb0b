/**
 * Instruction mode (`measure: instructions`): each run executes under valgrind's cachegrind
 * without cache simulation, following children, and its sample is the number of instructions
 * the whole process tree executed: the sum of the `summary:` line of every
 * `cachegrind.out` file the run wrote (one per process) into a private directory. Each file is
 * read whole (src/counts/cachegrind.ts): the process tree's self counts per function are added up
 * too (decision 8, attribution), and a cut or malformed file fails the run, naming the file,
 * never leaving a count short by one process.
 *
 * The count does not move with the machine's load, so it gates on a noisy shared runner where
 * wall time cannot; it costs ~20-100× the run's wall time (docs/steady.md). It suits a
 * command whose work is fixed: a harness that calibrates its iterations by time (Go's b.N,
 * Google Benchmark) counts a different amount of work each run unless the work is fixed
 * (`-benchtime=1000x`).
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.js';
import { ValgrindFileError, parseCachegrind } from '../counts/cachegrind.js';
import { addTables, type FunctionTable } from '../counts/function-table.js';
import type { Measurement } from '../model.js';
import type { ArgvOptions, ArgvResult } from './exec-argv.js';
import type { ExecOptions, ExecResult } from './exec.js';
import type { Executor } from './executor.js';

const INSTRUCTIONS_METRIC = 'instructions';

/** valgrind's version (`valgrind-3.19.0`), or null when it does not run here (attribution passes after a timed verdict are then skipped). */
export function valgrindVersion(env: NodeJS.ProcessEnv = process.env): string | null {
  const r = spawnSync('valgrind', ['--version'], { env, encoding: 'utf8' });
  return r.error || r.status !== 0 ? null : r.stdout.trim();
}

/** valgrind's version, or a ConfigError (exit 2) saying how to install it. */
export function requireValgrind(env: NodeJS.ProcessEnv = process.env): string {
  const version = valgrindVersion(env);
  if (version === null) {
    throw new ConfigError(
      'measure: instructions runs each benchmark under valgrind, which is not installed (or not on PATH): ' +
        'install it with "apt-get install valgrind" (Debian/Ubuntu; "dnf install valgrind" on Fedora), or measure time',
    );
  }
  return version;
}

/** The argv prefix that counts instructions into `dir`, one file per process (%p = its pid). */
export function cachegrindPrefix(dir: string): string[] {
  return [
    'valgrind',
    '--tool=cachegrind',
    '--cache-sim=no',
    '--trace-children=yes',
    '-q',
    `--cachegrind-out-file=${path.join(dir, 'cg.%p')}`,
  ];
}

/** What a counted run's files say: the process tree's instructions and its self instructions per function. */
export interface TreeCounts {
  instructions: number;
  table: FunctionTable;
}

/** A counted run whose valgrind files could not be read (cut or malformed): why, naming the file and line. */
export interface UnreadableCounts {
  unreadable: string;
}

const COUNT_FILE = /^cg\.\d+$/;

/**
 * Every valgrind file in `dir` (one per process, cg.PID) read by `parse`, in pid order; null when
 * there is none, and a cut or malformed file's reason (naming the file and line) instead of a
 * partial list. `tool` names whose files they are in that reason.
 */
export function readValgrindFiles<T>(dir: string, tool: string, parse: (text: string) => T): T[] | UnreadableCounts | null {
  const files = readdirSync(dir)
    .filter((f) => COUNT_FILE.test(f))
    .sort();
  if (files.length === 0) return null;
  const parsed: T[] = [];
  for (const file of files) {
    try {
      parsed.push(parse(readFileSync(path.join(dir, file), 'utf8')));
    } catch (err) {
      if (!(err instanceof ValgrindFileError)) throw err;
      return { unreadable: `cannot read ${tool} of process ${file.slice(3)} (${file}), line ${err.line}: ${err.what}` };
    }
  }
  return parsed;
}

/**
 * Every cachegrind file in `dir` (one per process) read and added up, or null when there is none.
 * Files inside `worktree` are made relative to it, so base and head key the same function alike;
 * others stay as printed.
 */
export function readTreeCounts(dir: string, worktree?: string): TreeCounts | UnreadableCounts | null {
  const parsed = readValgrindFiles(dir, "valgrind's counts", parseCachegrind);
  if (parsed === null || 'unreadable' in parsed) return parsed;
  return {
    instructions: parsed.reduce((sum, f) => sum + f.total, 0),
    table: addTables(
      parsed.map((f) => f.table),
      worktree === undefined ? undefined : insideMadeRelative(worktree),
    ),
  };
}

/** A file name inside `dir` (as given, or its real path) made relative to it; any other as it is. */
export function insideMadeRelative(dir: string): (file: string) => string {
  const roots = [...new Set([path.resolve(dir), realpathSync(dir)])].map((root) => root + path.sep);
  return (file) => {
    const root = roots.find((r) => file.startsWith(r));
    return root === undefined ? file : file.slice(root.length);
  };
}

/** Instruction mode's measurement of one run. */
export function instructionMeasurement(suite: string, count: number): Measurement {
  return { benchmark: suite, metric: INSTRUCTIONS_METRIC, unit: 'instructions', better: 'lower', values: [count], deterministic: true };
}

/**
 * A measured run (`executor.measured`) under cachegrind. `instructions` is the process tree's count (null when
 * valgrind wrote none, or a file is cut or malformed: `instructionsError` says which); CPU time
 * and peak RSS are left out (null): they would be the simulator's, ~100× the program's, and as
 * noisy as any time.
 */
export function execCounted(executor: Executor, command: string, opts: ExecOptions): Promise<ExecResult> {
  return inValgrindDir('benchgate-cg-', async (dir) => {
    // Under run-as, valgrind writes its counts as that user.
    if (opts.user) chownSync(dir, opts.user.uid, opts.user.gid);
    const r = await executor.measured(command, { ...opts, prefix: [...(opts.prefix ?? []), ...cachegrindPrefix(dir)] });
    return { ...r, cpuUserMs: null, cpuSysMs: null, maxRssKb: null, ...instructionsOf(readTreeCounts(dir)) };
  });
}

/** Runs `use` with a new directory for valgrind's per-process files, removed afterwards whatever happens. */
export async function inValgrindDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function instructionsOf(counts: TreeCounts | UnreadableCounts | null): Pick<ExecResult, 'instructions' | 'instructionsError'> {
  if (counts === null) return { instructions: null };
  return 'unreadable' in counts ? { instructions: null, instructionsError: counts.unreadable } : { instructions: counts.instructions };
}

/** What execArgvCounted adds to a run: its counts (null when valgrind wrote none), or why they cannot be read. */
export type ArgvCounted = ArgvResult & { counts: TreeCounts | UnreadableCounts | null };

/**
 * A program run from an argument array (`executor.argv`) under cachegrind, and what it executed,
 * file names inside `worktree` made relative to it.
 */
export function execArgvCounted(
  executor: Executor,
  argv: readonly string[],
  opts: ArgvOptions & { worktree?: string },
): Promise<ArgvCounted> {
  const { worktree, ...execOpts } = opts;
  return inValgrindDir('benchgate-cg-', async (dir) => {
    const r = await executor.argv([...cachegrindPrefix(dir), ...argv], execOpts);
    return { ...r, counts: readTreeCounts(dir, worktree) };
  });
}
