/**
 * report.html: one self-contained page (no CDN, no network: a Content-Security-Policy forbids
 * it) with the verdict, a forest plot of every gated comparison, the table (sortable and
 * filterable), and per benchmark a distribution plot of base vs head, a round-order plot and,
 * where a complexity was fitted, the fit; unchanged benchmarks' sections start folded. The
 * page's HTML is rendered here, with every name escaped; the plots, sorting and filtering are
 * the bundled client script's, working from a JSON data island.
 */
import { predict } from '../../diagnostics/complexity.js';
import type {
  Comparison,
  ComparisonResult,
  ComplexityNumbers,
  DriftNumbers,
  JoinedShard,
  NormalityNumbers,
  ResultEnvironment,
  RoundSeries,
  SideFit,
  Verdict,
} from '../../model.js';
import { adaptiveAccount, isSequentiallyTested, pColumnLabel, splitWarnings } from '../adaptive.js';
import { clip, escapeHtml, neutralise } from '../escape.js';
import { namesOf, type Names } from '../names.js';
import { headline, rowOf, rowsBySuite, settingsLine, shortSha, VERDICT_ICON, type Row } from '../rows.js';
import { formatChange, formatPct, scaleFor } from '../units.js';
import { attributionView, icicleData, type IcicleNode } from './attribution.js';
import { CLIENT_SCRIPT } from './client.generated.js';
import { forestData, forestFigure } from './forest.js';
import { STYLES } from './styles.js';

/** Sections with plots beyond this many would make the page slow to open; the table lists all. */
export const MAX_PLOTTED = 200;
const CURVE_POINTS = 40;

export interface PlotData {
  unit: string;
  base: number[];
  head: number[];
  rounds: Record<'base' | 'head', RoundSeries>;
  /** rounds auto: the rounds the design looked after, the one that closed this benchmark, and the run's last. */
  sequential?: { looks: number[]; closedAt: number; lastRound: number };
  complexity?: {
    points: ComplexityNumbers['points'];
    curves: Record<'base' | 'head', [number, number][]>;
    base: string;
    head: string;
  };
  /** A flagged benchmark's call tree, for the differential icicle (attribution.ts). */
  icicle?: IcicleNode;
}

const h = (text: string) => escapeHtml(clip(text));

