/**
 * An Executor (src/runner/executor.ts) that starts no process: it replays what a script says each
 * command printed, how it exited and how long it took (hyperfine's debug mode does the same), so
 * the CLI runs in process without a toolchain and without the machine's timing noise.
 *
 * A script is a function of the call: the command (or argv), the side and round from the
 * BENCHGATE_* variables benchgate gives every command, BENCHGATE_FILTER, the working directory
 * (the side's worktree: a script may read the commit's files there) and how many times that
 * command ran on that side. `commands()` keys scripts by the exact command; `bySide()` gives each
 * side its runs in order (the last one repeats). A command the script does not know exits 127 as
 * a shell would ("not found"). Every call is recorded in `calls`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Side } from '../../src/model.js';
import { isErrorLine } from '../../src/runner/error-line.js';
import type { ArgvOptions, ArgvResult } from '../../src/runner/exec-argv.js';
import { MAX_LINE_CHARS, MAX_STDOUT_BYTES, type ExecOptions, type ExecResult } from '../../src/runner/exec.js';
import type { Executor } from '../../src/runner/executor.js';

/** What the fake knows of one command it was asked to run. */
export interface FakeCall {
  kind: 'measured' | 'argv';
  /** The shell command (measured), or the program and its arguments joined by spaces (argv). */
  command: string;
  /** The argument array (argv), the measured command's prefix (valgrind, taskset) otherwise. */
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** BENCHGATE_SIDE, when benchgate set it. */
  side: Side | undefined;
  /** BENCHGATE_ROUND (0 for builds, listings and counted runs). */
  round: number;
  /** BENCHGATE_FILTER, '' when unset. */
  filter: string;
  /** How many times this command ran on this side, this call included (1-based). */
  run: number;
}

/** What one scripted run does; every field has a quiet default (exit 0, nothing printed, 100 ms). */
export interface FakeRun {
  stdout?: string;
  stderr?: string;
  exitCode?: number | null;
  signal?: string | null;
  timedOut?: boolean;
  wallMs?: number;
  cpuUserMs?: number | null;
  cpuSysMs?: number | null;
  maxRssKb?: number | null;
  /** Instructions counted: written as the cachegrind file valgrind would, when the run is counted. */
  instructions?: number;
  leftoversEnded?: number;
  /** How long the fake really waits before it answers, for code that reads the clock itself (rounds auto's max-time). */
  delayMs?: number;
}

export type FakeScript = (call: FakeCall) => FakeRun | Promise<FakeRun>;

export interface FakeExecutor extends Executor {
  readonly calls: FakeCall[];
}

/** A run's runs per side, in order (the last one repeats), or a function of the call. */
export type SideRuns = Record<Side, FakeRun | readonly FakeRun[] | FakeScript>;

/** Each side's runs: `base[n - 1]` for its n-th run, the last one for runs past the list. */
export function bySide(runs: SideRuns): FakeScript {
  return (call) => {
    const entry = runs[call.side ?? 'base'];
    if (typeof entry === 'function') return entry(call);
    const list = Array.isArray(entry) ? (entry as readonly FakeRun[]) : [entry as FakeRun];
    return list[Math.min(call.run, list.length) - 1]!;
  };
}

/** A script per exact command; any other command is not found (exit 127). */
export function commands(scripts: Record<string, FakeRun | FakeScript>): FakeScript {
  return (call) => {
    const script = scripts[call.command];
    if (script === undefined) return { exitCode: 127, stderr: `sh: 1: ${call.command.split(' ')[0]}: not found\n` };
    return typeof script === 'function' ? script(call) : script;
  };
}

