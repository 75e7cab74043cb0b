/**
 * One callgrind output file (valgrind 3.19) read into its self instructions (Ir) per (file,
 * function) and its call edges: text in, data out (decision 8 in docs/architecture.md).
 *
 * The format: header lines (`events: Ir`, `positions: line`), then `ob=`/`fl=`/`fi=`/`fe=`/`fn=`
 * lines naming where the following cost rows belong, cost rows `POSITION COUNT...` (positions may
 * be relative, `+n`/`-n`, or `*` for the same), and calls: `cfi=`/`cfl=` and `cfn=` name the
 * callee, `calls=COUNT TARGET` its call count, and the next cost row is the inclusive cost of those
 * calls, not the caller's own. Names may be compressed: `(id) name` defines, `(id)` refers (files,
 * functions and objects each have their own ids). The last line, `totals:`, is the sum of every
 * self cost: a file without it is cut (callgrind writes at exit), and rows that do not add up to it
 * are malformed; either is an error naming the line, never a partial table.
 *
 * A function is keyed by its own file (`fl=`, not the file of inlined lines, `fi=`) and name. An
 * unnamed function (a stripped binary's `0x…` address) goes to the table's `unnamed`; a callee
 * file not given (`cfi=`) is the current file, as callgrind writes it.
 */
import { ValgrindFileError } from './cachegrind.js';
import { addCount, emptyTable, type FunctionTable } from './function-table.js';

/** One caller → callee edge: how often, and the callee's inclusive Ir through this edge. */
export interface CallEdge {
  caller: { file: string; name: string };
  callee: { file: string; name: string };
  calls: number;
  inclusive: number;
}

export interface CallgrindFile {
  /** The totals line's Ir: every instruction the process executed. */
  total: number;
  table: FunctionTable;
  /** Keyed by JSON [callerFile, callerName, calleeFile, calleeName]. */
  calls: Map<string, CallEdge>;
}

const ADDRESS = /^0x[0-9a-f]+$/i;
const NAMED = /^\((\d+)\)(?: (.*))?$/;
const HEADER = /^([a-z]+):\s*(.*)$/;

type Namespace = 'file' | 'fn' | 'ob';
const NAMESPACE: Record<string, Namespace> = {
  fl: 'file',
  fi: 'file',
  fe: 'file',
  cfi: 'file',
  cfl: 'file',
  fn: 'fn',
  cfn: 'fn',
  ob: 'ob',
  cob: 'ob',
};

interface ParseState {
  irIndex: number | null;
  eventCount: number;
  positions: number;
  names: Record<Namespace, Map<string, string>>;
  /** The function's own file, the current (possibly inlined) file, and the function. */
  fnFile: string | null;
  file: string | null;
  fn: string | null;
  callee: { file: string | null; name: string | null };
  /** Set by `calls=`: the next cost row is this call's inclusive cost. */
  pendingCalls: number | null;
  selfIr: number;
  out: CallgrindFile;
}

/** Parses one callgrind file's text; a ValgrindFileError names the line that is wrong. */
export function parseCallgrind(text: string): CallgrindFile {
  const lines = text.split('\n');
  const last = lines.findLastIndex((l) => l.trim() !== '');
  if (last < 0 || !lines[last]!.startsWith('totals:')) {
    throw new ValgrindFileError(
      last + 1,
      'no totals: line at the end: the file is cut (the counted process was killed, or the disk is full)',
    );
  }
  const s: ParseState = {
    irIndex: null,
    eventCount: 0,
    positions: 1,
    names: { file: new Map(), fn: new Map(), ob: new Map() },
    fnFile: null,
    file: null,
    fn: null,
    callee: { file: null, name: null },
    pendingCalls: null,
    selfIr: 0,
    out: { total: 0, table: emptyTable(), calls: new Map() },
  };
  for (let i = 0; i < last; i++) {
    const line = lines[i]!.trimEnd();
    if (line !== '' && !line.startsWith('#')) readLine(s, line, i + 1);
  }
  const total = irOf(s, lines[last]!.slice('totals:'.length).trim().split(/\s+/), last + 1);
  if (s.selfIr !== total)
    throw new ValgrindFileError(
      last + 1,
      `the rows add up to ${s.selfIr} instructions, but the totals: line says ${total}: the file is malformed`,
    );
  return { ...s.out, total };
}