/** JSON that cannot end its <script> element or be read as markup; its strings' controls neutralised (the client shows them). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? neutralise(v) : v)).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function curve(fit: SideFit, sizes: number[], factor: number): [number, number][] {
  const lo = Math.min(...sizes);
  const hi = Math.max(...sizes);
  const best = fit.fits[0]!;
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const n = lo + ((hi - lo) * i) / (CURVE_POINTS - 1);
    return [n, predict(best, n) / factor] as [number, number];
  });
}

function plotData(c: Comparison, result: ComparisonResult): PlotData {
  const scale = scaleFor(c.unit, c.base?.median ?? c.head?.median ?? 0);
  const scaled = (v: number[]) => v.map((x) => x / scale.factor);
  const rounds = c.diagnostics?.rounds;
  const data: PlotData = {
    unit: scale.unit,
    base: scaled(c.baseSamples),
    head: scaled(c.headSamples),
    rounds: {
      base: { rounds: rounds?.base.rounds ?? [], values: scaled(rounds?.base.values ?? []) },
      head: { rounds: rounds?.head.rounds ?? [], values: scaled(rounds?.head.values ?? []) },
    },
  };
  // Its data ends at closedAt (the analysis trims later rounds); the plot shows the rounds after as unused.
  if (isSequentiallyTested(c) && result.adaptive) {
    data.sequential = { looks: result.adaptive.looks, closedAt: c.sequential!.closedAt, lastRound: result.rounds.completed };
  }
  const icicle = icicleData(c);
  if (icicle) data.icicle = icicle;
  const complexity = c.diagnostics?.complexity;
  // One complexity plot per family, in the section of its largest n.
  if (complexity && c.diagnostics?.complexityN === complexity.points.base.at(-1)![0]) {
    const sizes = complexity.points.base.map(([n]) => n);
    const points = (side: 'base' | 'head') => complexity.points[side].map(([n, v]) => [n, v / scale.factor] as [number, number]);
    data.complexity = {
      points: { base: points('base'), head: points('head') },
      curves: { base: curve(complexity.base, sizes, scale.factor), head: curve(complexity.head, sizes, scale.factor) },
      base: complexity.base.best,
      head: complexity.head.best,
    };
  }
  return data;
}

const fmtP = (p: number | null | undefined) => (p === null || p === undefined ? '–' : p < 0.0001 ? '<0.0001' : p.toPrecision(2));

/** The diagnostics' key numbers in one line each; results.json has all of them. */
function numbersList(c: Comparison): string {
  const d = c.diagnostics ?? {};
  const items: string[] = [];
  const normality = d.normality;
  if (normality) {
    const side = (s: NormalityNumbers['base']) => (s.w === null ? 'n/a' : `W ${s.w.toFixed(3)}, p ${fmtP(s.p)}`);
    let line = `Shapiro-Wilk: base ${side(normality.base)}; head ${side(normality.head)}; shape <b>${h(normality.tag ?? 'n/a')}</b>`;
    if (normality.welch)
      line += `; Welch t ${normality.welch.t.toFixed(2)}, df ${normality.welch.df.toFixed(1)}, p ${fmtP(normality.welch.p)}`;
    items.push(line);
  }
  const percentiles = d.percentiles;
  if (percentiles) {
    const p = percentiles.changePct;
    items.push(
      `Change by percentile: min ${h(formatPct(p.min))}, median ${h(formatPct(p.median))}, p90 ${h(formatPct(p.p90))}, p99 ${h(formatPct(p.p99))}, max ${h(formatPct(p.max))}`,
    );
  }
  const drift = d.drift;
  if (drift) {
    const side = (s: DriftNumbers['base']) =>
      s === null ? 'n/a' : `tau ${s.tau.toFixed(2)}, p ${fmtP(s.p)}, ${s.totalPct >= 0 ? '+' : ''}${s.totalPct.toFixed(1)}% over the run`;
    items.push(
      `Drift (Mann-Kendall): base ${side(drift.base)}; head ${side(drift.head)}; head/base ${drift.difference ? `p ${fmtP(drift.difference.p)}` : 'n/a'}`,
    );
  }
  const complexity = d.complexity;
  if (complexity) {
    const side = (s: SideFit) => `${h(s.best)} (c ${s.fits[0]!.constant.toPrecision(3)}, nRMSE ${s.fits[0]!.nrmse.toFixed(3)})`;
    items.push(`Complexity of ${h(complexity.family)}: base ${side(complexity.base)}; head ${side(complexity.head)}`);
  }
  return items.length === 0 ? '' : `<ul class="numbers">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

function warningsList(warnings: { message: string }[]): string {
  // Messages are longer than names; clip only what a hostile name could blow up.
  return warnings.length === 0
    ? ''
    : `<ul class="warnings">${warnings.map((w) => `<li>⚠️ ${escapeHtml(clip(w.message, 2000))}</li>`).join('')}</ul>`;
}

/** What the round plot's rules and shading mean in rounds auto. */
function sequentialCaption(s: PlotData['sequential']): string {
  if (!s) return '';
  const later = s.lastRound > s.closedAt ? `; rounds ${s.closedAt + 1}–${s.lastRound} ran for other benchmarks and are not used here` : '';
  return `; dashed lines: the looks; solid line: the look that closed it (round ${s.closedAt})${later}`;
}

/** Too noisy for the threshold: a box of its own at the top, with the benchmarks it names. */
function noisyAlert(result: ComparisonResult): string {
  const { noisy } = splitWarnings(result.warnings);
  if (noisy.length === 0) return '';
  const names = adaptiveAccount(result)?.unreachable ?? [];
  const list =
    names.length === 0
      ? ''
      : `<p>Too noisy at the first look: ${names
          .slice(0, 50)
          .map((n) => `<code>${h(n)}</code>`)
          .join(', ')}${names.length > 50 ? ` and ${names.length - 50} more` : ''}</p>`;
  return `<div class="alert" role="alert">${noisy.map((w) => `<p><b>⚠️ Too noisy for the threshold:</b> ${escapeHtml(clip(w.message, 2000))}</p>`).join('')}${list}</div>`;
}

/** rounds auto: how it stopped, the looks, the filter's saving, and the filter's fallbacks. */
function adaptiveParagraph(result: ComparisonResult): string {
  const account = adaptiveAccount(result);
  if (!account) return '';
  const notes =
    account.notes.length === 0
      ? ''
      : `<ul class="warnings">${account.notes.map((n) => `<li>filter: ${escapeHtml(clip(n, 2000))}</li>`).join('')}</ul>`;
  return `<p class="adaptive">${escapeHtml(account.sentences.join(' '))}</p>${notes}`;
}

function tagOf(c: Comparison): string {
  return c.diagnostics?.normality?.tag ?? '';
}

/** A cell with the value the client sorts by (a number where the text is formatted). */
function cell(text: string, sortKey?: number | null, className?: string): string {
  const key = sortKey === undefined ? '' : ` data-sort="${sortKey === null || !Number.isFinite(sortKey) ? '' : sortKey}"`;
  return `<td${className ? ` class="${className}"` : ''}${key}>${text}</td>`;
}

const columns = (pLabel: string): [label: string, kind: 'text' | 'number'][] => [
  ['benchmark', 'text'],
  ['base', 'number'],
  ['head', 'number'],
  ['change (95% CI)', 'number'],
  [pLabel, 'number'],
  ['verdict', 'number'],
  ['shape', 'text'],
  ['notes', 'number'],
];

/** Filter box, verdict choice and row count above the table; the client makes them work. */
function tableControls(result: ComparisonResult): string {
  const verdicts = (Object.keys(VERDICT_ICON) as Verdict[]).filter((v) => result.counts[v] > 0);
  const options = verdicts.map((v) => `<option value="${v}">${VERDICT_ICON[v]} ${v} (${Number(result.counts[v])})</option>`).join('');
  return `<div class="table-controls"><input type="search" id="table-filter" placeholder="filter by benchmark, package or suite" aria-label="filter the table by benchmark, package or suite"><select id="table-verdict" aria-label="show one verdict"><option value="">every verdict</option>${options}</select><output id="table-count" aria-live="polite"></output></div>`;
}

/** "suite · pkg: example.com/x", the heading of a group of rows (as the terminal shows it). */
function groupHeading(suite: string, pkg: string | undefined, process: boolean): string {
  return `${h(suite)}${pkg === undefined ? '' : ` · pkg: <code>${h(pkg)}</code>`}${process ? ' · process cost' : ''}`;
}

/**
 * The results table: one <tbody> per suite and package, headed by a row that names them once,
 * so each row shows the short name. The client sorts and filters within each group.
 */
function table(result: ComparisonResult, anchors: Map<Comparison, string>): string {
  const names = namesOf(result);
  const order = new Map(result.comparisons.map((c, i) => [c, i]));
  const width = columns('').length;
  const row = (r: Row) => {
    const c = r.comparison;
    const anchor = anchors.get(c);
    const name = anchor ? `<a href="#${anchor}">${h(r.name)}</a>` : h(r.name);
    return (
      `<tr class="${h(r.verdict)}" data-verdict="${h(r.verdict)}">` +
      cell(name, undefined, 'name') +
      cell(h(r.base), c.base?.median) +
      cell(h(r.head), c.head?.median) +
      cell(h(r.change), c.changePct) +
      cell(h(r.p), c.p) +
      // The verdict column sorts back into the report's own order (failed, regressions, ... by size).
      cell(`${VERDICT_ICON[r.verdict]}&nbsp;${h(r.verdictText)}`, order.get(c)) +
      cell(h(tagOf(c))) +
      cell(String(c.warnings.length || ''), c.warnings.length) +
      '</tr>'
    );
  };
  const groups = (process: boolean) =>
    rowsBySuite(result, names, process).map(
      ({ suite, pkg, rows }) =>
        `<tbody><tr class="group"><th colspan="${width}" scope="rowgroup">${groupHeading(suite, pkg, process)}</th></tr>${rows.map(row).join('')}</tbody>`,
    );
  const head = columns(pColumnLabel(result))
    .map(([label, kind]) => `<th data-sort-type="${kind}"><button type="button">${h(label)}</button></th>`)
    .join('');
  return `${tableControls(result)}<table id="results"><thead><tr>${head}</tr></thead>${[...groups(false), ...groups(true)].join('')}</table>`;
}

/** A joined run's shards: each one's machine and how many benchmarks it measured. */
function shardRows(shards: readonly JoinedShard[]): [string, string][] {
  return shards.map((s) => {
    const e = s.environment;
    return [`shard ${s.index}/${s.total}`, `${s.benchmarks.length} benchmarks · ${e.cpuModel ?? '?'} × ${e.cpuCount ?? '?'} · ${e.os}`];
  });
}

function environmentTable(env: ResultEnvironment, shards: readonly JoinedShard[] = []): string {
  const stability = env.stability;
  const virt = env.virtualization;
  const rows: [string, string][] = [
    ['CPU', `${env.cpuModel ?? '?'} × ${env.cpuCount ?? '?'}`],
    [
      'governor / turbo',
      `${env.governor ?? 'not readable'} / ${env.turbo === null || env.turbo === undefined ? 'not readable' : env.turbo ? 'on' : 'off'}`,
    ],
    [
      'virtualisation',
      `${virt?.hypervisor ? 'hypervisor' : virt?.hypervisor === false ? 'none seen' : 'unknown'}${virt?.vendor ? ` (${virt.vendor})` : ''}${env.container ? `, container: ${env.container}` : ''}`,
    ],
    [
      'load average (runs)',
      stability.loadAvg1 ? `median ${stability.loadAvg1.median.toFixed(2)}, max ${stability.loadAvg1.max.toFixed(2)}` : 'not recorded',
    ],
    [
      'CPU steal (runs)',
      stability.stealFraction
        ? `median ${(stability.stealFraction.median * 100).toFixed(2)}%, max ${(stability.stealFraction.max * 100).toFixed(2)}%`
        : 'not recorded',
    ],
    ...shardRows(shards),
  ];
  return `<table class="env"><tbody>${rows.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(String(v))}</td></tr>`).join('')}</tbody></table>`;
}

