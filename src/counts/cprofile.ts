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
import { MAX_NAME_CHARS, PROFILE_MAX_FUNCTIONS, type BenchmarkProfile, type ProfiledFunction, type Side } from '../model.js';

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
  return (root === undefined ? file : file.slice(root.length + 1)).slice(0, MAX_NAME_CHARS);
}

/** Python functions' calls keyed by (file, name): two functions of one name in one file (methods of two classes) add up. */
function pythonCalls(rows: readonly FunctionCalls[], roots: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    if (row.file === C_FUNCTION) continue;
    const key = JSON.stringify([relativeTo(roots, row.file), row.name.slice(0, MAX_NAME_CHARS)]);
    out.set(key, (out.get(key) ?? 0) + row.calls);
  }
  return out;
}

/**
 * The side's profile: only the functions whose calls differ between the two works (decision 8's
 * bound: the same count at both is 0 per op), at most PROFILE_MAX_FUNCTIONS of them, largest
 * |large − small| first, the others summed in `rest`.
 */
export function cprofileProfile(pass: CallPass): BenchmarkProfile {
  const small = pythonCalls(pass.small, pass.roots);
  const large = pythonCalls(pass.large, pass.roots);
  const changed = [...new Set([...small.keys(), ...large.keys()])]
    .map((key) => ({ key, small: small.get(key) ?? 0, large: large.get(key) ?? 0 }))
    .filter((f) => f.small !== f.large)
    .sort((a, b) => Math.abs(b.large - b.small) - Math.abs(a.large - a.small) || (a.key < b.key ? -1 : 1));
  const files = new Map<string, number>();
  const functions: ProfiledFunction[] = changed.slice(0, PROFILE_MAX_FUNCTIONS).map((f) => {
    const [file, name] = JSON.parse(f.key) as [string, string];
    if (!files.has(file)) files.set(file, files.size);
    return [files.get(file)!, name, f.small, f.large];
  });
  const beyond = changed.slice(PROFILE_MAX_FUNCTIONS);
  return {
    benchmark: pass.benchmark,
    side: pass.side,
    round: 0,
    works: pass.works,
    tool: 'cprofile',
    level: 'calls',
    files: [...files.keys()],
    functions,
    rest: [beyond.reduce((s, f) => s + f.small, 0), beyond.reduce((s, f) => s + f.large, 0)],
    unnamed: [0, 0],
  };
}
