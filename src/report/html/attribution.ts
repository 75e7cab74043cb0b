/**
 * report.html's view of where a flagged benchmark's change came from (decision 8): the
 * differential icicle of its call tree, which the client draws (Observable Plot's rects over
 * d3-hierarchy's partition), beside the function table rendered here. Every name is escaped
 * here or reaches the client's plot as a text node; the hover texts are formatted here, so the
 * client only lays out.
 */
import type { AttributedFunction, Attribution, CallTreeNode, Comparison } from '../../model.js';
import {
  attributionLead,
  attributionOf,
  explainedSentence,
  formatDelta,
  formatPerOp,
  formatShare,
  levelWords,
  perOpUnit,
  shortFunctionName,
  stepNumbers,
} from '../attribution.js';
import { clip, escapeHtml } from '../escape.js';

/**
 * One node of the icicle: its short label, its hover text, base and head per op with its callees
 * (the width), and `own`: head − base outside the callees shown (the colour), which points at where
 * the change is rather than at every caller above it.
 */
export interface IcicleNode {
  label: string;
  title: string;
  base: number;
  head: number;
  own: number;
  children: IcicleNode[];
}

const h = (text: string) => escapeHtml(clip(text));

function icicleNode(a: Attribution, node: CallTreeNode): IcicleNode {
  const delta = node.head - node.base;
  const own = delta - node.children.reduce((sum, c) => sum + (c.head - c.base), 0);
  const unit = perOpUnit(a.level);
  return {
    label: clip(shortFunctionName(node.name)),
    title: `${clip(node.name)}\n${clip(node.file)}\nwith its callees: ${formatPerOp(node.base)} → ${formatPerOp(node.head)} ${unit} (${formatDelta(delta)})\noutside the callees shown: ${formatDelta(own)} ${unit}`,
    base: node.base,
    head: node.head,
    own,
    children: node.children.map((child) => icicleNode(a, child)),
  };
}

/** The icicle's data for the client, when the benchmark is flagged and callgrind gave a call tree. */
export function icicleData(c: Comparison): IcicleNode | undefined {
  const a = attributionOf(c);
  return a?.callTree ? icicleNode(a, a.callTree) : undefined;
}

/** Why a flagged benchmark shows the table alone. */
function noTreeReason(a: Attribution): string {
  return a.level === 'calls'
    ? 'No call tree: cProfile counts calls per Python function, not who called them.'
    : 'No call tree: no callgrind pass ran for this benchmark, so the table has each function’s own instructions.';
}

/** A function's row: its short name over its file, base and head per op, Δ over its interval, share. */
function functionRow(f: AttributedFunction): string {
  const interval = f.interval ? `[${formatDelta(f.interval[0])}, ${formatDelta(f.interval[1])}]` : 'exact';
  return (
    `<tr class="${f.delta > 0 ? 'more' : 'fewer'}">` +
    `<td class="name" title="${h(f.name)}">${h(shortFunctionName(f.name))}<small>${h(f.file)}</small></td>` +
    `<td>${formatPerOp(f.base)}</td><td>${formatPerOp(f.head)}</td>` +
    `<td class="delta">${formatDelta(f.delta)}<small>${interval}</small></td><td>${formatShare(f.sharePct)}</td></tr>`
  );
}

function functionTable(a: Attribution): string {
  if (a.functions.length === 0) return '<p>No function changed beyond its spread.</p>';
  const head = '<tr><th>function · file</th><th>base/op</th><th>head/op</th><th>Δ/op (interval)</th><th>share</th></tr>';
  return `<table class="functions"><thead>${head}</thead><tbody>${a.functions.map(functionRow).join('')}</tbody></table>`;
}

const code = (name: string) => `<code>${h(shortFunctionName(name))}</code>`;

/** The call path's owner and what changed under it, the inlining, the notes, and the share explained. */
function facts(a: Attribution): string {
  const items: string[] = [];
  const path = a.callPath;
  if (path) {
    const under = path.under.map((s) => `${code(s.name)} ${stepNumbers(a, s)}`);
    items.push(
      `Owner: ${code(path.owner.name)} ${stepNumbers(a, path.owner)}, with the runtime and library code it calls${under.length > 0 ? `; under it: ${under.join(', ')}` : ''}`,
      `Call path: ${path.steps.map((s) => code(s.name)).join(' → ')}`,
    );
  }
  for (const i of a.inlined)
    items.push(
      `Inlined: ${code(i.name)} (${formatPerOp(i.perOp)} ${perOpUnit(a.level)}, gone on ${i.goneOn}) into ${code(i.into.name)} ${stepNumbers(a, i.into)}`,
    );
  items.push(...a.notes.map((n) => escapeHtml(clip(n, 2000))), escapeHtml(explainedSentence(a)));
  return `<ul class="facts">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

/** The view inside a flagged benchmark's section: the icicle (when there is a call tree) beside the table. */
export function attributionView(c: Comparison, index: number): string {
  const a = attributionOf(c);
  if (!a) return '';
  const what = a.source === 'passes' ? `${attributionLead(a)} (per op)` : `where it changed (${levelWords(a.level)})`;
  const heading = `<h4>${escapeHtml(what.charAt(0).toUpperCase() + what.slice(1))}</h4>`;
  const figure = a.callTree
    ? `<figure data-plot="icicle" data-index="${index}"><figcaption>Calls under <code>${h(shortFunctionName(a.callTree.name))}</code>, per op: a cell is as wide as its larger side with its callees, and coloured by its own change, head − base outside the callees shown. Hover for base → head; click a cell to zoom in, and a caller to zoom out.</figcaption></figure>`
    : `<p class="hint">${escapeHtml(noTreeReason(a))}</p>`;
  return `<section class="attribution">${heading}<div class="attribution-body">${figure}<div class="attribution-table">${functionTable(a)}${facts(a)}</div></div></section>`;
}
