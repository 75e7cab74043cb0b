/**
 * Where a pytest-benchmark change came from, in Python calls per op (docs/architecture.md
 * decision 8, "Interpreters"), from the benchmark's cProfile profiles (src/counts/cprofile.ts):
 * one pass a side, or several after logs were pooled (their mean).
 *
 * - Per op: (calls at the large work − calls at the small) / (large − small), per function.
 * - Exact: a call count does not vary between runs (the hash seed is fixed), so Δ's interval is
 *   [Δ, Δ]: known to be exact, where one repetition of instruction counts gives null (spread unknown).
 * - Shares: a change in calls is often a swap (`a` 2 → 1 per op, `b` 0 → 1) whose signed total is
 *   0, and calls do not add up to the instructions the verdict counted; so a function's share is
 *   its Δ over the sum of every function's |Δ| (the rest's included), and `explainedPct` is the
 *   listed functions' part of that sum.
 * - Listed: every function whose calls per op changed, the benchmarked code's first (files inside
 *   the worktree, outside site-packages), then the standard library's and modules', each largest
 *   |Δ| first, until they explain ≥ 90% or MAX_ATTRIBUTED are listed.
 * - CPython does not inline, so `inlined` is empty; cProfile has no call edges here, so no call path.
 */
import type { Attribution, AttributedFunction, BenchmarkProfile, Side } from '../model.js';

const EXPLAINED_PCT = 90;
/** At most this many functions in results.json's attribution (the comment shows 3). */
const MAX_ATTRIBUTED = 20;
/** Per-op calls are ratios of exact counts: a difference below this is float rounding. */
const EPSILON = 1e-9;

interface PerOp {
  /** Calls per op, keyed by JSON [file, name]. */
  functions: Map<string, number>;
  rest: number;
}

type Change = Omit<AttributedFunction, 'interval' | 'sharePct'>;

/** The benchmarked code: a file cProfile named inside the worktree (made relative), not an installed module. */
export function isBenchmarkedCode(file: string): boolean {
  return !file.startsWith('/') && !file.startsWith('<') && !/(^|\/)(site|dist)-packages\//.test(file);
}

function perOp(p: BenchmarkProfile): PerOp {
  const span = p.works[1] - p.works[0];
  const functions = new Map<string, number>();
  for (const [file, name, small, large] of p.functions) {
    const key = JSON.stringify([p.files[file] ?? '', name]);
    functions.set(key, (functions.get(key) ?? 0) + (large - small) / span);
  }
  return { functions, rest: (p.rest[1] - p.rest[0]) / span };
}

/** The mean per op over one side's profiles (a function missing from one counts 0 there). */
function pooled(sides: readonly PerOp[]): PerOp {
  const functions = new Map<string, number>();
  for (const side of sides) for (const [key, calls] of side.functions) functions.set(key, (functions.get(key) ?? 0) + calls / sides.length);
  return { functions, rest: sides.reduce((s, p) => s + p.rest, 0) / sides.length };
}

const totalOf = (p: PerOp) => [...p.functions.values()].reduce((s, v) => s + v, p.rest);

function changes(base: PerOp, head: PerOp): Change[] {
  return [...new Set([...base.functions.keys(), ...head.functions.keys()])]
    .map((key) => {
      const [file, name] = JSON.parse(key) as [string, string];
      const [b, h] = [base.functions.get(key) ?? 0, head.functions.get(key) ?? 0];
      return { file, name, base: b, head: h, delta: h - b };
    })
    .filter((f) => Math.abs(f.delta) > EPSILON);
}

/** The benchmarked code's changes first, then the others, largest |Δ| first, until ≥ 90% of `moved` or MAX_ATTRIBUTED. */
function listed(all: readonly Change[], moved: number): Change[] {
  const ordered = [...all].sort(
    (x, y) =>
      Number(isBenchmarkedCode(y.file)) - Number(isBenchmarkedCode(x.file)) ||
      Math.abs(y.delta) - Math.abs(x.delta) ||
      (x.file + x.name < y.file + y.name ? -1 : 1),
  );
  const out: Change[] = [];
  let explained = 0;
  for (const f of ordered) {
    if (out.length >= MAX_ATTRIBUTED || explained >= (EXPLAINED_PCT / 100) * moved) break;
    out.push(f);
    explained += Math.abs(f.delta);
  }
  return out;
}

/** The calls-level attribution of one benchmark from its profiles, or null without a cProfile profile on both sides. */
export function callAttribution(profiles: readonly BenchmarkProfile[]): Attribution | null {
  const ofSide = (side: Side) => profiles.filter((p) => p.tool === 'cprofile' && p.side === side && p.works[1] > p.works[0]).map(perOp);
  const [baseProfiles, headProfiles] = [ofSide('base'), ofSide('head')];
  if (baseProfiles.length === 0 || headProfiles.length === 0) return null;
  const [base, head] = [pooled(baseProfiles), pooled(headProfiles)];
  const all = changes(base, head);
  const moved = all.reduce((s, f) => s + Math.abs(f.delta), 0) + Math.abs(head.rest - base.rest);
  const share = (delta: number) => (moved > EPSILON ? (100 * delta) / moved : null);
  const functions = listed(all, moved).map((f) => ({ ...f, interval: [f.delta, f.delta] as [number, number], sharePct: share(f.delta) }));
  const [totalBase, totalHead] = [totalOf(base), totalOf(head)];
  return {
    level: 'calls',
    source: 'passes',
    total: { base: totalBase, head: totalHead, delta: totalHead - totalBase },
    functions,
    explainedPct: share(functions.reduce((s, f) => s + Math.abs(f.delta), 0)),
    inlined: [],
    callPath: null,
    callTree: null,
    notes:
      moved > EPSILON
        ? []
        : [
            "no Python function's calls per op changed: the change is inside the same calls (more or less work in each, or in C code), which call counts cannot see",
          ],
  };
}
