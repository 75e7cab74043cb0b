/** Ranks with ties given their average rank, plus what the normal approximations need about ties. */
export interface Ranking {
  /** 1-based average ranks, in input order. */
  ranks: Float64Array;
  /** Sum over tie groups of t^3 - t (0 when all values differ). */
  tieTerm: number;
}

/** O(n log n). */
export function rankAverage(values: ArrayLike<number>): Ranking {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(n);
  let tieTerm = 0;
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && values[order[end]!] === values[order[start]!]) end++;
    const averageRank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]!] = averageRank;
    const t = end - start;
    tieTerm += t * t * t - t;
    start = end;
  }
  return { ranks, tieTerm };
}
