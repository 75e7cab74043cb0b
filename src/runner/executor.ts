/**
 * Where benchgate starts the user's processes (docs/architecture.md, decision 9): builds, bench
 * runs, listings and counted or profiled runs all go through one `Executor`, which the CLI and the
 * Action hand down from their door. The real one runs them (runner/exec.ts through a measuring
 * shell, runner/exec-argv.ts from an argument array); the end-to-end tests pass a fake that replays
 * scripted output, exit codes and times, so they run the whole CLI in process without a toolchain.
 * Git is not here: it is benchgate's own tool, not the user's commands (src/git.ts).
 */
import { execArgv, type ArgvOptions, type ArgvResult } from './exec-argv.js';
import { execMeasured, type ExecOptions, type ExecResult } from './exec.js';

export interface Executor {
  /** A shell command (the user's build or bench command), its process tree measured. */
  measured(command: string, opts: ExecOptions): Promise<ExecResult>;
  /** A program from an argument array, never through a shell (count runs, listings, passes). */
  argv(argv: readonly string[], opts: ArgvOptions): Promise<ArgvResult>;
}

/** Runs every command for real. */
export const realExecutor: Executor = { measured: execMeasured, argv: execArgv };
