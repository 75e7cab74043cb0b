/**
 * A changed benchmark's call path and call tree (decision 8 in docs/architecture.md), from its
 * callgrind profiles: one a side, each at the benchmark's two works. Every edge's calls and
 * inclusive instructions per op are (large − small) / (work difference), as the totals are; a
 * function's inclusive per op is the sum of its incoming edges' (recursive edges left out: their
 * cost is already inside the outer call's).
 *
 * The path starts at the benchmark's own function: the function of the benchmarked code (a file
 * inside the worktree, which profiles store relative) whose name holds the benchmark's own name
 * (Go's `BenchmarkParse`, Google Benchmark's `BM_Parse`), the one with the most inclusive cost
 * per op; else (a program under benchgate's JSON harness) the benchmarked code's function with the
 * most. From there it follows, at each step, the callee whose inclusive cost changed most, and
 * stops where no callee carries at least 1% of the change. The **owner** is the path's last
 * function of the benchmarked code: what lies under it outside the worktree (the Go runtime, libc,
 * the standard library, modules) is charged to it, and the largest of those changes are `under`,
 * with their calls per op (`runtime.newobject` 1 → 0).
 */
import type { BenchmarkProfile, CallPath, CallPathStep, CallTreeNode, Side } from '../model.js';
import type { CallersOf, FunctionKey } from './attribution.js';
import { ZERO_PER_OP } from './per-op-functions.js';

/** Callees that carry less than this share of the change end the path and are left out of the tree. */
const CARRIES = 0.01;
const TREE_DEPTH = 6;
const TREE_CHILDREN = 8;
const UNDER = 5;
const PATH_STEPS = 30;

interface Edge {
  caller: string;
  callee: string;
  calls: Record<Side, number>;
  inclusive: Record<Side, number>;
}

export interface CallGraph {
  path: CallPath | null;
  tree: CallTreeNode | null;
  callers: CallersOf;
}

const keyOf = (f: FunctionKey) => JSON.stringify([f.file, f.name]);
const fnOf = (key: string): FunctionKey => {
  const [file, name] = JSON.parse(key) as [string, string];
  return { file, name };
};
/** The benchmarked code: a file the profile made relative to the worktree. */
const owned = (f: FunctionKey) => f.file !== '???' && !/^[/.<]/.test(f.file);
const delta = (x: Record<Side, number>) => x.head - x.base;

/** Every edge of both sides' profiles, per op, keyed caller → callee. */
function edgesOf(profiles: readonly BenchmarkProfile[]): Map<string, Edge> {
  const edges = new Map<string, Edge>();
  for (const p of profiles) {
    const work = p.works[1] - p.works[0];
    const name = (i: number) => keyOf({ file: p.files[p.functions[i]?.[0] ?? -1] ?? '???', name: p.functions[i]?.[1] ?? '???' });
    for (const [caller, callee, sc, lc, si, li] of p.calls ?? []) {
      const [from, to] = [name(caller), name(callee)];
      const k = JSON.stringify([from, to]);
      const e = edges.get(k) ?? { caller: from, callee: to, calls: { base: 0, head: 0 }, inclusive: { base: 0, head: 0 } };
      e.calls[p.side] += (lc - sc) / work;
      e.inclusive[p.side] += (li - si) / work;
      edges.set(k, e);
    }
  }
  return edges;
}

function outOf(edges: Map<string, Edge>): Map<string, Edge[]> {
  const out = new Map<string, Edge[]>();
  for (const e of edges.values()) if (e.caller !== e.callee) out.set(e.caller, [...(out.get(e.caller) ?? []), e]);
  return out;
}

/** Each function's inclusive per op on each side: its incoming edges' sum. */
function inclusiveOf(edges: Map<string, Edge>): Map<string, Record<Side, number>> {
  const inc = new Map<string, Record<Side, number>>();
  for (const e of edges.values()) {
    if (e.caller === e.callee) continue;
    const v = inc.get(e.callee) ?? { base: 0, head: 0 };
    inc.set(e.callee, { base: v.base + e.inclusive.base, head: v.head + e.inclusive.head });
  }
  return inc;
}

/**
 * The name the benchmark's own function holds: Go's `BenchmarkX` or Google Benchmark's `BM_X`
 * anywhere in the name (a Go import path has slashes of its own), else the name up to its first
 * `/` (a sub-benchmark's parameters).
 */
function ownName(benchmark: string): string {
  return /(?:Benchmark|BM_)[^/.]*/.exec(benchmark)?.[0] ?? benchmark.split('/')[0]!;
}