/** One plotted benchmark: its headline, warnings and numbers, and the figures the client draws into. */
function benchmarkSection(c: Comparison, i: number, plot: PlotData, names: Names): string {
  const r = rowOf(c, names, true);
  const roundsCaption = `value per round (drift shows as a slope)${sequentialCaption(plot.sequential)}`;
  const figures = [
    `<figure data-plot="distribution" data-index="${i}"><figcaption>distribution of samples</figcaption></figure>`,
    `<figure data-plot="rounds" data-index="${i}"><figcaption>${roundsCaption}</figcaption></figure>`,
    plot.complexity ? `<figure data-plot="complexity" data-index="${i}"><figcaption>complexity fit</figcaption></figure>` : '',
  ].join('');
  // Unchanged benchmarks start folded; the client draws a section's plots when it opens.
  const open = r.verdict === 'unchanged' ? '' : ' open';
  return `<details id="b${i}" class="${h(r.verdict)}"${open}><summary><h3>${VERDICT_ICON[r.verdict]} ${h(r.name)} <small>${h(r.suite)}${r.pkg === undefined ? '' : ` · ${h(r.pkg)}`}</small></h3> <span class="change">${h(formatChange(c.changePct, c.changeCi))} · ${h(r.verdictText)}</span></summary>${warningsList(c.warnings)}${numbersList(c)}<div class="figures">${figures}</div>${attributionView(c, i)}</details>`;
}

