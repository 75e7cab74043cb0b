/**
 * The registry of harness descriptions, keyed by format name, and what the runner asks of them.
 * Adding a harness is adding one file here and one parser in src/formats/.
 */
import { Buffer } from 'node:buffer';
import { parse as parseShellWords, quote as quoteShellWords } from 'shell-quote';
import { benchBitcoinCsv } from './bench-bitcoin-csv.js';
import { benchgateJson } from './benchgate.js';
import { benchmarkDotNet } from './benchmarkdotnet.js';
import { cargoBench } from './cargo-bench.js';
import { catch2 } from './catch2.js';
import { criterion } from './criterion.js';
import { go } from './go.js';
import { googleBenchmark } from './google-benchmark.js';
import { FILTER_PLACEHOLDER } from './filter-syntax.js';
import { iaiCallgrind } from './iai-callgrind.js';
import { jmh } from './jmh.js';
import { nanobench } from './nanobench.js';
import { pytestBenchmark } from './pytest-benchmark.js';
import { qtestlib } from './qtestlib.js';
import type { FilterOutcome, HarnessDescription, HarnessFilter } from './types.js';

/** Every harness benchgate has a description of; each `format` names a parser in src/formats/. */
export const HARNESSES: readonly HarnessDescription[] = [
  go,
  googleBenchmark,
  benchBitcoinCsv,
  jmh,
  criterion,
  cargoBench,
  benchmarkDotNet,
  catch2,
  pytestBenchmark,
  benchgateJson,
  iaiCallgrind,
  qtestlib,
  nanobench,
];

const BY_FORMAT = new Map(HARNESSES.map((h) => [h.format, h]));

/** The description of a format's harness, when benchgate has one. */
export function harnessOf(format: string): HarnessDescription | undefined {
  return BY_FORMAT.get(format);
}

/** A benchmark's identity for filters, shards and history: its harness's normalised name (the name as printed when the format has no description). */
export function normaliseName(format: string, raw: string): string {
  return harnessOf(format)?.normaliseName(raw) ?? raw;
}

/**
 * The filter that makes a harness run only the benchmarks still open. The bench command receives
 * it as BENCHGATE_FILTER in its environment; `{filter}` in the command expands to a quoted
 * reference to that variable ("$BENCHGATE_FILTER"), never to the names themselves, so no
 * benchmark name ever passes through a shell.
 *
 * A filter may select more than the open benchmarks (a harness without alternation, Go's
 * GOMAXPROCS suffix, libtest's substring match); the extra results are not used. It must never
 * select fewer: the driver checks every filtered round and falls back to whole-suite rounds.
 * Whole-suite rounds set BENCHGATE_FILTER to the harness's "everything" value (`wholeSuite`),
 * never to an empty pattern that would mean "nothing" (Go's `-bench ''` runs no benchmark).
 */
export { FILTER_PLACEHOLDER } from './filter-syntax.js';

/**
 * The longest filter passed as one argument and one environment variable. Linux limits each
 * argument and each NAME=value string to 128 KiB (MAX_ARG_STRLEN, with its NUL); Windows a whole
 * command line and a variable's value to 32,767 characters. Longer filters fall back to
 * whole-suite rounds (reason too-long); pytest's argument file has no such limit.
 */
export const FILTER_MAX_BYTES = process.platform === 'win32' ? 32_000 : 128 * 1024 - 1 - 'BENCHGATE_FILTER='.length;

/** The bench command with `{filter}` replaced by a quoted reference to BENCHGATE_FILTER. */
export function expandFilterPlaceholder(command: string): string {
  return command.split(FILTER_PLACEHOLDER).join('"$BENCHGATE_FILTER"');
}

/** Formats whose harness can be told which benchmarks to run. */
export const FILTER_FORMATS = HARNESSES.filter((h) => h.select).map((h) => h.format);

/** Formats whose benchmarks can be counted one by one (measure: instructions). */
export const FORMATS_WITH_COUNTS = HARNESSES.filter((h) => h.counts).map((h) => h.format);

/** Formats whose harness prints instruction counts itself: measure: instructions reads them as they are. */
export const SELF_COUNTING_FORMATS = HARNESSES.filter((h) => h.printsCounts).map((h) => h.format);

/** BENCHGATE_FILTER for a whole-suite round; null when the format has no filter. */
export function wholeSuiteFilter(format: string): HarnessFilter | null {
  return harnessOf(format)?.select?.wholeSuite ?? null;
}

/**
 * The filter selecting `open` (names as benchgate read them) out of `all`, or why the round
 * must run the whole suite. An empty `open` is a caller error: with nothing open there is no
 * round to run.
 */
export function buildFilter(format: string, open: readonly string[], all: readonly string[], maxBytes = FILTER_MAX_BYTES): FilterOutcome {
  if (open.length === 0) throw new RangeError('buildFilter: no open benchmark (an empty filter would select everything, or nothing)');
  const syntax = harnessOf(format)?.select;
  if (!syntax) return { kind: 'whole-suite', reason: 'unsupported' };
  const out = syntax.build(open, all);
  if (out.kind === 'filter' && 'value' in out.filter && Buffer.byteLength(out.filter.value) > maxBytes) {
    return { kind: 'whole-suite', reason: 'too-long' };
  }
  return out;
}

/**
 * The bench command that lists the benchmarks instead of running them: the harness's list-mode
 * arguments appended to it. Null when the harness has no list mode, or when the command is not
 * one simple command (an operator, a redirection or a comment: the arguments would go astray).
 * The arguments are the description's own constants; `{filter}` expands as in a run.
 */
export function listCommand(format: string, bench: string): string | null {
  const list = harnessOf(format)?.list;
  if (!list) return null;
  const words = parseShellWords(bench, (name) => `$${name}`);
  if (!words.every((w) => typeof w === 'string')) return null;
  return `${expandFilterPlaceholder(bench)} ${quoteShellWords(list.args)}`;
}

export type { FilterOutcome, HarnessDescription, HarnessFilter } from './types.js';
