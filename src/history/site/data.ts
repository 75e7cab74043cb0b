/**
 * The trend site's data, from a branch's records: one overview (a row per benchmark series: its
 * largest change point and its creep) and one small file per series (its points and change
 * points), which the page loads on demand. Everything here is data: the page shows every string
 * with textContent, and links only commits whose SHA is hexadecimal.
 */
import { identityKey } from '../../analysis/identity.js';
import { displayNames, type Names, type NamedBenchmark } from '../../report/names.js';
import { bisectCommand } from '../bisect-command.js';
import type { HistoryReport } from '../analyse.js';
import type { CreepFinding } from '../creep.js';
import type { ChangePointFinding } from '../detect.js';
import type { HistoryRecord, MachineClass, RecordedAttribution } from '../record.js';
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
  /** Where the change came from, when the record of its commit has an attribution (version 3 records). */
  attribution: RecordedAttribution | null;
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
  /** The name as recorded (a PR comment's link names it), and as the reports show it (report/names.ts). */
  benchmark: string;
  name: string;
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
  /** The package of each suite whose benchmarks share one: said once, not in every name. */
  packages: { suite: string; pkg: string }[];
  rows: OverviewRow[];
}

export interface SiteSeries {
  id: number;
  suite: string;
  /** As the reports show it (report/names.ts); its package, if it has one, apart. */
  name: string;
  pkg: string | null;
  unit: string;
  machine: string;
  /** One point per record, in commit order: the chart's x is the index. */
  value: number[];
  /** Each point's commit: its place in the site's commits (data/commits.js). */
  at: number[];
  changePoints: SiteChangePoint[];
}

/** The branch's recorded commits, oldest first, once for every series (data/commits.js). */
export interface SiteCommits {
  /** The first 12 hexadecimal digits. */
  commit: string[];
  /** The commit's subject and date (YYYY-MM-DD HH:MM, UTC) where recorded; else null and the record's date. */
  subject: (string | null)[];
  date: string[];
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
    attribution: s.points[indexOf.get(c.commit)!]?.record.attribution ?? null,
  }));
}

/** An ISO 8601 time as YYYY-MM-DD HH:MM in UTC; as given when it is not one. */
const minutes = (iso: string): string => (Number.isNaN(Date.parse(iso)) ? iso : new Date(iso).toISOString().slice(0, 16).replace('T', ' '));

/** Each recorded head once, in record order: what the chart's hover names. */
function siteCommits(records: readonly HistoryRecord[]): { commits: SiteCommits; indexOf: Map<string, number> } {
  const commits: SiteCommits = { commit: [], subject: [], date: [] };
  const indexOf = new Map<string, number>();
  for (const r of records) {
    if (indexOf.has(r.head)) continue;
    indexOf.set(r.head, commits.commit.length);
    commits.commit.push(r.head.slice(0, 12));
    commits.subject.push(r.commit?.subject ?? null);
    commits.date.push(minutes(r.commit?.committedAt ?? r.recordedAt));
  }
  return { commits, indexOf };
}

function siteSeries(
  s: BenchmarkSeries,
  id: number,
  names: Names<NamedBenchmark>,
  commitIndex: ReadonlyMap<string, number>,
  changePoints: SiteChangePoint[],
): SiteSeries {
  return {
    id,
    suite: s.id.suite,
    name: names.short(s.id),
    pkg: names.pkg(s.id) ?? null,
    unit: s.unit,
    machine: machineLabel(s.machine),
    value: s.points.map((p) => chartValue(p.record.headMedian!)),
    at: s.points.map((p) => commitIndex.get(p.head)!),
    changePoints,
  };
}

/** The suites whose benchmarks all share one package, with it: the overview says it once. */
function onePackageSuites(all: readonly BenchmarkSeries[], names: Names<NamedBenchmark>): { suite: string; pkg: string }[] {
  const bySuite = new Map<string, Set<string | undefined>>();
  for (const s of all) bySuite.set(s.id.suite, (bySuite.get(s.id.suite) ?? new Set()).add(names.pkg(s.id)));
  return [...bySuite].flatMap(([suite, pkgs]) => {
    const [pkg] = [...pkgs];
    return pkgs.size === 1 && pkg !== undefined ? [{ suite, pkg }] : [];
  });
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
  names: Names<NamedBenchmark>,
  changePoints: readonly SiteChangePoint[],
  creep: CreepFinding | undefined,
  window: number | undefined,
): OverviewRow {
  return {
    id,
    suite: s.id.suite,
    benchmark: s.id.benchmark,
    name: names.full(s.id),
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
): { overview: SiteOverview; commits: SiteCommits; series: SiteSeries[] } {
  const creepOf = new Map<string, CreepFinding>(report.creep.map((c) => [creepKey(c.id), c]));
  const changePointsOf = changePointsBySeries(report);
  const { commits, indexOf } = siteCommits(records);
  const all = medianSeries(records).filter((s) => s.points.length > 0);
  const names = displayNames(all.map((s) => s.id));
  const series: SiteSeries[] = [];
  const rows: OverviewRow[] = all.map((s, id) => {
    const changePoints = siteChangePoints(s, changePointsOf.get(seriesKey(s.id, s.machine)) ?? []);
    series.push(siteSeries(s, id, names, indexOf, changePoints));
    return overviewRow(s, id, names, changePoints, creepOf.get(creepKey(s.id)), window);
  });
  return {
    overview: {
      branch: report.branch,
      records: report.records,
      commitUrl,
      creepLinks: report.creepOptions.links,
      window: window ?? null,
      packages: onePackageSuites(all, names),
      rows,
    },
    commits,
    series,
  };
}
