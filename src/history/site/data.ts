/**
 * The trend site's data, from a branch's records: one overview (a row per benchmark series: its
 * largest change point and its creep) and one small file per series (its points and change
 * points), which the page loads on demand. Everything here is data: the page shows every string
 * with textContent, and links only commits whose SHA is hexadecimal.
 */
import { identityKey } from '../../analysis/identity.js';
import { bisectCommand } from '../bisect-command.js';
import type { HistoryReport } from '../analyse.js';
import type { CreepFinding } from '../creep.js';
import type { ChangePointFinding } from '../detect.js';
import type { HistoryRecord, MachineClass } from '../record.js';
import { machineLabel, medianSeries, type BenchmarkId, type BenchmarkSeries } from '../series.js';

export interface SiteChangePoint {
  /** The point's index in its series: the first of the new level. */
  index: number;
  commit: string;
  previous: string;
  changePct: number;
  interval: [number, number];
  direction: 'regression' | 'improvement';
  p: number;
  /** The `benchgate bisect` command for the range previous..commit. */
  bisect: string;
}

export interface SiteCreep {
  changePct: number;
  interval: [number, number];
  links: number;
  from: string;
  to: string;
}

export interface OverviewRow {
  /** The series' number: its file is data/series/N.js. */
  id: number;
  suite: string;
  benchmark: string;
  metric: string;
  unit: string;
  better: 'lower' | 'higher';
  machine: string;
  points: number;
  last: number | null;
  /** The largest change point, by size, within the overview's window. */
  change: SiteChangePoint | null;
  changePoints: number;
  creep: SiteCreep | null;
}

export interface SiteOverview {
  branch: string;
  records: number;
  /** Where a commit is shown: this prefix and the SHA (GitHub's …/commit/, GitLab's …/-/commit/); null: SHAs only. */
  commitUrl: string | null;
  creepLinks: number;
  /** The overview's change window in commits per series (--window); null: every commit. */
  window: number | null;
  rows: OverviewRow[];
}

export interface SiteSeries {
  id: number;
  name: string;
  unit: string;
  machine: string;
  /** Seconds since the epoch: when each point was recorded. */
  time: number[];
  value: number[];
  /** Each point's commit, its first 12 hexadecimal digits (the chart's legend shows it). */
  commit: string[];
  changePoints: SiteChangePoint[];
}

/** A glob matching exactly this name: picomatch reads a backslash as an escape. */
export function literalGlob(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@|]/g, (c) => `\\${c}`);
}

/** Six significant digits: all a chart can show, and a third of the file of full doubles. */
export const chartValue = (v: number): number => Number(v.toPrecision(6));

const creepKey = (id: BenchmarkId): string => identityKey(id);
const seriesKey = (id: BenchmarkId, m: MachineClass | null): string =>
  JSON.stringify([identityKey(id), m?.cpuModel ?? null, m?.cpuCount ?? null, m === null]);

/** The report's change points, by series: found once, by analyseHistory. */
function changePointsBySeries(report: HistoryReport): Map<string, ChangePointFinding[]> {
  const changePointsOf = new Map<string, ChangePointFinding[]>();
  for (const c of report.changePoints) {
    const key = seriesKey(c.id, c.machine);
    changePointsOf.set(key, [...(changePointsOf.get(key) ?? []), c]);
  }
  return changePointsOf;
}

/** A series' change points, each placed at its index in the series, with its bisect command. */
function siteChangePoints(s: BenchmarkSeries, found: readonly ChangePointFinding[]): SiteChangePoint[] {
  const indexOf = new Map(s.points.map((p, i) => [p.head, i]));
  return found.map((c): SiteChangePoint => ({
    index: indexOf.get(c.commit)!,
    commit: c.commit,
    previous: c.previous,
    changePct: c.changePct,
    interval: c.interval,
    direction: c.direction,
    p: c.p,
    bisect: bisectCommand(c.previous, c.commit, literalGlob(s.id.benchmark)),
  }));
}

function seriesName(id: BenchmarkId): string {
  return `${id.suite}: ${id.benchmark}${id.metric === 'time' ? '' : ` ${id.metric}`}${id.complexityN === undefined ? '' : ` (n=${id.complexityN})`}`;
}

function siteSeries(s: BenchmarkSeries, id: number, recordedAt: ReadonlyMap<string, number>, changePoints: SiteChangePoint[]): SiteSeries {
  return {
    id,
    name: seriesName(s.id),
    unit: s.unit,
    machine: machineLabel(s.machine),
    time: s.points.map((p, i) => recordedAt.get(p.head) || i),
    value: s.points.map((p) => chartValue(p.record.headMedian!)),
    commit: s.points.map((p) => p.head.slice(0, 12)),
    changePoints,
  };
}

/** The largest within the window: the last `window` commits of this series (all without one). */
function largestInWindow(changePoints: readonly SiteChangePoint[], points: number, window: number | undefined): SiteChangePoint | null {
  return changePoints
    .filter((c) => window === undefined || c.index >= points - window)
    .reduce<SiteChangePoint | null>((a, c) => (a === null || Math.abs(c.changePct) > Math.abs(a.changePct) ? c : a), null);
}

function overviewRow(
  s: BenchmarkSeries,
  id: number,
  changePoints: readonly SiteChangePoint[],
  creep: CreepFinding | undefined,
  window: number | undefined,
): OverviewRow {
  return {
    id,
    suite: s.id.suite,
    benchmark: s.id.benchmark,
    metric: s.id.metric,
    unit: s.unit,
    better: s.better,
    machine: machineLabel(s.machine),
    points: s.points.length,
    last: s.points.at(-1)?.record.headMedian ?? null,
    change: largestInWindow(changePoints, s.points.length, window),
    changePoints: changePoints.length,
    creep:
      creep === undefined
        ? null
        : { changePct: creep.changePct, interval: creep.interval, links: creep.links, from: creep.from, to: creep.to },
  };
}

export function siteData(
  records: readonly HistoryRecord[],
  report: HistoryReport,
  commitUrl: string | null,
  window?: number,
): { overview: SiteOverview; series: SiteSeries[] } {
  const creepOf = new Map<string, CreepFinding>(report.creep.map((c) => [creepKey(c.id), c]));
  const changePointsOf = changePointsBySeries(report);
  const recordedAt = new Map(records.map((r) => [r.head, Date.parse(r.recordedAt) / 1000]));
  const all = medianSeries(records).filter((s) => s.points.length > 0);
  const series: SiteSeries[] = [];
  const rows: OverviewRow[] = all.map((s, id) => {
    const changePoints = siteChangePoints(s, changePointsOf.get(seriesKey(s.id, s.machine)) ?? []);
    series.push(siteSeries(s, id, recordedAt, changePoints));
    return overviewRow(s, id, changePoints, creepOf.get(creepKey(s.id)), window);
  });
  return {
    overview: {
      branch: report.branch,
      records: report.records,
      commitUrl,
      creepLinks: report.creepOptions.links,
      window: window ?? null,
      rows,
    },
    series,
  };
}
