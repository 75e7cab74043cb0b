/**
 * Every exit code benchgate uses (README "Exit codes"), and the rules that pick one: one for a
 * finished analysis, one for an error. The CLI and the Action both call these, so the same
 * failure exits the same way from either door.
 */
import { constants } from 'node:os';
import { types } from 'node:util';
import { hasFailures } from './analysis/index.js';
import { ConfigError } from './config.js';
import { GitError } from './git.js';
import { RecordError } from './history/record.js';
import { StoreError } from './history/store.js';
import type { ComparisonResult } from './model.js';
import { NoSpace } from './no-space.js';
import { Cancelled, RunFailure } from './runner/errors.js';
import { LogError } from './runner/log.js';

export const EXIT = {
  /** No significant regression beyond the threshold. */
  pass: 0,
  /** The gate failed: at least one regression (and fail-on is regression). */
  gateFailed: 1,
  /** Usage or bad input: a flag, the config, a ref, an unreadable log or results file, a path benchgate cannot write. */
  usage: 2,
  /** A build or benchmark run failed, a harness reported a benchmark failed, or the log ended early (an incomplete run). */
  runFailed: 3,
  /** A bug in benchgate itself. Never 1, so that a crash cannot pass for a regression. */
  internal: 4,
} as const;

/** SIGINT exits 130 and SIGTERM 143, as a shell reports a process the signal ended. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? constants.signals.SIGTERM);
}

/** The exit code an analysis calls for: 3 when anything failed, even beside a regression; else the gate's. */
export function exitCodeOf(result: Pick<ComparisonResult, 'failures' | 'gateFailed'>): number {
  if (hasFailures(result.failures)) return EXIT.runFailed;
  return result.gateFailed ? EXIT.gateFailed : EXIT.pass;
}

/** One line for a non-zero exit code of a finished analysis (the Action's failure message). */
export function describeExitCode(code: number): string {
  if (code === EXIT.gateFailed) return 'the gate failed (a significant regression beyond the threshold)';
  if (code === EXIT.runFailed) return 'a build or benchmark run failed';
  return `exited with ${code}`;
}

export interface ErrorExit {
  code: number;
  /** What the user reads, without the "benchgate: " prefix. */
  message: string;
  /** The stack of an internal error, for the debug log; absent for errors the user can fix. */
  stack?: string;
}

/**
 * An error of the file system on a path (EISDIR, ENOTDIR, EACCES, ENOSPC...): the user's to fix, not
 * a bug. Node's own error, from whichever realm threw it (fs errors in a vm context, as jest runs the
 * CLI in process, are not `instanceof` that context's Error).
 */
function isFileError(err: unknown): err is NodeJS.ErrnoException & { path: string; syscall: string } {
  const e = err as NodeJS.ErrnoException;
  return types.isNativeError(err) && typeof e.code === 'string' && typeof e.path === 'string' && typeof e.syscall === 'string';
}

/** Maps any error to its exit code and message; whatever is not a known failure is a bug (EXIT.internal). */
export function errorExit(err: unknown): ErrorExit {
  if (
    err instanceof ConfigError ||
    err instanceof GitError ||
    err instanceof LogError ||
    err instanceof NoSpace ||
    err instanceof RecordError ||
    err instanceof StoreError
  ) {
    return { code: EXIT.usage, message: err.message };
  }
  if (isFileError(err)) {
    return {
      code: EXIT.usage,
      message: `cannot ${err.syscall} ${err.path}: ${err.code} (check that the path, e.g. --out, is a writable directory with free space)`,
    };
  }
  if (err instanceof RunFailure) return { code: EXIT.runFailed, message: err.message };
  if (err instanceof Cancelled) {
    return { code: signalExitCode(err.signal), message: `${err.message}; the results log keeps every finished run` };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: EXIT.internal,
    message: `internal error: ${message} (a bug in benchgate; please report it with this message)`,
    stack: err instanceof Error ? err.stack : undefined,
  };
}

/**
 * The last resort for errors no `await` reaches (a stray promise, an emitter's error): each is
 * reported, and it turns a pass or a failed gate into EXIT.internal, since that verdict may rest
 * on a half-done step; a usage error, a failed run or a signal keeps its own code. An uncaught
 * exception ends the process at once, as Node advises: its state is unknown.
 */
export function guardProcess(report: (exit: ErrorExit) => void): { finalCode(code: number): number } {
  let stray = false;
  process.on('unhandledRejection', (err) => {
    stray = true;
    report(errorExit(err));
  });
  process.on('uncaughtException', (err) => {
    report(errorExit(err));
    process.exit(EXIT.internal);
  });
  return { finalCode: (code) => (stray && code <= EXIT.gateFailed ? EXIT.internal : code) };
}
