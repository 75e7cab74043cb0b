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
import path from 'node:path';
import { parseCallgrind, type CallEdge } from '../counts/callgrind.js';
import { addTables, type FunctionTable } from '../counts/function-table.js';
import type { ArgvOptions, ArgvResult } from './exec-argv.js';
import type { Executor } from './executor.js';
import { insideMadeRelative, inValgrindDir, readValgrindFiles, type UnreadableCounts } from './instructions.js';

/** What a callgrind pass's files say: self instructions per function and the call edges, the whole process tree's. */
export interface TreeGraph {
  instructions: number;
  table: FunctionTable;
  calls: Map<string, CallEdge>;
}

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
  const parsed = readValgrindFiles(dir, "callgrind's file", parseCallgrind);
  if (parsed === null || 'unreadable' in parsed) return parsed;
  const rename = insideMadeRelative(worktree);
  const calls = new Map<string, CallEdge>();
  for (const f of parsed) addEdges(calls, f.calls.values(), rename);
  return {
    instructions: parsed.reduce((sum, f) => sum + f.total, 0),
    table: addTables(
      parsed.map((f) => f.table),
      rename,
    ),
    calls,
  };
}

/** A program run from an argument array (`executor.argv`) under callgrind: the run, and its tree's graph (null when valgrind wrote none). */
export function execArgvCallgrind(
  executor: Executor,
  argv: readonly string[],
  opts: ArgvOptions & { worktree: string },
): Promise<ArgvResult & { graph: TreeGraph | UnreadableCounts | null }> {
  const { worktree, ...execOpts } = opts;
  return inValgrindDir('benchgate-callgrind-', async (dir) => {
    const r = await executor.argv([...callgrindPrefix(dir), ...argv], execOpts);
    return { ...r, graph: readTreeGraph(dir, worktree) };
  });
}