export function fakeExecutor(script: FakeScript): FakeExecutor {
  const calls: FakeCall[] = [];
  const runs = new Map<string, number>();
  const record = (kind: FakeCall['kind'], command: string, argv: readonly string[], opts: ArgvOptions): FakeCall => {
    const key = JSON.stringify([kind, command, opts.env.BENCHGATE_SIDE]);
    runs.set(key, (runs.get(key) ?? 0) + 1);
    const call: FakeCall = {
      kind,
      command,
      argv,
      cwd: opts.cwd,
      env: opts.env,
      side: opts.env.BENCHGATE_SIDE as Side | undefined,
      round: Number(opts.env.BENCHGATE_ROUND ?? 0),
      filter: opts.env.BENCHGATE_FILTER ?? '',
      run: runs.get(key)!,
    };
    calls.push(call);
    return call;
  };
  return {
    calls,
    async measured(command, opts) {
      const prefix = opts.prefix ?? [];
      const run = await script(record('measured', command, prefix, opts));
      await delay(run);
      writeCounts(prefix, run);
      return measuredResult(run, opts);
    },
    async argv(argv, opts) {
      const run = await script(record('argv', argv.join(' '), argv, opts));
      await delay(run);
      writeCounts(argv, run);
      return argvResult(run);
    },
  };
}

async function delay(run: FakeRun): Promise<void> {
  if (run.delayMs) await new Promise((resolve) => setTimeout(resolve, run.delayMs));
}

/** The lines a run printed, as runner/exec.ts hands them on: each cut to MAX_LINE_CHARS, stdout's first. */
function linesOf(text: string | undefined): string[] {
  if (!text) return [];
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  return lines.map((l) =>
    l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS)}… (${l.length - MAX_LINE_CHARS} more characters)` : l,
  );
}

function measuredResult(run: FakeRun, opts: ExecOptions): ExecResult {
  const lines = [...linesOf(run.stdout).map((l) => [l, 'stdout'] as const), ...linesOf(run.stderr).map((l) => [l, 'stderr'] as const)];
  for (const [line, stream] of lines) opts.onLine?.(line, stream);
  const stdout = run.stdout ?? '';
  // Past the cap, the real one kills the process group: no stdout, killed by SIGKILL.
  const overCap = Buffer.byteLength(stdout) > (opts.maxStdoutBytes ?? MAX_STDOUT_BYTES);
  const timedOut = run.timedOut ?? false;
  const killed = overCap || timedOut;
  return {
    stdout: overCap ? '' : stdout,
    tail: lines.map(([l]) => l).slice(-20),
    errorLine: lines.map(([l]) => l).find(isErrorLine) ?? null,
    wallMs: run.wallMs ?? 100,
    cpuUserMs: run.cpuUserMs === undefined ? 80 : run.cpuUserMs,
    cpuSysMs: run.cpuSysMs === undefined ? 10 : run.cpuSysMs,
    maxRssKb: run.maxRssKb === undefined ? 10_240 : run.maxRssKb,
    exitCode: killed ? null : (run.exitCode ?? 0),
    signal: killed ? 'SIGKILL' : (run.signal ?? null),
    timedOut,
    outputLimitExceeded: overCap,
    leftoversEnded: run.leftoversEnded ?? 0,
  };
}

function argvResult(run: FakeRun): ArgvResult {
  const timedOut = run.timedOut ?? false;
  return {
    stdout: run.stdout ?? '',
    stderrTail: linesOf(run.stderr)
      .filter((l) => l.trim() !== '')
      .slice(-10),
    exitCode: timedOut ? null : (run.exitCode ?? 0),
    signal: timedOut ? 'SIGKILL' : (run.signal ?? null),
    timedOut,
    wallMs: run.wallMs ?? 100,
  };
}

let fakePid = 1000;

/** Under cachegrind (`--cachegrind-out-file=DIR/cg.%p` in the arguments), the file valgrind would write for `run.instructions`. */
function writeCounts(words: readonly string[], run: FakeRun): void {
  const out = words.find((w) => w.startsWith('--cachegrind-out-file='));
  if (out === undefined || run.instructions === undefined) return;
  const file = out.slice('--cachegrind-out-file='.length).replace('%p', String(++fakePid));
  mkdirSync(path.dirname(file), { recursive: true });
  const n = run.instructions;
  writeFileSync(file, `desc: fake\ncmd: fake\nevents: Ir\nfl=fake.c\nfn=main\n1 ${n}\nsummary: ${n}\n`);
}
