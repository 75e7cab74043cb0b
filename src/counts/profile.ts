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
import { MAX_NAME_CHARS, PROFILE_MAX_FUNCTIONS, type BenchmarkProfile, type ProfiledCall, type ProfiledFunction } from '../model.js';
import type { CallEdge } from './callgrind.js';
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

/** A callgrind pass's tables and edges at one work. */
export interface WorkGraph extends WorkTable {
  calls: ReadonlyMap<string, CallEdge>;
}

/** At most this many call edges in one profile line, largest |Δ inclusive| first. */
export const PROFILE_MAX_CALLS = 300;

/**
 * The bounded callgrind profile of one benchmark on one side: its functions as buildProfile keeps
 * them, and the call edges whose calls or inclusive cost differ between the works (an edge that
 * does not move with the work is 0 per op), at most PROFILE_MAX_CALLS, each end of a kept edge
 * added to `functions` when it is not there (with its own self counts, which may be equal).
 */
export function buildCallProfile(key: ProfileKey, a: WorkGraph, b: WorkGraph): BenchmarkProfile {
  const [small, large] = a.work <= b.work ? [a, b] : [b, a];
  const profile = buildProfile(key, small, large);
  const floor = ZERO_PER_OP * (large.work - small.work);
  const edges = [...new Set([...small.calls.keys(), ...large.calls.keys()])]
    .map((k) => ({ s: small.calls.get(k), l: large.calls.get(k) }))
    .map(({ s, l }) => ({ edge: (l ?? s)!, calls: [s?.calls ?? 0, l?.calls ?? 0], inclusive: [s?.inclusive ?? 0, l?.inclusive ?? 0] }))
    .filter((e) => e.calls[0] !== e.calls[1] || Math.abs(e.inclusive[1]! - e.inclusive[0]!) >= floor)
    .sort((x, y) => Math.abs(y.inclusive[1]! - y.inclusive[0]!) - Math.abs(x.inclusive[1]! - x.inclusive[0]!))
    .slice(0, PROFILE_MAX_CALLS);
  const index = functionIndex(profile, small.table, large.table);
  const calls = edges.map((e): ProfiledCall => [
    index(e.edge.caller.file, e.edge.caller.name),
    index(e.edge.callee.file, e.edge.callee.name),
    e.calls[0]!,
    e.calls[1]!,
    e.inclusive[0]!,
    e.inclusive[1]!,
  ]);
  return { ...profile, calls };
}

/** The index of (file, name) in the profile's functions, added (with its self counts at both works, out of `rest`) when missing. */
function functionIndex(profile: BenchmarkProfile, small: FunctionTable, large: FunctionTable): (file: string, name: string) => number {
  const at = new Map(profile.functions.map((f, i) => [JSON.stringify([profile.files[f[0]], f[1]]), i]));
  return (file, name) => {
    const key = JSON.stringify([clip(file), clip(name)]);
    const known = at.get(key);
    if (known !== undefined) return known;
    let fileAt = profile.files.indexOf(clip(file));
    if (fileAt < 0) fileAt = profile.files.push(clip(file)) - 1;
    const self = [small, large].map((t) => t.functions.get(file)?.get(name) ?? 0) as [number, number];
    // A function whose counts differ but was not listed was summed in `rest`: it moves out of it.
    if (self[0] !== self[1]) profile.rest = [profile.rest[0] - self[0], profile.rest[1] - self[1]];
    const i = profile.functions.push([fileAt, clip(name), ...self]) - 1;
    at.set(key, i);
    return i;
  };
}
