/**
 * Change points on simulated main-branch histories (docs/history.md, "Change points"): flat
 * series for false points and series with planted steps of one size for recall, each read by
 * benchgate's rule and by Otava's (the plain t-test's p), from the same split step.
 */
import { CHANGE_POINT_DEFAULTS, changePoints, OTAVA_RULE, type ChangePointOptions } from '../../src/history/e-divisive.js';
import { createRng, type Rng } from '../../src/stats/index.js';

export const LENGTH = 500;
export const CV = 0.0266;
/** A detection within this many commits of a planted step finds it. */
export const TOLERANCE = 3;

export const RULES = { benchgate: CHANGE_POINT_DEFAULTS, otava: OTAVA_RULE } satisfies Record<string, ChangePointOptions>;
export type Rule = keyof typeof RULES;

/** A level of 100 with normal noise at CV 2.66%, times the planted steps from their index on. */
function series(rng: Rng, steps: readonly { index: number; pct: number }[]): number[] {
  let level = 100;
  return Array.from({ length: LENGTH }, (_, i) => {
    for (const s of steps) if (s.index === i) level *= 1 + s.pct / 100;
    return level * (1 + CV * rng.normal());
  });
}

/** 3 to 6 steps of ±`size`%, at least 30 commits apart and 20 from the ends (as otava-reference.py plants them). */
function plantedSteps(rng: Rng, size: number): { index: number; pct: number }[] {
  const want = 3 + rng.int(4);
  const steps: { index: number; pct: number }[] = [];
  while (steps.length < want) {
    const index = 20 + rng.int(LENGTH - 40);
    if (steps.every((s) => Math.abs(s.index - index) >= 30)) steps.push({ index, pct: rng.next() < 0.5 ? -size : size });
  }
  return steps.sort((a, b) => a.index - b.index);
}

export interface FlatOutcome {
  series: number;
  /** Series with at least one change point, per rule. */
  withPoint: Record<Rule, number>;
  /** Milliseconds per series of benchgate's rule alone. */
  msPerSeries: number;
}

export function flatSeries(count: number, seed: number): FlatOutcome {
  const rng = createRng(seed);
  const withPoint = { benchgate: 0, otava: 0 };
  let elapsed = 0;
  for (let s = 0; s < count; s++) {
    const x = series(rng, []);
    const started = performance.now();
    if (changePoints(x, RULES.benchgate).length > 0) withPoint.benchgate++;
    elapsed += performance.now() - started;
    if (changePoints(x, RULES.otava).length > 0) withPoint.otava++;
  }
  return { series: count, withPoint, msPerSeries: elapsed / count };
}

export interface StepOutcome {
  size: number;
  series: number;
  planted: number;
  /** Planted steps found within TOLERANCE commits, per rule. */
  found: Record<Rule, number>;
  /** Points not within TOLERANCE of a planted step, per rule. */
  extra: Record<Rule, number>;
}

export function steppedSeries(size: number, count: number, seed: number): StepOutcome {
  const rng = createRng(seed);
  const out: StepOutcome = { size, series: count, planted: 0, found: { benchgate: 0, otava: 0 }, extra: { benchgate: 0, otava: 0 } };
  for (let s = 0; s < count; s++) {
    const planted = plantedSteps(rng, size);
    const x = series(rng, planted);
    const steps = planted.map((p) => p.index);
    out.planted += steps.length;
    for (const rule of Object.keys(RULES) as Rule[]) {
      const found = changePoints(x, RULES[rule]).map((c) => c.index);
      const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;
      out.found[rule] += steps.filter((p) => found.some((f) => near(f, p))).length;
      out.extra[rule] += found.filter((f) => !steps.some((p) => near(f, p))).length;
    }
  }
  return out;
}
