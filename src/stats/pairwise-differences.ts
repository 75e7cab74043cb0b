import { createRng } from './random.js';

/*
 * k-th smallest of the n1*n2 pairwise differences x_i - y_j without building them all, so
 * that Hodges-Lehmann estimates stay cheap for 1e5 samples per side (1e10 differences).
 *
 * With x ascending and y descending, row i of the difference matrix (x_i - y_j over j) is
 * ascending and so is every column. Each round picks a random pivot among the differences
 * still possible, counts the differences below it in O(n1 + n2) by walking the staircase,
 * and discards the rows' parts that lie on the wrong side: O((n1 + n2) log(n1 n2)) expected
 * (Monahan's 1984 algorithm for the Hodges-Lehmann estimator works the same way). The pivot
 * choice only affects speed; a fixed seed keeps the work reproducible.
 */

const SMALL_ENOUGH_TO_SORT = 4096;

export interface SortedPair {
  /** x sorted ascending. */
  x: Float64Array;
  /** y sorted descending. */
  y: Float64Array;
}

export function sortForDifferences(x: readonly number[], y: readonly number[]): SortedPair {
  return {
    x: Float64Array.from(x).sort(),
    y: Float64Array.from(y).sort().reverse(),
  };
}

/** The k-th smallest (1-based) of x_i - y_j. */
export function kthDifference({ x, y }: SortedPair, k: number): number {
  const rows = x.length;
  const cols = y.length;
  // Candidates of row i are the columns lo[i] .. hi[i] - 1.
  const lo = new Int32Array(rows);
  const hi = new Int32Array(rows).fill(cols);
  const rng = createRng(rows * 31 + cols);
  for (;;) {
    let candidates = 0;
    let discardedBelow = 0;
    for (let i = 0; i < rows; i++) {
      candidates += hi[i] - lo[i];
      discardedBelow += lo[i];
    }
    if (candidates <= Math.max(SMALL_ENOUGH_TO_SORT, rows + cols)) {
      return sortedCandidates(x, y, lo, hi)[k - discardedBelow - 1];
    }
    const pivot = randomCandidate(x, y, lo, hi, rng.int(candidates));
    const below = countEachRow(x, y, pivot, false); // x_i - y_j < pivot
    const atOrBelow = countEachRow(x, y, pivot, true); // x_i - y_j <= pivot
    const totalBelow = sum(below);
    const totalAtOrBelow = sum(atOrBelow);
    if (k > totalBelow && k <= totalAtOrBelow) return pivot;
    for (let i = 0; i < rows; i++) {
      if (k <= totalBelow) hi[i] = Math.min(hi[i], Math.max(lo[i], below[i]));
      else lo[i] = Math.max(lo[i], Math.min(hi[i], atOrBelow[i]));
    }
  }
}

/** Per row, how many differences are below the pivot (or at or below it). */
function countEachRow(x: Float64Array, y: Float64Array, pivot: number, inclusive: boolean): Int32Array {
  const counts = new Int32Array(x.length);
  let j = y.length; // rows grow with i, so each row's count is at most the previous one's
  for (let i = 0; i < x.length; i++) {
    while (j > 0 && !(inclusive ? x[i] - y[j - 1] <= pivot : x[i] - y[j - 1] < pivot)) j--;
    counts[i] = j;
  }
  return counts;
}

function randomCandidate(
  x: Float64Array,
  y: Float64Array,
  lo: Int32Array,
  hi: Int32Array,
  index: number,
): number {
  let rest = index;
  for (let i = 0; i < x.length; i++) {
    const size = hi[i] - lo[i];
    if (rest < size) return x[i] - y[lo[i] + rest];
    rest -= size;
  }
  throw new Error('unreachable: candidate index beyond the candidate count');
}

function sortedCandidates(x: Float64Array, y: Float64Array, lo: Int32Array, hi: Int32Array): Float64Array {
  const values: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = lo[i]; j < hi[i]; j++) values.push(x[i] - y[j]);
  }
  return Float64Array.from(values).sort();
}

function sum(values: Int32Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
