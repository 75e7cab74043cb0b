/**
 * A bench command benchgate can read as a direct call of a known harness (`go test -bench .`, a
 * Google Benchmark binary, pytest), completed by benchgate rather than by the user: `{filter}`
 * where the argument selecting the benchmarks was (shards and `rounds: auto` then run only the
 * benchmarks they are for), and the flag that makes time mode's output machine-readable. The
 * words come from shell-quote and go back through it, so nothing is ever run by this module and
 * every word stays the word it was.
 */
import { parse, quote } from 'shell-quote';
import { FILTER_PLACEHOLDER, harnessOf } from './index.js';
import type { ShellWord } from './types.js';

/**
 * The command's shell words. A lone `$` (`-run ^$`) is a literal dollar to sh; any other `$NAME`
 * stays an object, so a call that reads a variable is never taken as direct. A word with glob
 * characters (`--benchmark_filter=BM_.*`, a regular expression) is taken as written, as sh
 * leaves it when no file matches it; joined again, it is quoted, so it stays as written.
 */
export function shellWords(command: string): ShellWord[] {
  const words = parse(command, (name) => (name === '' ? '$' : { op: `$${name}` })) as ShellWord[];
  return words.map((w) => (typeof w === 'object' && 'op' in w && w.op === 'glob' && 'pattern' in w ? String(w.pattern) : w));
}

/** Operators that end one simple command and start another. */
const SEPARATORS = new Set(['&&', '||', ';', '|', '|&', '&', ';;', '(', ')']);

const isOperator = (w: ShellWord): w is { op: string } => typeof w === 'object' && 'op' in w && !w.op.startsWith('$');

/** A word quoted for sh, `{filter}` kept as the placeholder the runner expands. */
const quoteWord = (word: string) =>
  word
    .split(FILTER_PLACEHOLDER)
    .map((piece) => (piece === '' ? '' : quote([piece])))
    .join(FILTER_PLACEHOLDER);

/** The words as one sh command line; null when one of them is not a plain word or an operator (a variable, a glob, a comment). */
export function joinShellWords(words: readonly ShellWord[]): string | null {
  const out: string[] = [];
  for (const w of words) {
    if (typeof w === 'string') out.push(quoteWord(w));
    else if (isOperator(w)) out.push(w.op);
    else return null;
  }
  return out.join(' ');
}

/** The command's simple commands (split at `&&`, `|`, `;` ...). */
function simpleCommands(words: readonly ShellWord[]): ShellWord[][] {
  const parts: ShellWord[][] = [[]];
  for (const w of words) {
    if (isOperator(w) && SEPARATORS.has(w.op)) parts.push([]);
    else parts.at(-1)!.push(w);
  }
  return parts.filter((p) => p.length > 0);
}

/** Whether the command already says where the filter goes (`{filter}`, or the variable itself). */
const saysWhereFilterGoes = (bench: string) => bench.includes(FILTER_PLACEHOLDER) || bench.includes('BENCHGATE_FILTER');

export interface CompletedCall {
  /** The command to run, `{filter}` still to expand. */
  command: string;
  /** The results are in the `file` given, not on stdout. */
  readsFile: boolean;
}

/**
 * The bench command as benchgate runs it: the user's own unless it is a direct call of the
 * format's harness, then with `{filter}` placed (when the command places none itself and selects
 * the whole suite) and the output flag added when it lacks it (`file`: where a harness that
 * writes its results to a file writes them; null: time mode's output is not wanted).
 */
export function completeCall(format: string, bench: string, file: string | null): CompletedCall {
  const call = harnessOf(format)?.call;
  const unchanged = { command: bench, readsFile: false };
  if (!call) return unchanged;
  const words = shellWords(bench);
  const placed = saysWhereFilterGoes(bench) ? null : call.placeFilter(words);
  const output = file === null || !call.output ? null : call.output.add(placed ?? words, file);
  const command = placed || output ? joinShellWords(output ?? placed!) : null;
  if (command === null) return unchanged;
  return { command, readsFile: output !== null && call.output!.toFile };
}

/** Whether benchgate puts the filter into this command itself (or the command says where it goes). */
export function commandTakesFilter(format: string, bench: string): boolean {
  return saysWhereFilterGoes(bench) || completeCall(format, bench, null).command !== bench;
}

/**
 * Why time mode could not read this command's output, before anything is built: a harness call
 * benchgate can see inside the command (after `cd dir &&`, before a pipe) but cannot complete,
 * whose text does not ask for the machine-readable output. Null when the command asks for it, is
 * a direct call benchgate completes, or shows no call of the harness (a script: its own business).
 */
export function missingOutputFlag(format: string, bench: string): string | null {
  const output = harnessOf(format)?.call?.output;
  if (!output || output.asked.test(bench)) return null;
  const words = shellWords(bench);
  if (output.add(words, 'FILE') !== null) return null;
  const seen = simpleCommands(words).find((part) => output.add(part, 'FILE') !== null);
  if (!seen) return null;
  const shown = joinShellWords(seen) ?? seen.filter((w) => typeof w === 'string').join(' ');
  return (
    `the ${format} harness prints a table benchgate does not read unless asked for ${output.flag}, and benchgate cannot add it to ${JSON.stringify(shown)} ` +
    `inside this command: add ${output.flag} to that call, or make the bench command that call alone`
  );
}