function readLine(s: ParseState, line: string, lineNo: number): void {
  const first = line.charCodeAt(0);
  // Cost rows start with a position: a digit, +, -, * or 0x.
  if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) return readRow(s, line, lineNo);
  const eq = line.indexOf('=');
  const key = eq > 0 ? line.slice(0, eq) : '';
  if (key === 'calls') return readCalls(s, line.slice(eq + 1), lineNo);
  if (key in NAMESPACE) return readName(s, key, resolve(s, NAMESPACE[key]!, line.slice(eq + 1), lineNo), lineNo);
  if (key === 'jump' || key === 'jcnd')
    throw new ValgrindFileError(lineNo, `${key}= lines (--collect-jumps) are not read: count without it`);
  const header = HEADER.exec(line);
  if (header && s.fn === null) return readHeader(s, header[1]!, header[2]!, lineNo);
  throw new ValgrindFileError(lineNo, `${JSON.stringify(line.slice(0, 80))} is not a line of callgrind's format: the file is malformed`);
}

/** A compressed name's text: `(id) name` defines it, `(id)` refers to it; an uncompressed name as it is. */
function resolve(s: ParseState, ns: Namespace, value: string, lineNo: number): string {
  const m = NAMED.exec(value);
  if (!m) return value;
  if (m[2] !== undefined) {
    s.names[ns].set(m[1]!, m[2]);
    return m[2];
  }
  const known = s.names[ns].get(m[1]!);
  if (known === undefined) throw new ValgrindFileError(lineNo, `(${m[1]}) refers to no name defined before it: the file is malformed`);
  return known;
}

function readName(s: ParseState, key: string, name: string, lineNo: number): void {
  if (key === 'fl') s.fnFile = s.file = name;
  else if (key === 'fi' || key === 'fe') s.file = name;
  else if (key === 'fn') {
    if (s.fnFile === null) throw new ValgrindFileError(lineNo, 'fn= before any fl= line: the file is malformed');
    s.fn = name;
    s.file = s.fnFile;
  } else if (key === 'cfi' || key === 'cfl') s.callee.file = name;
  else if (key === 'cfn') s.callee.name = name;
}

function readHeader(s: ParseState, key: string, value: string, lineNo: number): void {
  if (key === 'events') {
    const events = value.trim().split(/\s+/);
    s.irIndex = events.indexOf('Ir');
    if (s.irIndex < 0) throw new ValgrindFileError(lineNo, `events: ${value} has no Ir: not a callgrind file of instruction counts`);
    s.eventCount = events.length;
  } else if (key === 'positions') s.positions = value.trim().split(/\s+/).length;
}

function readCalls(s: ParseState, value: string, lineNo: number): void {
  const count = /^(\d+)\s/.exec(value + ' ');
  if (!count || s.callee.name === null)
    throw new ValgrindFileError(lineNo, 'calls= without a count or before any cfn= line: the file is malformed');
  s.pendingCalls = Number(count[1]);
}

/** The Ir of a row's counts (after its positions), checked against the events line. */
function irOf(s: ParseState, counts: string[], lineNo: number): number {
  if (s.irIndex === null) throw new ValgrindFileError(lineNo, 'counts before the events: line: the file is malformed');
  if (counts.length > s.eventCount || counts.some((t) => !/^\d+$/.test(t)))
    throw new ValgrindFileError(lineNo, `expected at most ${s.eventCount} counts (${s.eventCount} events): the file is malformed`);
  return Number(counts[s.irIndex] ?? 0);
}

function readRow(s: ParseState, line: string, lineNo: number): void {
  if (s.fn === null) throw new ValgrindFileError(lineNo, 'a cost row before any fn= line: the file is malformed');
  const tokens = line.split(' ');
  if (!tokens.slice(0, s.positions).every((t) => /^([+-]?\d+|\*|0x[0-9a-f]+)$/i.test(t)))
    throw new ValgrindFileError(lineNo, `${JSON.stringify(line.slice(0, 80))} does not start with a position: the file is malformed`);
  const ir = irOf(s, tokens.slice(s.positions), lineNo);
  if (s.pendingCalls !== null) return addCall(s, ir);
  s.selfIr += ir;
  if (ADDRESS.test(s.fn)) s.out.table.unnamed += ir;
  else addCount(s.out.table, s.fnFile!, s.fn, ir);
}

/** The inclusive cost row of a call: on the edge from the current function to the named callee. */
function addCall(s: ParseState, inclusive: number): void {
  const caller = { file: s.fnFile!, name: s.fn! };
  const callee = { file: s.callee.file ?? s.file!, name: s.callee.name! };
  const key = JSON.stringify([caller.file, caller.name, callee.file, callee.name]);
  const edge = s.out.calls.get(key);
  if (edge) {
    edge.calls += s.pendingCalls!;
    edge.inclusive += inclusive;
  } else s.out.calls.set(key, { caller, callee, calls: s.pendingCalls!, inclusive });
  s.pendingCalls = null;
  s.callee.file = null;
}
