import type { Side } from '../model.js';
import { createRng } from '../stats/random.js';

export interface PlannedRound {
  /** 1-based for measured rounds; warmup rounds count down to 0 before them (-1, 0). */
  round: number;
  warmup: boolean;
  order: [Side, Side];
}

const BASE_FIRST: [Side, Side] = ['base', 'head'];
const HEAD_FIRST: [Side, Side] = ['head', 'base'];

/**
 * Plans warmup rounds, then measured rounds; each round runs base and head once, back to back.
 * Orders are drawn from a generator seeded with `seed`, balanced in blocks of two rounds (one
 * base-first, one head-first, in random order) so that "who ran first" cannot favour a side
 * even when a cache or the CPU clock makes the second run of a round faster.
 */
export function planRounds(rounds: number, warmup: number, seed: number): PlannedRound[] {
  const rng = createRng(seed);
  const orders = (count: number): [Side, Side][] => {
    const out: [Side, Side][] = [];
    while (out.length < count) out.push(...(rng.next() < 0.5 ? [BASE_FIRST, HEAD_FIRST] : [HEAD_FIRST, BASE_FIRST]));
    return out.slice(0, count);
  };
  const warm = orders(warmup).map((order, i) => ({ round: i - warmup + 1, warmup: true, order }));
  const measured = orders(rounds).map((order, i) => ({ round: i + 1, warmup: false, order }));
  return [...warm, ...measured];
}
