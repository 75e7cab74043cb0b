/**
 * One pass over the runs: every measurement goes to its benchmark's group (analysis/identity.ts),
 * with the samples the statistics test, the per-run series drift and plots read, every raw
 * value (for the clock-resolution check), and the runs where it failed.
 */
import type { AnalysisSettings, Better, MetricRole, RoundSeries, Run, Side } from '../model.js';
import { median } from '../stats/index.js';
import { identityKey, type Identity } from './identity.js';

export interface SideFailures {
  runs: number;
  /** Why the first failed run failed ("round 3: panic"). */
  first: string | null;
}

export interface Group extends Identity {
  unit: string;
  better: Better;
  /** The metric's role as its parser set it (absent: primary), for analysis/gating.ts. */
  role?: MetricRole;
  /** Counts the machine's noise cannot move (Measurement.deterministic). */
  deterministic?: boolean;
  /** What the test compares: one value per run (its median), or every iteration when pooled. */
  samples: Record<Side, number[]>;
  /** One value per run (its median, the unit of replication) in round order. */
  series: Record<Side, RoundSeries>;
  /** Every value the harness printed, all iterations of all runs. */
  raw: Record<Side, number[]>;
  failures: Record<Side, SideFailures>;
}

const bySide = <T>(make: () => T): Record<Side, T> => ({ base: make(), head: make() });

function newGroup(run: Run, m: Run['measurements'][number]): Group {
  return {
    suite: run.suite,
    benchmark: m.benchmark,
    metric: m.metric,
    ...(m.complexityN !== undefined && { complexityN: m.complexityN }),
    unit: m.unit,
    better: m.better,
    ...(m.role !== undefined && { role: m.role }),
    ...(m.deterministic && { deterministic: true }),
    samples: bySide(() => []),
    series: bySide(() => ({ rounds: [], values: [] })),
    raw: bySide(() => []),
    failures: bySide(() => ({ runs: 0, first: null })),
  };
}

/** Appends without spreading: a pooled side can hold more values than a call has arguments. */
function append(to: number[], values: readonly number[]): void {
  for (const v of values) to.push(v);
}

/**
 * Groups in order of first appearance; values in round order (then the order within a round).
 * `format` names the harness whose names are normalised into one identity (analysis/identity.ts).
 */
export function groupRuns(runs: readonly Run[], sampling: AnalysisSettings['sampling'], format: string): Group[] {
  const groups = new Map<string, Group>();
  const ordered = [...runs].sort((a, b) => a.round - b.round || a.position - b.position);
  for (const run of ordered) {
    for (const m of run.measurements) {
      const key = identityKey({ suite: run.suite, benchmark: m.benchmark, metric: m.metric, complexityN: m.complexityN }, format);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = newGroup(run, m)));
      const side = run.side;
      if (m.failed !== undefined || m.values.length === 0) {
        const f = g.failures[side];
        f.runs++;
        f.first ??= `round ${run.round}: ${m.failed ?? 'no values'}`;
        continue;
      }
      const centre = median(m.values);
      g.series[side].rounds.push(run.round);
      g.series[side].values.push(centre);
      append(g.raw[side], m.values);
      if (sampling === 'pooled') append(g.samples[side], m.values);
      else g.samples[side].push(centre);
    }
  }
  return [...groups.values()];
}
