/**
 * Where one benchmark's change came from, per function (decision 8 in docs/architecture.md), from
 * its profile lines: text-free, pure.
 *
 * Each function's count per op in one repetition on one side is (large − small) / (work
 * difference), as the benchmark's total is (src/counts/per-op.ts); a function absent from a
 * repetition's profile counts 0 there. Over the repetitions, as the count rule pools the totals:
 * the mean per side, Δ = head − base, and Δ's interval from the within-side spread pooled over
 * both sides, Student's t at the comparison's level. Zero spread (exact counts) gives [Δ, Δ]; one
 * repetition a side has no spread to judge, and its interval is null.
 *
 * Kept: functions whose interval excludes 0 (with no interval, any Δ), largest |Δ| first, until
 * they explain 90–110% of the total Δ (a function that shrank can overshoot: the one that grew
 * by absorbing it brings the sum back), at most MAX_FUNCTIONS; `explainedPct` says what they do.
 */
import type { AttributedFunction, Attribution, BenchmarkProfile, InlinedFunction, Side } from '../model.js';
import { studentTQuantile } from '../stats/student-t.js';
import { perOpSeries, ZERO_PER_OP, type FunctionSeries } from './per-op-functions.js';
import type { PerOpSamples } from './per-op.js';

/** The kept functions are enough once they explain this share of the total Δ, percent... */
const EXPLAINED_FROM = 90;
/** ...and no more than this (functions that shrank overshoot until the one that grew is kept). */
const EXPLAINED_TO = 110;
/** At most this many functions are kept when no shorter list explains enough. */
export const MAX_FUNCTIONS = 20;
/** Unnamed code (`???`) carrying more than this share of |Δ| gets the note that the binary has no symbols. */
const UNNAMED_NOTE_SHARE = 0.1;

export interface FunctionKey {
  file: string;
  name: string;
}

/**
 * The functions that call `callee` on `side` (callgrind's edges): where the inlining note looks for
 * the caller that grew. Matched by name: inlined code counts under its own source file with its
 * caller's name (Go's and gcc's inliners alike), so the caller's grown entry has another file.
 */
export type CallersOf = (callee: FunctionKey, side: Side) => readonly FunctionKey[];

export interface AttributionInput {
  /** The benchmark's profiles of one tool and level, both sides, every repetition used. */
  profiles: readonly BenchmarkProfile[];
  /** The benchmark's per-op totals per repetition (the comparison's samples): the Δ the functions explain. */
  totals: PerOpSamples;
  /** The comparison's level: the functions' intervals are two-sided at it. */
  level: number;
  callers?: CallersOf;
}

/** The per-function part of an attribution; callPath and callTree are the call-path pass's (src/analysis/attribution.ts). */
export type FunctionAttribution = Omit<Attribution, 'source' | 'callPath' | 'callTree'>;

/** A function's pooled means, Δ and interval, before its share is known. */
type Judged = Omit<AttributedFunction, 'sharePct'>;

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const sumOfSquares = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0);
};

/** A function's means per side, Δ and Δ's interval at the t quantile `k` (null: no spread to judge, no interval). */
function judged(s: FunctionSeries, k: number | null): Judged {
  const base = mean(s.base);
  const head = mean(s.head);
  const delta = head - base;
  if (k === null) return { file: s.file, name: s.name, base, head, delta, interval: null };
  const df = s.base.length + s.head.length - 2;
  const se = Math.sqrt(((sumOfSquares(s.base) + sumOfSquares(s.head)) / df) * (1 / s.base.length + 1 / s.head.length));
  return { file: s.file, name: s.name, base, head, delta, interval: [delta - k * se, delta + k * se] };
}

/** Beyond noise: |Δ| above the floor, and (when there is an interval) the interval excludes 0. */
function beyondSpread(f: Judged): boolean {
  if (Math.abs(f.delta) < ZERO_PER_OP) return false;
  return f.interval === null || f.interval[0] > 0 || f.interval[1] < 0;
}

const byMagnitude = (a: { delta: number; file: string; name: string }, b: { delta: number; file: string; name: string }) =>
  Math.abs(b.delta) - Math.abs(a.delta) || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.name < b.name ? -1 : 1);

