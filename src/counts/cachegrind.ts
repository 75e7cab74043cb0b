/**
 * One cachegrind output file (valgrind 3.19, `--cache-sim=no`) read into its total and its self
 * instructions (Ir) per (file, function): text in, data out (decision 8 in docs/architecture.md).
 *
 * The file is header lines (`desc:`, `cmd:`, `events: Ir ...`), then blocks of `fl=FILE` and
 * `fn=NAME` each followed by cost rows `LINE COUNT...` (one count per event; missing trailing
 * counts are 0), and a last `summary:` line with the whole process's counts. The file is written
 * when the process exits, so a killed process leaves a file without its `summary:` line: that, a
 * row that is not numbers, a row before any `fn=`, or rows that do not add up to the summary is an
 * error naming the line, never a partial table.
 *
 * `fn=???` (a binary without symbols) goes to the table's `unnamed`; a named function in
 * `fl=???` (symbols, but no debug information: built without -g) keeps its name, file `???`.
 */
import { addCount, emptyTable, type FunctionTable } from './function-table.js';

export interface CachegrindFile {
  /** The summary line's Ir: every instruction the process executed. */
  total: number;
  table: FunctionTable;
}

/** A valgrind output file (cachegrind's or callgrind's) that is cut or malformed, at `line`. */
export class ValgrindFileError extends Error {
  constructor(
    readonly line: number,
    readonly what: string,
  ) {
    super(`line ${line}: ${what}`);
    this.name = 'ValgrindFileError';
  }
}

const UNNAMED = '???';
const ROW = /^\d+(?: \d+)+$/;
const HEADER = /^([a-z]+):(.*)$/;

/** Where the parser is: the events, the current file and function, and the Ir counted so far. */
interface ParseState {
  irIndex: number | null;
  eventCount: number;
  file: string | null;
  name: string | null;
  /** Ir of the current (file, function) not yet added to the table. */
  pending: number;
  rowsIr: number;
  table: FunctionTable;
}

/** Parses one cachegrind file's text; a ValgrindFileError names the line that is wrong. */
export function parseCachegrind(text: string): CachegrindFile {
  const lines = text.split('\n');
  const last = lines.findLastIndex((l) => l.trim() !== '');
  // Written at exit: a killed process's file stops anywhere, often mid-row, before its summary.
  if (last < 0 || !lines[last]!.startsWith('summary:')) {
    throw new ValgrindFileError(
      last + 1,
      'no summary: line at the end: the file is cut (the counted process was killed, or the disk is full)',
    );
  }
  const s: ParseState = { irIndex: null, eventCount: 0, file: null, name: null, pending: 0, rowsIr: 0, table: emptyTable() };
  for (let i = 0; i < last; i++) {
    const line = lines[i]!.trimEnd();
    if (line !== '' && !line.startsWith('#')) readLine(s, line, i + 1);
  }
  flush(s);
  const summary = counted(s, lines[last]!.slice('summary:'.length).trim().split(/\s+/), 0, last + 1);
  if (s.rowsIr !== summary) {
    throw new ValgrindFileError(
      last + 1,
      `the rows add up to ${s.rowsIr} instructions, but the summary: line says ${summary}: the file is malformed`,
    );
  }
  return { total: summary, table: s.table };
}

function readLine(s: ParseState, line: string, lineNo: number): void {
  if (ROW.test(line)) return readRow(s, line, lineNo);
  const eq = line.indexOf('=');
  const key = eq > 0 ? line.slice(0, eq) : '';
  if (key === 'fl' || key === 'fi' || key === 'fe') {
    flush(s);
    s.file = line.slice(eq + 1);
    // A new object file starts a new function (fn= follows); fi=/fe= (inlined code) stay in it.
    if (key === 'fl') s.name = null;
    return;
  }
  if (key === 'fn') {
    if (s.file === null) throw new ValgrindFileError(lineNo, 'fn= before any fl= line: the file is malformed');
    flush(s);
    s.name = line.slice(eq + 1);
    return;
  }
  // Header lines (desc:, cmd:, events:) come before the first fl=; the summary: line is read last.
  const header = HEADER.exec(line);
  if (header && header[1] !== 'summary' && s.file === null) return readHeader(s, header[1]!, header[2]!.trim(), lineNo);
  throw new ValgrindFileError(
    lineNo,
    `${JSON.stringify(line.slice(0, 80))} is not a cost row of numbers ("LINE COUNT..."): the file is malformed`,
  );
}

function readHeader(s: ParseState, key: string, value: string, lineNo: number): void {
  if (key === 'events') {
    const events = value.split(/\s+/);
    const ir = events.indexOf('Ir');
    if (ir < 0) throw new ValgrindFileError(lineNo, `events: ${value} has no Ir: not a cachegrind file of instruction counts`);
    s.irIndex = ir;
    s.eventCount = events.length;
  }
}

/** The Ir of `tokens` from `first` on (one count per event), checked against the events line. */
function counted(s: ParseState, tokens: string[], first: number, lineNo: number): number {
  if (s.irIndex === null) throw new ValgrindFileError(lineNo, 'counts before the events: line: the file is malformed');
  if (tokens.length - first > s.eventCount || tokens.slice(first).some((t) => !/^\d+$/.test(t)))
    throw new ValgrindFileError(lineNo, `expected at most ${s.eventCount} counts (${s.eventCount} events): the file is malformed`);
  return Number(tokens[first + s.irIndex] ?? 0);
}

function readRow(s: ParseState, line: string, lineNo: number): void {
  if (s.name === null) throw new ValgrindFileError(lineNo, 'a cost row before any fn= line: the file is malformed');
  const ir = counted(s, line.split(' '), 1, lineNo);
  s.pending += ir;
  s.rowsIr += ir;
}

/** Adds the current function's pending Ir to the table. */
function flush(s: ParseState): void {
  if (s.pending === 0 || s.name === null) return;
  if (s.name === UNNAMED) s.table.unnamed += s.pending;
  else addCount(s.table, s.file!, s.name, s.pending);
  s.pending = 0;
}
