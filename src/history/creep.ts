/**
 * Slow creep: changes each too small for its own link's verdict that add up. Over the last N
 * links of a benchmark, the per-link changes are chained on the log scale; each link's standard
 * error comes from its own interval, so the chain's error is the root sum of squares: √k times
 * one link's for k similar links. On a noisy runner (CV 11-16% per run) 40 links carry ±60% or
 * more, so creep is visible only with counts or on quiet machines; every finding says how wide
 * its interval is.
 */
import { normalQuantile } from '../stats/index.js';
import type { BenchmarkId, BenchmarkSeries } from './series.js';

export interface CreepOptions {
  /** How many of the latest links to chain. */
  links: number;
  /** The confidence level of the cumulative interval. */
  level: number;
}

export const CREEP_DEFAULTS: CreepOptions = { links: 40, level: 0.95 };

export interface Contribution {
  commit: string;
  changePct: number;
}

export interface CreepFinding {
  kind: 'creep';
  id: BenchmarkId;
  /** The links chained, from the base of the first to the head of the last. */
  links: number;
  from: string;
  to: string;
  changePct: number;
  interval: [number, number];
  level: number;
  thresholdPct: number;
  /** The links that moved the wrong way, largest first. */
  contributors: Contribution[];
}

const toLog = (pct: number): number => Math.log1p(pct / 100);
const toPct = (log: number): number => 100 * Math.expm1(log);

/** The cumulative change of the latest `links` links with its interval, or null with fewer than 2. */
export function chain(
  series: BenchmarkSeries,
  options: CreepOptions,
): { changePct: number; interval: [number, number]; links: number } | null {
  const window = series.points.slice(-options.links);
  if (window.length < 2) return null;
  let sum = 0;
  let variance = 0;
  for (const p of window) {
    const [lo, hi] = p.record.interval!;
    const z = normalQuantile(1 - (1 - p.level) / 2);
    sum += toLog(p.record.changePct!);
    variance += ((toLog(hi) - toLog(lo)) / (2 * z)) ** 2;
  }
  const half = normalQuantile(1 - (1 - options.level) / 2) * Math.sqrt(variance);
  return { changePct: toPct(sum), interval: [toPct(sum - half), toPct(sum + half)], links: window.length };
}

/**
 * Creep where the chain moved the wrong way beyond the threshold, its interval excludes no
 * change, and no link in it had its own regression verdict (that one is the gate's to report).
 */
export function findCreep(series: readonly BenchmarkSeries[], options: CreepOptions = CREEP_DEFAULTS): CreepFinding[] {
  return series.flatMap((s) => {
    const c = chain(s, options);
    if (c === null) return [];
    const window = s.points.slice(-c.links);
    const sign = s.better === 'lower' ? 1 : -1;
    const thresholdPct = window.at(-1)!.record.thresholdPct;
    const beyond = sign * c.changePct > thresholdPct;
    const excludesZero = Math.min(sign * c.interval[0], sign * c.interval[1]) > 0;
    if (!beyond || !excludesZero || window.some((p) => p.record.verdict === 'regression')) return [];
    const contributors = window
      .filter((p) => sign * p.record.changePct! > 0)
      .map((p) => ({ commit: p.head, changePct: p.record.changePct! }))
      .sort((a, b) => sign * (b.changePct - a.changePct));
    return [
      {
        kind: 'creep' as const,
        id: s.id,
        links: c.links,
        from: window[0]!.base,
        to: window.at(-1)!.head,
        changePct: c.changePct,
        interval: c.interval,
        level: options.level,
        thresholdPct,
        contributors,
      },
    ];
  });
}
