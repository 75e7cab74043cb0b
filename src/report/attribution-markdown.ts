/**
 * summary.md's "Where the changes came from": per flagged benchmark with an attribution, a table
 * of its functions (file, base and head per op, Δ with its interval, share), then the call path,
 * what was inlined, the attribution's notes and the share the functions explain. Every name is
 * a code span (escape.ts), since names come from the pull request's binaries.
 */
import type { Attribution, Comparison, ComparisonResult } from '../model.js';
import {
  attributionLead,
  attributionOf,
  explainedSentence,
  formatDeltaInterval,
  formatPerOp,
  formatShare,
  levelWords,
  perOpUnit,
  shortFunctionName,
  stepNumbers,
} from './attribution.js';
import { escapeMarkdown, markdownCodeCell } from './escape.js';
import type { Names } from './names.js';
import { VERDICT_ICON } from './rows.js';

const TABLE_HEADER = '| function | file | base/op | head/op | Δ/op (interval) | share |\n|:--|:--|--:|--:|--:|--:|\n';
const MAX_NOTE = 300;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const short = (name: string) => markdownCodeCell(shortFunctionName(name));

function functionRow(f: Attribution['functions'][number]): string {
  return `| ${markdownCodeCell(f.name)} | ${markdownCodeCell(f.file)} | ${formatPerOp(f.base)} | ${formatPerOp(f.head)} | ${formatDeltaInterval(f)} | ${formatShare(f.sharePct)} |\n`;
}

/** The call path's lines: the steps from the benchmark's function, its owner, and what changed under it. */
function callPathLines(a: Attribution): string[] {
  const path = a.callPath;
  if (!path) return [];
  const steps = path.steps.map((s) => `${short(s.name)} ${stepNumbers(a, s)}`).join(' → ');
  const lines = [
    `- Call path (inclusive): ${steps}`,
    `- Owner (the function of the benchmarked code that carries the change, with the runtime and library code it calls): ${short(path.owner.name)} ${stepNumbers(a, path.owner)}`,
  ];
  if (path.under.length > 0) lines.push(`- Under it: ${path.under.map((s) => `${short(s.name)} ${stepNumbers(a, s)}`).join(', ')}`);
  return lines;
}

function inlinedLines(a: Attribution): string[] {
  return a.inlined.map(
    (i) =>
      `- Inlined: ${short(i.name)} (${formatPerOp(i.perOp)} ${perOpUnit(a.level)} on ${i.goneOn === 'head' ? 'base' : 'head'}, gone on ${i.goneOn}) now counts in ${short(i.into.name)} (${stepNumbers(a, i.into)})`,
  );
}

/** One benchmark's block: heading, table, then what the table cannot say. */
function block(c: Comparison, a: Attribution, names: Names): string {
  const what = a.source === 'passes' ? `${attributionLead(a)}, per op` : `where it changed (${levelWords(a.level)})`;
  const heading = `#### ${VERDICT_ICON[c.verdict]} ${markdownCodeCell(names.full(c))} (${markdownCodeCell(c.suite)}): ${what}\n\n`;
  const table = a.functions.length > 0 ? `${TABLE_HEADER}${a.functions.map(functionRow).join('')}\n` : '';
  const lines = [
    ...callPathLines(a),
    ...inlinedLines(a),
    ...a.notes.map((n) => `- ${escapeMarkdown(n, MAX_NOTE)}`),
    `- ${explainedSentence(a)}`,
  ];
  return `${heading}${table}${lines.map((l) => `${l}\n`).join('')}\n`;
}

/**
 * The section, with as many benchmarks' blocks as `room` bytes hold (in the report's order),
 * saying how many were left for results.json; empty when no flagged benchmark has an attribution.
 */
export function attributionSection(result: ComparisonResult, names: Names, room: number): string {
  const blocks = result.comparisons.flatMap((c) => {
    const a = attributionOf(c);
    return a ? [block(c, a, names)] : [];
  });
  if (blocks.length === 0) return '';
  const heading = '### Where the changes came from\n\n';
  const more = (n: number) => `${n} more in results.json (\`attribution\`).\n\n`;
  let used = bytes(heading) + bytes(more(blocks.length));
  const kept: string[] = [];
  for (const b of blocks) {
    if (used + bytes(b) > room) break;
    kept.push(b);
    used += bytes(b);
  }
  if (kept.length === 0) return '';
  const left = blocks.length - kept.length;
  return heading + kept.join('') + (left > 0 ? more(left) : '');
}
