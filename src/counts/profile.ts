/**
 * One benchmark's profile line (decision 8 in docs/architecture.md): the function tables of its two
 * counted runs of one repetition on one side (small and large work), bounded. A function with the
 * same count at both works contributes exactly 0 per op (start-up, the runtime's init, the harness)
 * and is left out. Of the rest, the PROFILE_MAX_FUNCTIONS with the largest |large − small| are
 * kept and the others summed in `rest`, so the shares of what is kept stay honest; so is a function
 * that moved by less than ZERO_PER_OP per op (a Go runtime's background work landing a few hundred
 * instructions apart in two runs), which no attribution can keep: it makes a typical line a tenth
 * of the size.
 */
import { MAX_NAME_CHARS, PROFILE_MAX_FUNCTIONS, type BenchmarkProfile, type ProfiledFunction } from '../model.js';
import type { FunctionTable } from './function-table.js';
import { ZERO_PER_OP } from './per-op-functions.js';

/** Which profile a pair of tables makes: the benchmark, side, repetition, and the tool and level they count. */
export type ProfileKey = Pick<BenchmarkProfile, 'benchmark' | 'side' | 'round' | 'tool' | 'level'>;

export interface WorkTable {
  work: number;
  table: FunctionTable;
}

interface Changed {
  file: string;
  name: string;
  small: number;
  large: number;
}

/**
 * Names and files longer than the log holds are clipped; two functions clipped alike are summed
 * (they are shown, not keyed on by any decision).
 */
const clip = (s: string) => (s.length > MAX_NAME_CHARS ? s.slice(0, MAX_NAME_CHARS) : s);

/** The functions whose counts differ between the two tables, largest |large − small| first (then by file and name). */
function changedFunctions(small: FunctionTable, large: FunctionTable): Changed[] {
  const both = new Map<string, Changed>();
  const add = (table: FunctionTable, work: 'small' | 'large') => {
    for (const [file, names] of table.functions) {
      for (const [name, count] of names) {
        const key = JSON.stringify([clip(file), clip(name)]);
        let entry = both.get(key);
        if (!entry) both.set(key, (entry = { file: clip(file), name: clip(name), small: 0, large: 0 }));
        entry[work] += count;
      }
    }
  };
  add(small, 'small');
  add(large, 'large');
  const magnitude = (c: Changed) => Math.abs(c.large - c.small);
  return [...both.values()]
    .filter((c) => c.small !== c.large)
    .sort((a, b) => magnitude(b) - magnitude(a) || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.name < b.name ? -1 : 1));
}

/** The bounded profile of one repetition on one side; `max` is the bound (PROFILE_MAX_FUNCTIONS). */
export function buildProfile(key: ProfileKey, a: WorkTable, b: WorkTable, max = PROFILE_MAX_FUNCTIONS): BenchmarkProfile {
  const [small, large] = a.work <= b.work ? [a, b] : [b, a];
  const changed = changedFunctions(small.table, large.table);
  const floor = ZERO_PER_OP * (large.work - small.work);
  const listed = changed.findIndex((c) => Math.abs(c.large - c.small) < floor);
  const kept = changed.slice(0, Math.min(max, listed < 0 ? changed.length : listed));
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const functions = kept.map((c): ProfiledFunction => {
    let index = fileIndex.get(c.file);
    if (index === undefined) {
      index = files.push(c.file) - 1;
      fileIndex.set(c.file, index);
    }
    return [index, c.name, c.small, c.large];
  });
  const rest: [number, number] = [0, 0];
  for (const c of changed.slice(kept.length)) {
    rest[0] += c.small;
    rest[1] += c.large;
  }
  return {
    ...key,
    works: [small.work, large.work],
    files,
    functions,
    rest,
    unnamed: [small.table.unnamed, large.table.unnamed],
  };
}