export function renderHtml(result: ComparisonResult): string {
  const plotted = result.comparisons.filter((c) => c.base && c.head).slice(0, MAX_PLOTTED);
  const anchors = new Map(plotted.map((c, i) => [c, `b${i}`]));
  const plots = plotted.map((c) => plotData(c, result));
  const names = namesOf(result);
  const sections = plotted.map((c, i) => benchmarkSection(c, i, plots[i]!, names));
  const forest = forestData(result, anchors);
  const left = result.comparisons.filter((c) => c.base && c.head).length - plotted.length;
  const title = headline(result);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title><style>${STYLES}</style></head><body>
<h1 class="${h(result.verdict)}">${h(title)}</h1>
<p>base <code>${h(result.base.ref)}</code> (${h(shortSha(result.base.sha))}) → head <code>${h(result.head.ref)}</code> (${h(shortSha(result.head.sha))}) · ${h(settingsLine(result))}</p>
${noisyAlert(result)}
${result.geomean ? `<p>Geometric mean of time ratios: <b>${h(formatChange(result.geomean.changePct, result.geomean.ci))}</b> over ${h(String(result.geomean.benchmarks))} benchmarks.</p>` : ''}
${adaptiveParagraph(result)}
${warningsList([...result.failures.runs.map((f) => ({ message: `${f.side} run in round ${f.round} failed: ${f.error}` })), ...splitWarnings(result.warnings).other])}
${forestFigure(forest)}
<h2>Results</h2>${table(result, anchors)}
<h2>Environment</h2>${environmentTable(result.environment, result.shards)}
<h2>Benchmarks</h2>${result.counts.unchanged > 0 ? '<p class="hint">Unchanged benchmarks are folded: open one to draw its plots.</p>' : ''}${sections.join('\n')}
${left > 0 ? `<p>${left} more benchmarks are not plotted to keep this page fast; results.json has every number.</p>` : ''}
<footer>benchgate ${h(result.tool.version)} · plots by Observable Plot, bundled into this file</footer>
<script type="application/json" id="benchgate-data">${scriptJson({ plots, forest })}</script>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
}
