/** How a failed build or run is described in its error: why it stopped, and its last lines. */
import { explainErrorLine } from './error-line.js';
import { MAX_STDOUT_BYTES, type ExecResult } from './exec.js';

/** A failed run's last lines of output, indented for the message that quotes them. */
export function lastLines(r: ExecResult): string {
  return r.tail
    .slice(-10)
    .map((l) => `  | ${l}`)
    .join('\n');
}

/** Why a run or build failed, in a few words: the output limit, the time limit, a signal, or its exit code and the line that says why. */
export function describeExit(r: ExecResult, timeoutSec: number): string {
  if (r.outputLimitExceeded) return `printed more than ${MAX_STDOUT_BYTES / 2 ** 20} MiB on stdout, benchgate's limit: print less`;
  if (r.timedOut) return `timed out after ${timeoutSec} s (--timeout)`;
  if (r.signal) return `killed by ${r.signal}`;
  // The line that says why, wherever it was (a stack's tail hides it), with a hint when it is known.
  return `exited with code ${r.exitCode}${r.errorLine === null ? '' : `: ${explainErrorLine(r.errorLine)}`}`;
}