/** The shortest run of `changed` (largest first) explaining 90–110% of `total`, else the first MAX_FUNCTIONS. */
function explaining<T extends { delta: number }>(changed: readonly T[], total: number): T[] {
  let sum = 0;
  for (let i = 0; i < Math.min(changed.length, MAX_FUNCTIONS); i++) {
    sum += changed[i]!.delta;
    const pct = (100 * sum) / total;
    if (total !== 0 && pct >= EXPLAINED_FROM && pct <= EXPLAINED_TO) return changed.slice(0, i + 1);
  }
  return changed.slice(0, MAX_FUNCTIONS);
}

/** Per-function attribution of one benchmark (see the module comment). */
export function attributeFunctions({ profiles, totals, level, callers }: AttributionInput): FunctionAttribution {
  const series = perOpSeries(profiles);
  const total = { base: mean(totals.base), head: mean(totals.head), delta: mean(totals.head) - mean(totals.base) };
  const df = series.repetitions.base + series.repetitions.head - 2;
  const k = series.repetitions.base > 0 && series.repetitions.head > 0 && df > 0 ? studentTQuantile(1 - level / 2, df) : null;
  const changed = series.functions
    .map((s) => judged(s, k))
    .filter(beyondSpread)
    .sort(byMagnitude);
  const share = (delta: number) => (total.delta === 0 ? null : (100 * delta) / total.delta);
  const functions = explaining(changed, total.delta).map((f) => ({ ...f, sharePct: share(f.delta) }));
  const explained = functions.reduce((a, f) => a + f.delta, 0);
  return {
    level: 'instructions',
    total,
    functions,
    explainedPct: share(explained),
    inlined: inlinedFunctions(changed, functions, callers),
    notes: unnamedNote(mean(series.unnamed.head) - mean(series.unnamed.base), total.delta),
  };
}

/**
 * Code moved by inlining: a kept function of the benchmarked code at 0 per op on one side while it runs on the other, and
 * the caller that grew where it is gone. The caller comes from `callers` (callgrind's edges on the
 * side where it still runs) when given: of those, the one with the largest Δ of the opposite sign;
 * else it is the kept function with the largest Δ of the opposite sign. With neither, no note.
 * Largest |Δ| first, each function in one note at most: the caller's grown entry (inlined code
 * counts under its own file) is itself at 0 on the other side, and is not a second note.
 */
function inlinedFunctions(changed: readonly Judged[], kept: readonly Judged[], callers: CallersOf | undefined): InlinedFunction[] {
  const out: InlinedFunction[] = [];
  const used = new Set<Judged>();
  for (const f of kept) {
    const goneOn: Side | null = Math.abs(f.head) < ZERO_PER_OP ? 'head' : Math.abs(f.base) < ZERO_PER_OP ? 'base' : null;
    // Only the benchmarked code's functions (files the profile made relative): a runtime or library
    // function that stops running (an allocation gone) was not inlined by the change.
    if (goneOn === null || used.has(f) || /^[/.<]/.test(f.file)) continue;
    const named = callers?.(f, goneOn === 'head' ? 'base' : 'head');
    const pool = (named ? changed.filter((g) => named.some((c) => c.name === g.name)) : kept).filter((g) => !used.has(g));
    const into = largestOpposite(pool, f.delta);
    if (into === null) continue;
    used.add(f).add(into);
    const perOp = goneOn === 'head' ? f.base : f.head;
    out.push({ file: f.file, name: f.name, goneOn, perOp, into: { file: into.file, name: into.name, base: into.base, head: into.head } });
  }
  return out;
}

/** Of `fs`, the function with the largest |Δ| whose Δ has the sign opposite to `delta`'s; null when none has. */
function largestOpposite(fs: readonly Judged[], delta: number): Judged | null {
  let best: Judged | null = null;
  for (const g of fs) if (Math.sign(g.delta) === -Math.sign(delta) && (best === null || Math.abs(g.delta) > Math.abs(best.delta))) best = g;
  return best;
}

/** The note for a binary without symbols: unnamed code (`???`) carrying more than a tenth of the change. */
function unnamedNote(unnamedDelta: number, totalDelta: number): string[] {
  if (totalDelta === 0 || Math.abs(unnamedDelta) <= UNNAMED_NOTE_SHARE * Math.abs(totalDelta)) return [];
  const pct = Math.round((100 * Math.abs(unnamedDelta)) / Math.abs(totalDelta));
  return [`${pct}% of the change is in code valgrind could not name (???): built without symbols: add -g / do not strip`];
}
