/** The report for a terminal or a CI log: plain text, aligned columns, regressions first. */
import type { ComparisonResult } from '../model.js';
import { clip, inertForLog } from './escape.js';
import { formatChange } from './units.js';
import { PROCESS_COST_NOTE, displayName, headline, rowsBySuite, settingsLine, shortSha, type Row } from './rows.js';

/** Names are clipped to keep the table readable; messages only when runaway (they say why). */
const NAME_MAX = 80;
const MESSAGE_MAX = 400;

/** Text from a harness or an artifact, on one line, shown but never obeyed (escape.ts). */
function printable(text: string, max = NAME_MAX): string {
  return inertForLog(clip(text, max));
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]!].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function renderTerminal(result: ComparisonResult): string {
  const out: string[] = [
    headline(result),
    `base ${printable(result.base.ref)} (${printable(shortSha(result.base.sha))}) → head ${printable(result.head.ref)} (${printable(shortSha(result.head.sha))}) · ${settingsLine(result)}`,
    '',
  ];
  const process = [...rowsBySuite(result, true)].map(([suite, rows]) => [`${suite}, process cost: ${PROCESS_COST_NOTE}`, rows] as const);
  for (const [suite, rows] of [...rowsBySuite(result), ...process]) {
    out.push(`suite ${printable(suite, NAME_MAX + PROCESS_COST_NOTE.length)}`);
    out.push(
      table(
        ['benchmark', 'base', 'head', 'change [95% CI]', 'p / adj. p', 'verdict'],
        rows.map((r: Row) => [printable(r.name), printable(r.base), printable(r.head), r.change, r.p, r.verdictText]),
      ),
    );
    out.push('');
  }
  if (result.geomean) {
    out.push(`geometric mean of time ratios: ${formatChange(result.geomean.changePct, result.geomean.ci)} over ${printable(String(result.geomean.benchmarks))} benchmarks`);
  }
  for (const f of result.failures.runs.slice(0, 10)) out.push(`failed run: ${f.side} round ${f.round}: ${printable(f.error, MESSAGE_MAX)}`);
  for (const w of result.warnings) out.push(`warning: ${printable(w.message, MESSAGE_MAX)}`);
  for (const c of result.comparisons) {
    for (const w of c.warnings) out.push(`note: ${printable(displayName(c))}: ${printable(w.message, MESSAGE_MAX)}`);
  }
  return out.join('\n').trimEnd() + '\n';
}
