/**
 * Change points in a branch's history: E-Divisive (e-divisive.ts) on each benchmark's absolute
 * medians within one machine class, never on chained ratios (a chain is a random walk of link
 * errors, in which E-Divisive finds steps that are not there).
 */
import { studentTQuantile } from '../stats/index.js';
import { changePoints, type ChangePoint, type ChangePointOptions } from './e-divisive.js';
import type { BenchmarkId, BenchmarkSeries } from './series.js';
import type { MachineClass } from './record.js';

export interface ChangePointFinding {
  kind: 'change-point';
  id: BenchmarkId;
  unit: string;
  machine: MachineClass | null;
  /** The first commit of the new level, and the last of the old. */
  commit: string;
  previous: string;
  /** Mean after against mean before, in percent, with its interval at `level` (t, pooled variance). */
  changePct: number;
  interval: [number, number];
  level: number;
  p: number;
  direction: 'regression' | 'improvement';
  meanBefore: number;
  meanAfter: number;
}

/**
 * The change of means in percent of the mean before, with a pooled-variance t interval. The
 * mean before is taken as exact: with tens of points on each side its own error is small
 * beside the difference's.
 */
function changeWithInterval(c: ChangePoint, level: number): { changePct: number; interval: [number, number] } {
  const [n1, n2] = [c.nBefore, c.nAfter];
  const df = n1 + n2 - 2;
  const difference = c.meanAfter - c.meanBefore;
  const pooled = df > 0 ? (n1 * c.sdBefore ** 2 + n2 * c.sdAfter ** 2) / df : 0;
  const half = df > 0 ? studentTQuantile(1 - (1 - level) / 2, df) * Math.sqrt(pooled * (1 / n1 + 1 / n2)) : Infinity;
  const pct = (d: number): number => (100 * d) / c.meanBefore;
  return { changePct: pct(difference), interval: [pct(difference - half), pct(difference + half)] };
}

export function findChangePoints(series: readonly BenchmarkSeries[], options: ChangePointOptions, level = 0.95): ChangePointFinding[] {
  return series.flatMap((s) => {
    const values = s.points.map((p) => p.record.headMedian!);
    return changePoints(values, options).map((c): ChangePointFinding => {
      const { changePct, interval } = changeWithInterval(c, level);
      const worse = s.better === 'lower' ? changePct > 0 : changePct < 0;
      return {
        kind: 'change-point',
        id: s.id,
        unit: s.unit,
        machine: s.machine,
        commit: s.points[c.index]!.head,
        previous: s.points[c.index - 1]!.head,
        changePct,
        interval,
        level,
        p: c.p,
        direction: worse ? 'regression' : 'improvement',
        meanBefore: c.meanBefore,
        meanAfter: c.meanAfter,
      };
    });
  });
}
