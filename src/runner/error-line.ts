/**
 * The line that says why a command failed, wherever it is in the output: a stack trace's tail
 * hides Node's "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'pkg'", which comes first.
 * And the hint for the commonest cause in a fresh worktree: dependencies that were never
 * installed there, because a worktree holds only tracked files.
 */

/** An error line of Node, Python, Go, Rust, a shell: "TypeError: …", "panic: …", "error[E0432]: …". */
const ERROR_LINE =
  /^\s*(?:[\w.$]*(?:Error|Exception)(?: \[[A-Z0-9_]+\])?:|panic:|fatal(?: error)?:|error(?:\[\w+\])?:|.*: (?:command )?not found$)/;

const MISSING_DEPENDENCY = /ERR_MODULE_NOT_FOUND|Cannot find (?:package|module)|ModuleNotFoundError|No module named|cannot find package/;

/** Longer lines are clipped: the start says what failed. */
const MAX_LINE = 300;

/** Whether `line` is one that says why a command failed. */
export function isErrorLine(line: string): boolean {
  return ERROR_LINE.test(line);
}

/** The error line, with a hint when the cause is likely a dependency the worktree lacks. */
export function explainErrorLine(line: string): string {
  const text = line.trim();
  const clipped = text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text;
  if (!MISSING_DEPENDENCY.test(text)) return clipped;
  return `${clipped} (worktrees hold only tracked files, so no node_modules or other installed dependencies: install them with build, e.g. build: npm ci)`;
}
