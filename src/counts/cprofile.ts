/**
 * cProfile passes (docs/architecture.md decision 8, "Interpreters"): one pytest-benchmark run's
 * calls per Python function, read from the benchmark JSON that the support plugin
 * `benchgate_cprofile` extends, and one side's two works paired into a bounded BenchmarkProfile
 * (tool cprofile, level calls, round 0).
 *
 * Which functions count: pytest-benchmark's cProfile mode runs only the benchmarked callable under
 * the profiler (`Profile.runcall`), so no frame of pytest, pluggy or pytest-benchmark is in the
 * table. C functions (pstats' file `~`: builtins and methods of C types) are dropped: they are the
 * interpreter's, and their counts name nothing a Python author wrote. Every Python function the
 * callable reaches is kept, the standard library and site-packages included; the attribution
 * lists the benchmarked code's first (src/counts/call-counts.ts).
 */
import { JsonShape, parseJson } from '../formats/json.js';
import type { BenchmarkProfile, Side } from '../model.js';
import { addCount, emptyTable, type FunctionTable } from './function-table.js';
import { buildProfile } from './profile.js';

/** One pstats row as the plugin writes it: the function's file, first line and name, and its calls (`nc`). */
export interface FunctionCalls {
  file: string;
  line: number;
  name: string;
  calls: number;
}

const FORMAT = 'cProfile pass';
const shape = new JsonShape(FORMAT);
/** The key the plugin adds to pytest-benchmark's JSON (src/harness/pytest-benchmark.ts). */
const KEY = 'benchgate_cprofile';
/** pstats' file of a C function. */
const C_FUNCTION = '~';

/** The calls `benchmark` (its name as pytest-benchmark printed it) made, from one pass's benchmark JSON; a FormatError when they are missing or malformed. */
export function parseCProfileCalls(text: string, benchmark: string): FunctionCalls[] {
  const tables = shape.object(shape.object(parseJson(FORMAT, text), 'the top level')[KEY], KEY);
  if (!Object.hasOwn(tables, benchmark))
    throw shape.error(`no calls for ${JSON.stringify(benchmark)} under ${KEY}: pytest-benchmark's cProfile mode did not run it`);
  return shape.array(tables[benchmark], `${KEY}[name]`).map((row, i) => {
    const [file, line, name, calls] = shape.array(row, `${KEY}[name][${i}]`);
    const where = `${KEY}[name][${i}]`;
    return {
      file: shape.string(file, `${where}[0]`),
      line: shape.number(line, `${where}[1]`),
      name: shape.string(name, `${where}[2]`),
      calls: shape.number(calls, `${where}[3]`),
    };
  });
}

/** One side's pass at its two works: `roots` are the side's working directory as given and as resolved (symlinks). */
export interface CallPass {
  benchmark: string;
  side: Side;
  works: [number, number];
  small: readonly FunctionCalls[];
  large: readonly FunctionCalls[];
  roots: readonly string[];
}

/** A file inside one of `roots` made relative to it (so base and head key a function alike), else as cProfile printed it. */
function relativeTo(roots: readonly string[], file: string): string {
  const root = roots.find((r) => file.startsWith(`${r}/`));
  return root === undefined ? file : file.slice(root.length + 1);
}

/** Python functions' calls as a function table keyed by (file, name): two functions of one name in one file (methods of two classes) add up. */
function callsTable(rows: readonly FunctionCalls[], roots: readonly string[]): FunctionTable {
  const table = emptyTable();
  for (const row of rows) if (row.file !== C_FUNCTION) addCount(table, relativeTo(roots, row.file), row.name, row.calls);
  return table;
}

/** The side's profile, bounded as the count runs' profiles are (src/counts/profile.ts). */
export function cprofileProfile(pass: CallPass): BenchmarkProfile {
  const key = { benchmark: pass.benchmark, side: pass.side, round: 0, tool: 'cprofile', level: 'calls' } as const;
  const [small, large] = pass.works;
  return buildProfile(
    key,
    { work: small, table: callsTable(pass.small, pass.roots) },
    { work: large, table: callsTable(pass.large, pass.roots) },
  );
}