/**
 * The benchmark's own function (see the module comment); null when the profiles hold no benchmarked
 * code. Given the benchmark's per-op count on each side, of the functions holding its name the one
 * whose inclusive cost per op comes closest to it on both: a Go sub-benchmark's loop runs in a closure
 * (`BenchmarkX.func1`), while its parent's cost wanders through `b.Run`'s goroutine switches.
 */
function startOf(inclusive: Map<string, Record<Side, number>>, benchmark: string, perOp?: Record<Side, number>): string | null {
  const own = ownName(benchmark);
  const candidates = [...inclusive.entries()].filter(([k]) => owned(fnOf(k)));
  // Closeness on both sides: a parent's cost can match on one side by chance, and not on the other.
  const distance = (v: Record<Side, number>, p: Record<Side, number>) =>
    v.base > 0 && v.head > 0 && p.base > 0 && p.head > 0
      ? Math.abs(Math.log(v.base / p.base)) + Math.abs(Math.log(v.head / p.head))
      : Infinity;
  const score = (v: Record<Side, number>) => (perOp ? -distance(v, perOp) : Math.max(v.base, v.head));
  const closest = (list: typeof candidates) =>
    list.reduce<[string, number] | null>((best, [k, v]) => (best === null || score(v) > best[1] ? [k, score(v)] : best), null)?.[0] ?? null;
  return closest(candidates.filter(([k]) => fnOf(k).name.includes(own))) ?? closest(candidates);
}

const step = (key: string, inc: Record<Side, number>, calls?: Record<Side, number>): CallPathStep => ({
  ...fnOf(key),
  base: inc.base,
  head: inc.head,
  ...(calls && { calls: { base: calls.base, head: calls.head } }),
});

/** The changed callees of `key` (at least CARRIES of |total|), largest |Δ| first, leaving out `seen`. */
function changedCallees(out: Map<string, Edge[]>, key: string, total: number, seen: ReadonlySet<string>): Edge[] {
  return (out.get(key) ?? [])
    .filter((e) => !seen.has(e.callee) && Math.abs(delta(e.inclusive)) >= Math.max(CARRIES * Math.abs(total), ZERO_PER_OP))
    .sort((a, b) => Math.abs(delta(b.inclusive)) - Math.abs(delta(a.inclusive)));
}

function pathFrom(start: string, inc: Record<Side, number>, out: Map<string, Edge[]>): CallPath {
  const total = delta(inc);
  const steps: CallPathStep[] = [step(start, inc)];
  const seen = new Set([start]);
  let at = start;
  for (let i = 0; i < PATH_STEPS; i++) {
    const next = changedCallees(out, at, total, seen)[0];
    if (!next) break;
    steps.push(step(next.callee, next.inclusive, next.calls));
    seen.add((at = next.callee));
  }
  const ownerAt = steps.findLastIndex((s) => owned(s));
  const owner = steps[Math.max(ownerAt, 0)]!;
  const under = (out.get(keyOf(owner)) ?? [])
    .filter((e) => !owned(fnOf(e.callee)) && (Math.abs(delta(e.inclusive)) >= ZERO_PER_OP || delta(e.calls) !== 0))
    .sort((a, b) => Math.abs(delta(b.inclusive)) - Math.abs(delta(a.inclusive)))
    .slice(0, UNDER)
    .map((e) => step(e.callee, e.inclusive, e.calls));
  return { owner, steps, under };
}

function treeFrom(
  key: string,
  inc: Record<Side, number>,
  out: Map<string, Edge[]>,
  total: number,
  ancestors: ReadonlySet<string>,
): CallTreeNode {
  const children =
    ancestors.size >= TREE_DEPTH - 1
      ? []
      : changedCallees(out, key, total, ancestors)
          .slice(0, TREE_CHILDREN)
          .map((e) => treeFrom(e.callee, e.inclusive, out, total, new Set([...ancestors, e.callee])));
  return { ...step(key, inc), children };
}

/** The call path, call tree and callers lookup of one benchmark's callgrind profiles (both sides); `perOp`: its count per op on each side. */
export function callGraphOf(profiles: readonly BenchmarkProfile[], benchmark: string, perOp?: Record<Side, number>): CallGraph {
  const edges = edgesOf(profiles);
  const out = outOf(edges);
  const inclusive = inclusiveOf(edges);
  const callers: CallersOf = (callee, side) =>
    [...edges.values()].filter((e) => e.callee === keyOf(callee) && e.calls[side] > 0).map((e) => fnOf(e.caller));
  const start = startOf(inclusive, benchmark, perOp);
  if (start === null) return { path: null, tree: null, callers };
  const inc = inclusive.get(start)!;
  return { path: pathFrom(start, inc, out), tree: treeFrom(start, inc, out, delta(inc), new Set([start])), callers };
}
