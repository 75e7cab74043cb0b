/** Per-function counts (decision 8 in docs/architecture.md): the log's profiles and results.json's attribution. */
import type { Side } from './measurement.js';

/**
 * One function in a profile: index into the profile's `files`, its name as the tool printed it
 * (inert data: a pull request chooses it), and its count at the small and the large work
 * (self instructions for cachegrind and callgrind, calls for cProfile).
 */
export type ProfiledFunction = [file: number, name: string, small: number, large: number];

/**
 * One call edge of a callgrind profile: caller and callee (indexes into the profile's
 * `functions`), calls at each work and the callee's inclusive instructions through this edge at
 * each work.
 */
export type ProfiledCall = [
  caller: number,
  callee: number,
  smallCalls: number,
  largeCalls: number,
  smallInclusive: number,
  largeInclusive: number,
];

/**
 * Per-function counts of one benchmark on one side, at the two works of one repetition (or of one
 * attribution pass). Only what differs between the two works is kept: a function with the same
 * count at both contributes exactly 0 per op. Bounded (decision 8): at most PROFILE_MAX_FUNCTIONS
 * functions, largest |large − small| first, the rest summed in `rest`.
 */
export interface BenchmarkProfile {
  /** The normalised name (as Run.benchmark). */
  benchmark: string;
  side: Side;
  /** The repetition of the count runs it comes from; 0 for an attribution pass (callgrind, cProfile, or after a timed verdict). */
  round: number;
  /** @minItems 2 @maxItems 2 */
  works: [number, number];
  tool: 'cachegrind' | 'callgrind' | 'cprofile';
  /** instructions: self instructions per function; calls: calls per Python function. */
  level: 'instructions' | 'calls';
  /** Source files: relative to the side's worktree when inside it (the benchmarked code), else as the tool printed them. */
  files: string[];
  functions: ProfiledFunction[];
  /** callgrind only: the call edges whose calls or inclusive cost differ between the works. */
  calls?: ProfiledCall[];
  /** What the functions not listed add up to at each work: those beyond the cap, and those that moved by under 0.01 per op. @minItems 2 @maxItems 2 */
  rest: [number, number];
  /** Counts the tool could not name (`???`: a binary without symbols) at each work. @minItems 2 @maxItems 2 */
  unnamed: [number, number];
}

/** At most this many functions in one profile line (decision 8's bound). */
export const PROFILE_MAX_FUNCTIONS = 200;

/**
 * Where a benchmark's change came from (results.json, decision 8): per-function differences per
 * op from the count runs' profiles, or from passes run after a timed verdict.
 */
export interface Attribution {
  /** instructions: self instructions per op (cachegrind); calls: Python function calls per op (cProfile). */
  level: 'instructions' | 'calls';
  /** counts: the count runs' own files; passes: attribution passes after the verdict ("where the instructions changed"). */
  source: 'counts' | 'passes';
  /** The benchmark's per-op total per side in the level's unit, and head − base. */
  total: { base: number; head: number; delta: number };
  /** Functions whose per-op change is beyond their spread over the repetitions, largest |delta| first. */
  functions: AttributedFunction[];
  /** The share of total.delta that `functions` explain together, percent; null when total.delta is 0. */
  explainedPct: number | null;
  /** Code moved by inlining: a function at 0 per op on one side while its caller grew. */
  inlined: InlinedFunction[];
  /** callgrind: the benchmarked code's function that carries the change, and how it was reached. */
  callPath: CallPath | null;
  /**
   * callgrind: the calls under the benchmark's own function, inclusive per op on each side, for the
   * differential icicle view. Bounded: at most 6 levels and 8 children a node, only callees whose
   * |Δ| is at least 1% of the total's.
   */
  callTree: CallTreeNode | null;
  /** One line each for people: a binary without symbols, a harness with no useful level, counts-can-miss. */
  notes: string[];
}

export interface AttributedFunction {
  file: string;
  name: string;
  /** Per op, pooled over the repetitions as the count rule pools totals. */
  base: number;
  head: number;
  delta: number;
  /** delta's interval at the comparison's level; null with one repetition a side (exact counts: no spread to judge). */
  interval: [number, number] | null;
  /** delta over the benchmark's total delta, percent; null when that is 0. */
  sharePct: number | null;
}

export interface InlinedFunction {
  file: string;
  name: string;
  /** Which side it vanished on, and its per op count on the other. */
  goneOn: Side;
  perOp: number;
  into: { file: string; name: string; base: number; head: number };
}

/** A function on a call path, inclusive per op on each side. */
export interface CallPathStep {
  file: string;
  name: string;
  base: number;
  head: number;
  /** Calls per op from the step above (absent on the first step). */
  calls?: { base: number; head: number };
}

/** A node of the call tree: a function inclusive per op on each side, and its callees. */
export interface CallTreeNode extends CallPathStep {
  children: CallTreeNode[];
}

export interface CallPath {
  /** The benchmarked code's function that carries the change: runtime and library costs charged to it (its inclusive per op). */
  owner: CallPathStep;
  /** From the benchmark's own function down to the top contributor. */
  steps: CallPathStep[];
  /** What changed directly under the owner outside the benchmarked code, largest |Δ| first (at most 5). */
  under: CallPathStep[];
}
