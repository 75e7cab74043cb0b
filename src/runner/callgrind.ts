/**
 * Callgrind passes (decision 8 in docs/architecture.md): one program run under callgrind, and its
 * process tree's self instructions per function and call edges, read from the files it wrote (one
 * per process) by the pure parser (src/counts/callgrind.ts).
 *
 * Options: `--separate-recs=1` keeps one name a function: callgrind's default (2) splits a function
 * it takes for recursive into `f'2`, and Go's stack switches (morestack, systemstack) look
 * recursive to it, so one function's cost landed under two names and its inclusive cost per op
 * came out negative on google/uuid. Otherwise callgrind's defaults: `--dump-instr=no` keeps one
 * position per row, the source line, which is all attribution reads; name and position
 * compression keep a Go binary's file to a few hundred kilobytes; no `--collect-jumps`, whose
 * `jump=` lines the parser refuses.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ValgrindFileError } from '../counts/cachegrind.js';
import { parseCallgrind, type CallEdge } from '../counts/callgrind.js';
import { addTables, type FunctionTable } from '../counts/function-table.js';
import { execArgv, type ArgvResult } from './exec-argv.js';
import { insideMadeRelative, type UnreadableCounts } from './instructions.js';

/** What a callgrind pass's files say: self instructions per function and the call edges, the whole process tree's. */
export interface TreeGraph {
  instructions: number;
  table: FunctionTable;
  calls: Map<string, CallEdge>;
}

const GRAPH_FILE = /^cg\.\d+$/;

function callgrindPrefix(dir: string): string[] {
  return [
    'valgrind',
    '--tool=callgrind',
    '--separate-recs=1',
    '--trace-children=yes',
    '-q',
    `--callgrind-out-file=${path.join(dir, 'cg.%p')}`,
  ];
}

/** Adds `edges` into `into`, files renamed. */
function addEdges(into: Map<string, CallEdge>, edges: Iterable<CallEdge>, rename: (file: string) => string): void {
  for (const e of edges) {
    const caller = { file: rename(e.caller.file), name: e.caller.name };
    const callee = { file: rename(e.callee.file), name: e.callee.name };
    const key = JSON.stringify([caller.file, caller.name, callee.file, callee.name]);
    const had = into.get(key);
    if (had) into.set(key, { ...had, calls: had.calls + e.calls, inclusive: had.inclusive + e.inclusive });
    else into.set(key, { caller, callee, calls: e.calls, inclusive: e.inclusive });
  }
}

/** Every callgrind file in `dir` read and added up, files inside `worktree` made relative to it; null when there is none. */
export function readTreeGraph(dir: string, worktree: string): TreeGraph | UnreadableCounts | null {
  const files = readdirSync(dir)
    .filter((f) => GRAPH_FILE.test(f))
    .sort();
  if (files.length === 0) return null;
  const rename = insideMadeRelative(worktree);
  const tables: FunctionTable[] = [];
  const calls = new Map<string, CallEdge>();
  let instructions = 0;
  for (const file of files) {
    try {
      const parsed = parseCallgrind(readFileSync(path.join(dir, file), 'utf8'));
      instructions += parsed.total;
      tables.push(parsed.table);
      addEdges(calls, parsed.calls.values(), rename);
    } catch (err) {
      if (!(err instanceof ValgrindFileError)) throw err;
      return { unreadable: `cannot read callgrind's file of process ${file.slice(3)} (${file}), line ${err.line}: ${err.what}` };
    }
  }
  return { instructions, table: addTables(tables, rename), calls };
}

/** execArgv under callgrind: the run, and its tree's graph (null when valgrind wrote none). */
export async function execArgvCallgrind(
  argv: readonly string[],
  opts: Parameters<typeof execArgv>[1] & { worktree: string },
): Promise<ArgvResult & { graph: TreeGraph | UnreadableCounts | null }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-callgrind-'));
  try {
    const { worktree, ...execOpts } = opts;
    const r = await execArgv([...callgrindPrefix(dir), ...argv], execOpts);
    return { ...r, graph: readTreeGraph(dir, worktree) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
