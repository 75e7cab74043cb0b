import { createRng, type Rng } from './random.js';

/*
 * Order statistics of the n1*n2 pairwise differences x_i - y_j, for Hodges-Lehmann.
 *
 * Up to SORT_ALL differences they are simply sorted once. Beyond, the k-th is selected
 * without building them all, so that 1e5 samples per side (1e10 differences) stay cheap.
 * With x ascending and y descending, row i of the difference matrix (x_i - y_j over j) is
 * ascending and so is every column. Each round picks a pivot among the differences still
 * possible, counts the differences below it in O(n1 + n2) by walking the staircase, and
 * discards the parts of the rows on the wrong side (Monahan's 1984 algorithm for the HL
 * estimator works the same way). The pivot is taken from a small random sample of the
 * candidates at the target's relative rank, so each round keeps only about 1/8 of them:
 * O((n1 + n2) log(n1 n2)) in all. The pivots only affect speed; a fixed seed keeps the
 * work reproducible.
 */

const SORT_ALL = 4096;
const PIVOT_SAMPLE = 63;

/** Returns k -> the k-th smallest (1-based, 1 <= k <= n1*n2) difference x_i - y_j. */
export function differenceSelector(x: readonly number[], y: readonly number[]): (k: number) => number {
  const ascending = Float64Array.from(x).sort();
  const descending = Float64Array.from(y).sort().reverse();
  if (x.length * y.length <= SORT_ALL) {
    const all = candidates(ascending, descending, new Int32Array(x.length), new Int32Array(x.length).fill(y.length));
    return (k) => all[k - 1]!;
  }
  const rng = createRng(x.length * 31 + y.length);
  return (k) => select(ascending, descending, k, rng);
}

function select(x: Float64Array, y: Float64Array, k: number, rng: Rng): number {
  const rows = x.length;
  // Candidates of row i are the columns lo[i] .. hi[i] - 1.
  const lo = new Int32Array(rows);
  const hi = new Int32Array(rows).fill(y.length);
  for (;;) {
    let remaining = 0;
    let discardedBelow = 0;
    for (let i = 0; i < rows; i++) {
      remaining += hi[i]! - lo[i]!;
      discardedBelow += lo[i]!;
    }
    if (remaining <= Math.max(SORT_ALL, rows + y.length)) {
      return candidates(x, y, lo, hi)[k - discardedBelow - 1]!;
    }
    const pivot = samplePivot(x, y, lo, hi, remaining, (k - discardedBelow - 0.5) / remaining, rng);
    const below = countEachRow(x, y, pivot, false); // x_i - y_j < pivot
    const atOrBelow = countEachRow(x, y, pivot, true); // x_i - y_j <= pivot
    const totalBelow = sum(below);
    if (k > totalBelow && k <= sum(atOrBelow)) return pivot;
    for (let i = 0; i < rows; i++) {
      if (k <= totalBelow) hi[i] = Math.min(hi[i]!, Math.max(lo[i]!, below[i]!));
      else lo[i] = Math.max(lo[i]!, Math.min(hi[i]!, atOrBelow[i]!));
    }
  }
}

/** A candidate near the given relative rank, estimated from a random sample of candidates. */
function samplePivot(
  x: Float64Array,
  y: Float64Array,
  lo: Int32Array,
  hi: Int32Array,
  remaining: number,
  relativeRank: number,
  rng: Rng,
): number {
  const indices = Array.from({ length: PIVOT_SAMPLE }, () => rng.int(remaining)).sort((a, b) => a - b);
  const sample: number[] = [];
  let row = 0;
  let before = 0; // candidates in rows before `row`
  for (const index of indices) {
    while (index >= before + hi[row]! - lo[row]!) before += hi[row]! - lo[row++]!;
    sample.push(x[row]! - y[lo[row]! + index - before]!);
  }
  sample.sort((a, b) => a - b);
  return sample[Math.min(PIVOT_SAMPLE - 1, Math.floor(relativeRank * PIVOT_SAMPLE))]!;
}

/** Per row, how many differences are below the pivot (or at or below it). */
function countEachRow(x: Float64Array, y: Float64Array, pivot: number, inclusive: boolean): Int32Array {
  const counts = new Int32Array(x.length);
  let j = y.length; // rows grow with i, so each row's count is at most the previous one's
  for (let i = 0; i < x.length; i++) {
    while (j > 0 && !(inclusive ? x[i]! - y[j - 1]! <= pivot : x[i]! - y[j - 1]! < pivot)) j--;
    counts[i] = j;
  }
  return counts;
}

/** The candidate differences, sorted ascending. */
function candidates(x: Float64Array, y: Float64Array, lo: Int32Array, hi: Int32Array): Float64Array {
  const values: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = lo[i]!; j < hi[i]!; j++) values.push(x[i]! - y[j]!);
  }
  return Float64Array.from(values).sort();
}

function sum(values: Int32Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
