/**
 * Per-function counts per op from profile lines (decision 8): in each repetition on each side,
 * (large − small) / (work difference), as src/counts/per-op.ts does for the whole benchmark. A
 * function absent from a repetition's profile (its count did not move with the work, or it was
 * beyond the bound and summed in `rest`) counts 0 there.
 */
import type { BenchmarkProfile, Side } from '../model.js';

/**
 * A per-op count or Δ below this is 0: the means of integer counts over a work difference leave
 * float residue (~1e-12), and one instruction per hundred ops is below what any report prints.
 * Profiles leave such a function in `rest` (src/counts/profile.ts); attribution keeps no Δ below it.
 */
export const ZERO_PER_OP = 0.01;

export interface FunctionSeries {
  file: string;
  name: string;
  /** Per op in each repetition of the side, in round order. */
  base: number[];
  head: number[];
}

export interface PerOpSeries {
  functions: FunctionSeries[];
  /** Unnamed code (`???`) per op, per repetition. */
  unnamed: Record<Side, number[]>;
  /** Profiles (repetitions) per side. */
  repetitions: Record<Side, number>;
}

const zeros = (n: number) => new Array<number>(n).fill(0);

/** Every function of `profiles` (one benchmark, one tool), per op in every repetition of each side. */
export function perOpSeries(profiles: readonly BenchmarkProfile[]): PerOpSeries {
  const sides = {
    base: profiles.filter((p) => p.side === 'base').sort((a, b) => a.round - b.round),
    head: profiles.filter((p) => p.side === 'head').sort((a, b) => a.round - b.round),
  };
  const byKey = new Map<string, FunctionSeries>();
  for (const side of ['base', 'head'] as const) {
    sides[side].forEach((p, i) => {
      const work = p.works[1] - p.works[0];
      for (const [file, name, small, large] of p.functions) {
        // A file index beyond `files` (a log is anyone's) names no file.
        const path = p.files[file] ?? '???';
        const key = JSON.stringify([path, name]);
        let s = byKey.get(key);
        if (!s) byKey.set(key, (s = { file: path, name, base: zeros(sides.base.length), head: zeros(sides.head.length) }));
        s[side][i] = s[side][i]! + (large - small) / work;
      }
    });
  }
  const unnamed = (side: Side) => sides[side].map((p) => (p.unnamed[1] - p.unnamed[0]) / (p.works[1] - p.works[0]));
  return {
    functions: [...byKey.values()],
    unnamed: { base: unnamed('base'), head: unnamed('head') },
    repetitions: { base: sides.base.length, head: sides.head.length },
  };
}

/**
 * A profile's whole per-op count: every function's (large − small), `rest` and `unnamed`, over the
 * work difference. A function left out of the profile had the same count at both works: 0 per op.
 * Attribution passes after a timed verdict have no count runs, so this is their total.
 */
export function profilePerOp(p: BenchmarkProfile): number {
  let moved = p.rest[1] - p.rest[0] + (p.unnamed[1] - p.unnamed[0]);
  for (const [, , small, large] of p.functions) moved += large - small;
  return moved / (p.works[1] - p.works[0]);
}
