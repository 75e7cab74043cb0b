/**
 * The overview that opens report.html: a forest plot of every gated comparison (one whose
 * verdict the test decided: regression, improvement, unchanged or inconclusive, not added,
 * removed or failed), its percent change and 95% interval on one axis, with the ±threshold
 * band. This module prepares the plot's data; the client draws it (client.js `forest`).
 */
import type { Comparison, ComparisonResult, Verdict } from '../../model.js';
import { isSequentiallyTested } from '../adaptive.js';
import { clip, escapeHtml } from '../escape.js';
import { namesOf } from '../names.js';
import { rowOf } from '../rows.js';
import { formatChange } from '../units.js';

export interface ForestRow {
  /** What the y axis shows: the display name, with the suite when the page has several. */
  label: string;
  verdict: Verdict;
  /** Percent change of head vs base and its interval. */
  change: number;
  ci: [number, number];
  /** The change as the table writes it, for the mark's tooltip. */
  text: string;
  /** The benchmark's section on the page, when it has one. */
  anchor?: string;
}

export interface ForestData {
  thresholdPct: number;
  rows: ForestRow[];
  /** Gated comparisons with no percent change to draw (a base median of 0). */
  undrawn: number;
}

/**
 * Whether the comparison gates and the test decided its verdict (an adjusted p exists, or in
 * rounds auto the sequential design tested it), rather than a missing side or a failure; one
 * that does not gate has no adjusted p either.
 */
export function isGated(c: Comparison): boolean {
  return c.gating && (c.pAdjusted !== null || isSequentiallyTested(c));
}

/**
 * The forest's rows, in the table's order (regressions first). A percent change of -100% or
 * less cannot sit on the plot's ratio axis; benchgate's intervals (log-scale Hodges-Lehmann)
 * never reach it, but a hand-edited results.json might.
 */
export function forestData(result: ComparisonResult, anchors: Map<Comparison, string>): ForestData {
  const gated = result.comparisons.filter(isGated);
  const drawable = gated.filter((c) => c.changePct !== null && c.changeCi !== null && c.changeCi[0] > -100);
  const suites = new Set(gated.map((c) => c.suite)).size;
  const names = namesOf(result);
  const rows = drawable.map((c) => {
    const row = rowOf(c, names);
    const anchor = anchors.get(c);
    return {
      label: clip(suites > 1 ? `${row.suite} · ${row.name}` : row.name),
      verdict: c.verdict,
      change: c.changePct!,
      ci: c.changeCi!,
      text: `${formatChange(c.changePct, c.changeCi)} · ${row.verdictText}`,
      ...(anchor ? { anchor } : {}),
    };
  });
  return { thresholdPct: result.settings.thresholdPct, rows, undrawn: gated.length - drawable.length };
}

/** The figure the client draws the forest into, with what a reader needs to read it. */
export function forestFigure(data: ForestData): string {
  if (data.rows.length === 0 && data.undrawn === 0) return '';
  const undrawn =
    data.undrawn > 0
      ? ` ${data.undrawn} gated comparison${data.undrawn > 1 ? 's have' : ' has'} no percent change (a base median of 0) and ${data.undrawn > 1 ? 'are' : 'is'} only in the table.`
      : '';
  return `<figure id="forest" data-plot="forest"><figcaption>Every gated comparison: the dot is the change of head against base, the line its 95% confidence interval, the grey band ±${escapeHtml(String(data.thresholdPct))}% (the threshold: a change inside it is never a regression). Ratio scale, so halving and doubling are the same distance from 0%. Click a dot for its section.${undrawn}</figcaption></figure>`;
}
