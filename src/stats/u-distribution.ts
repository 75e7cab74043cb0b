/*
 * The exact null distribution of the Mann-Whitney U statistic for samples of sizes m and n
 * without ties. Hand-written: no kept JavaScript library has it.
 *
 * Counts come from the recurrence f(a, b, u) = f(a - 1, b, u - b) + f(a, b - 1, u) (the
 * largest observation belongs to x, where it beats all b values of y, or to y). It only adds
 * non-negative numbers, so every tail keeps full relative precision, unlike the product
 * formula for the Gaussian binomial, which cancels. Cost O(m^2 n^2): 1.6e6 additions for
 * 50 x 50, done once per size pair and cached (all 1275 pairs up to 50 x 50 take under 7 MB).
 */

const cache = new Map<string, Float64Array>();

/** P(U <= k) for k = 0..m*n. U has the same distribution for (m, n) and (n, m). */
export function uCdf(m: number, n: number): Float64Array {
  const [small, large] = m <= n ? [m, n] : [n, m];
  const key = `${small},${large}`;
  let table = cache.get(key);
  if (!table) {
    table = cumulative(uCounts(small, large));
    cache.set(key, table);
  }
  return table;
}

function uCounts(m: number, n: number): Float64Array {
  // row[b] holds the counts for (a, b) while a runs from 0 to m.
  let row: Float64Array[] = Array.from({ length: n + 1 }, () => Float64Array.of(1));
  for (let a = 1; a <= m; a++) {
    const next: Float64Array[] = [Float64Array.of(1)];
    for (let b = 1; b <= n; b++) {
      const counts = new Float64Array(a * b + 1);
      const withoutLargestInX = row[b]!; // (a - 1, b), shifted by b
      for (let u = 0; u < withoutLargestInX.length; u++) counts[u + b]! += withoutLargestInX[u]!;
      const withoutLargestInY = next[b - 1]!; // (a, b - 1)
      for (let u = 0; u < withoutLargestInY.length; u++) counts[u]! += withoutLargestInY[u]!;
      next.push(counts);
    }
    row = next;
  }
  return row[n]!;
}

function cumulative(counts: Float64Array): Float64Array {
  let total = 0;
  for (const c of counts) total += c;
  const cdf = new Float64Array(counts.length);
  let running = 0;
  for (let k = 0; k < counts.length; k++) {
    running += counts[k]!;
    cdf[k] = running / total;
  }
  return cdf;
}

/** P(U >= k), read from the lower tail by symmetry so that small p-values stay precise. */
export function uSf(m: number, n: number, k: number): number {
  const cdf = uCdf(m, n);
  const mirrored = m * n - k;
  if (mirrored < 0) return 0;
  if (mirrored >= cdf.length) return 1;
  return cdf[mirrored]!;
}

/**
 * Smallest q with P(U <= q) >= p, as R's qwilcox, including its 10-epsilon allowance for
 * rounding in the cumulative sum.
 */
export function uQuantile(m: number, n: number, p: number): number {
  const cdf = uCdf(m, n);
  const target = p - 10 * Number.EPSILON;
  let q = 0;
  while (q < cdf.length - 1 && cdf[q]! < target) q++;
  return q;
}
