/**
 * `benchgate history` output: a table for people, JSON for tools. Names come from the store
 * (written from benchmark output, which a pull request controls before it lands) and are
 * printed inert.
 */
import { inertForLog } from '../log-text.js';
import { plainText } from '../report/escape.js';
import type { HistoryReport } from './analyse.js';
import { machineLabel, type BenchmarkId } from './series.js';

const short = (sha: string): string => inertForLog(plainText(sha.slice(0, 12)));
const signed = (pct: number): string => `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
const interval = ([lo, hi]: [number, number]): string => `[${signed(lo)}, ${signed(hi)}]`;

function name(id: BenchmarkId): string {
  const size = id.complexityN === undefined ? '' : ` (n=${id.complexityN})`;
  const metric = id.metric === 'time' ? '' : ` ${id.metric}`;
  return inertForLog(plainText(`${id.suite}: ${id.benchmark}${metric}${size}`).replace(/\s+/g, ' '));
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function changePointTable(report: HistoryReport): string {
  if (report.changePoints.length === 0) return '  none';
  const rows = report.changePoints.map((c) => [
    name(c.id),
    c.machine === null ? 'any' : inertForLog(plainText(machineLabel(c.machine))),
    short(c.commit),
    `${signed(c.changePct)} ${c.direction}`,
    interval(c.interval),
    c.p.toPrecision(2),
  ]);
  return table(['benchmark', 'machine', 'commit', 'change', `${c95(report)} interval`, 'p'], rows);
}

function creepTable(report: HistoryReport): string {
  if (report.creep.length === 0) return '  none';
  const rows = report.creep.map((c) => [
    name(c.id),
    `${short(c.from)}..${short(c.to)} (${c.links})`,
    signed(c.changePct),
    interval(c.interval),
    c.contributors
      .slice(0, 5)
      .map((k) => `${short(k.commit)} ${signed(k.changePct)}`)
      .join(', ') + (c.contributors.length > 5 ? `, ${c.contributors.length - 5} more` : ''),
  ]);
  return table(['benchmark', 'commits', 'change', `${Math.round(report.creepOptions.level * 100)}% interval`, 'contributors'], rows);
}

export function renderHistoryText(report: HistoryReport): string {
  const { changePointOptions: cp, creepOptions: creep } = report;
  const out: string[] = [`History of ${inertForLog(plainText(report.branch))}: ${report.records} record(s).`, ''];
  const held =
    cp.significance === 'max-split'
      ? `p <= ${cp.maxP} for the best split of its neighbouring segments (not the plain t-test's p)`
      : `the plain t-test's p <= ${cp.maxP}`;
  out.push(
    `Change points (E-Divisive means on windows of ${cp.windowLength}, as Apache Otava, each held to ${held}; on the medians of one machine class, counts across machines):`,
  );
  out.push(changePointTable(report));
  out.push('', `Creep over the latest links, up to ${creep.links} (chained per-link changes, no link with its own regression verdict):`);
  out.push(creepTable(report));
  if (report.chainHalfWidthPct !== null) {
    out.push(
      '',
      `A chain of k links carries √k times one link's error: here the latest links (up to ${creep.links}) chain to ±${report.chainHalfWidthPct.toFixed(1)}% (median over benchmarks), so creep smaller than that cannot be seen. Counts (measure: instructions) or a quiet runner narrow it.`,
    );
  }
  return `${out.join('\n')}\n`;
}

function c95(report: HistoryReport): string {
  return `${Math.round((report.changePoints[0]?.level ?? 0.95) * 100)}%`;
}

export function renderHistoryJson(report: HistoryReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
