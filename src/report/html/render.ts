/**
 * report.html: one self-contained page (no CDN, no network: a Content-Security-Policy forbids
 * it) with the verdict, the table, and per benchmark a distribution plot of base vs head, a
 * round-order plot and, where a complexity was fitted, the fit. The page's HTML is rendered
 * here, with every name escaped; the plots are drawn in the browser by the bundled client
 * script from a JSON data island.
 */
import { predict, type SideFit } from '../../diagnostics/complexity.js';
import type { ComplexityNumbers } from '../../diagnostics/index.js';
import type { NormalityNumbers } from '../../diagnostics/normality.js';
import type { PercentileNumbers } from '../../diagnostics/percentiles.js';
import type { DriftNumbers } from '../../diagnostics/drift.js';
import type { RoundSeries } from '../../diagnostics/types.js';
import type { Comparison, ComparisonResult } from '../../model.js';
import { clip, escapeHtml } from '../escape.js';
import { headline, rowOf, settingsLine, shortSha, VERDICT_ICON } from '../rows.js';
import { formatChange, formatPct, scaleFor } from '../units.js';
import { CLIENT_SCRIPT } from './client.generated.js';
import { STYLES } from './styles.js';

/** Sections with plots beyond this many would make the page slow to open; the table lists all. */
export const MAX_PLOTTED = 200;
const CURVE_POINTS = 40;

export interface PlotData {
  unit: string;
  base: number[];
  head: number[];
  rounds: Record<'base' | 'head', RoundSeries>;
  complexity?: {
    points: ComplexityNumbers['points'];
    curves: Record<'base' | 'head', [number, number][]>;
    base: string;
    head: string;
  };
}

const h = (text: string) => escapeHtml(clip(text));

/** JSON that cannot end its <script> element or be read as markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
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

function plotData(c: Comparison): PlotData {
  const scale = scaleFor(c.unit, c.base?.median ?? c.head?.median ?? 0);
  const scaled = (v: number[]) => v.map((x) => x / scale.factor);
  const rounds = c.diagnostics?.rounds as Record<'base' | 'head', RoundSeries> | undefined;
  const data: PlotData = {
    unit: scale.unit,
    base: scaled(c.baseSamples),
    head: scaled(c.headSamples),
    rounds: {
      base: { rounds: rounds?.base.rounds ?? [], values: scaled(rounds?.base.values ?? []) },
      head: { rounds: rounds?.head.rounds ?? [], values: scaled(rounds?.head.values ?? []) },
    },
  };
  const complexity = c.diagnostics?.complexity as ComplexityNumbers | undefined;
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
  const normality = d.normality as NormalityNumbers | undefined;
  if (normality) {
    const side = (s: NormalityNumbers['base']) => (s.w === null ? 'n/a' : `W ${s.w.toFixed(3)}, p ${fmtP(s.p)}`);
    let line = `Shapiro-Wilk: base ${side(normality.base)}; head ${side(normality.head)}; shape <b>${h(normality.tag ?? 'n/a')}</b>`;
    if (normality.welch) line += `; Welch t ${normality.welch.t.toFixed(2)}, df ${normality.welch.df.toFixed(1)}, p ${fmtP(normality.welch.p)}`;
    items.push(line);
  }
  const percentiles = d.percentiles as PercentileNumbers | undefined;
  if (percentiles) {
    const p = percentiles.changePct;
    items.push(`Change by percentile: min ${h(formatPct(p.min))}, median ${h(formatPct(p.median))}, p90 ${h(formatPct(p.p90))}, p99 ${h(formatPct(p.p99))}, max ${h(formatPct(p.max))}`);
  }
  const drift = d.drift as DriftNumbers | undefined;
  if (drift) {
    const side = (s: DriftNumbers['base']) => (s === null ? 'n/a' : `tau ${s.tau.toFixed(2)}, p ${fmtP(s.p)}, ${s.totalPct >= 0 ? '+' : ''}${s.totalPct.toFixed(1)}% over the run`);
    items.push(`Drift (Mann-Kendall): base ${side(drift.base)}; head ${side(drift.head)}; head/base ${drift.difference ? `p ${fmtP(drift.difference.p)}` : 'n/a'}`);
  }
  const complexity = d.complexity as ComplexityNumbers | undefined;
  if (complexity) {
    const side = (s: SideFit) => `${h(s.best)} (c ${s.fits[0]!.constant.toPrecision(3)}, nRMSE ${s.fits[0]!.nrmse.toFixed(3)})`;
    items.push(`Complexity of ${h(complexity.family)}: base ${side(complexity.base)}; head ${side(complexity.head)}`);
  }
  return items.length === 0 ? '' : `<ul class="numbers">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

function warningsList(warnings: { message: string }[]): string {
  // Messages are longer than names; clip only what a hostile name could blow up.
  return warnings.length === 0 ? '' : `<ul class="warnings">${warnings.map((w) => `<li>⚠️ ${escapeHtml(clip(w.message, 2000))}</li>`).join('')}</ul>`;
}

function tagOf(c: Comparison): string {
  return (c.diagnostics?.normality as NormalityNumbers | undefined)?.tag ?? '';
}

function table(result: ComparisonResult, anchors: Map<Comparison, string>): string {
  const rows = result.comparisons.map((c) => {
    const r = rowOf(c);
    const anchor = anchors.get(c);
    const name = anchor ? `<a href="#${anchor}">${h(r.name)}</a>` : h(r.name);
    return `<tr class="${h(r.verdict)}"><td>${h(r.suite)}</td><td class="name">${name}</td><td>${h(r.base)}</td><td>${h(r.head)}</td><td>${h(r.change)}</td><td>${h(r.p)}</td><td>${VERDICT_ICON[r.verdict]}&nbsp;${h(r.verdictText)}</td><td>${h(tagOf(c))}</td><td>${c.warnings.length || ''}</td></tr>`;
  });
  return `<table><thead><tr><th>suite</th><th>benchmark</th><th>base</th><th>head</th><th>change (95% CI)</th><th>p / adj. p</th><th>verdict</th><th>shape</th><th>notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function environmentTable(env: Record<string, unknown>): string {
  const stability = (env.stability ?? {}) as { loadAvg1?: { median: number; max: number } | null; stealFraction?: { median: number; max: number } | null };
  const virt = env.virtualization as { hypervisor?: boolean | null; vendor?: string | null } | undefined;
  const rows: [string, string][] = [
    ['CPU', `${env.cpuModel ?? '?'} × ${env.cpuCount ?? '?'}`],
    ['governor / turbo', `${env.governor ?? 'not readable'} / ${env.turbo === null || env.turbo === undefined ? 'not readable' : env.turbo ? 'on' : 'off'}`],
    ['virtualisation', `${virt?.hypervisor ? 'hypervisor' : virt?.hypervisor === false ? 'none seen' : 'unknown'}${virt?.vendor ? ` (${virt.vendor})` : ''}${env.container ? `, container: ${env.container}` : ''}`],
    ['load average (runs)', stability.loadAvg1 ? `median ${stability.loadAvg1.median.toFixed(2)}, max ${stability.loadAvg1.max.toFixed(2)}` : 'not recorded'],
    ['CPU steal (runs)', stability.stealFraction ? `median ${(stability.stealFraction.median * 100).toFixed(2)}%, max ${(stability.stealFraction.max * 100).toFixed(2)}%` : 'not recorded'],
  ];
  return `<table class="env"><tbody>${rows.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(String(v))}</td></tr>`).join('')}</tbody></table>`;
}

export function renderHtml(result: ComparisonResult): string {
  const plotted = result.comparisons.filter((c) => c.base && c.head).slice(0, MAX_PLOTTED);
  const anchors = new Map(plotted.map((c, i) => [c, `b${i}`]));
  const plots = plotted.map(plotData);
  const sections = plotted.map((c, i) => {
    const r = rowOf(c);
    const figures = [
      `<figure data-plot="distribution" data-index="${i}"><figcaption>distribution of samples</figcaption></figure>`,
      `<figure data-plot="rounds" data-index="${i}"><figcaption>value per round (drift shows as a slope)</figcaption></figure>`,
      plots[i]!.complexity ? `<figure data-plot="complexity" data-index="${i}"><figcaption>complexity fit</figcaption></figure>` : '',
    ].join('');
    return `<section id="b${i}" class="${h(r.verdict)}"><h3>${VERDICT_ICON[r.verdict]} ${h(r.name)} <small>${h(r.suite)}</small></h3><p>${h(formatChange(c.changePct, c.changeCi))} · ${h(r.verdictText)}</p>${warningsList(c.warnings)}${numbersList(c)}<div class="figures">${figures}</div></section>`;
  });
  const left = result.comparisons.filter((c) => c.base && c.head).length - plotted.length;
  const title = headline(result);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title><style>${STYLES}</style></head><body>
<h1 class="${h(result.verdict)}">${h(title)}</h1>
<p>base <code>${h(result.base.ref)}</code> (${h(shortSha(result.base.sha))}) → head <code>${h(result.head.ref)}</code> (${h(shortSha(result.head.sha))}) · ${h(settingsLine(result))}</p>
${result.geomean ? `<p>Geometric mean of time ratios: <b>${h(formatChange(result.geomean.changePct, result.geomean.ci))}</b> over ${h(String(result.geomean.benchmarks))} benchmarks.</p>` : ''}
${warningsList([...result.failedRuns.map((f) => ({ message: `${f.side} run in round ${f.round} failed: ${f.error}` })), ...result.warnings])}
<h2>Results</h2>${table(result, anchors)}
<h2>Environment</h2>${environmentTable(result.environment)}
<h2>Benchmarks</h2>${sections.join('\n')}
${left > 0 ? `<p>${left} more benchmarks are not plotted to keep this page fast; results.json has every number.</p>` : ''}
<footer>benchgate ${h(result.tool.version)} · plots by Observable Plot, bundled into this file</footer>
<script type="application/json" id="benchgate-data">${scriptJson({ plots })}</script>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
}
