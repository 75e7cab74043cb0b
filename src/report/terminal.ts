/** The report for a terminal or a CI log: plain text, aligned columns, regressions first. */
import type { ComparisonResult, Verdict } from '../model.js';
import type { Comparison } from '../model.js';
import { adaptiveAccount, pColumnLabel, splitWarnings } from './adaptive.js';
import { inertForLog } from '../log-text.js';
import { attributionLine, attributionOf } from './attribution.js';
import { clip } from './escape.js';
import { formatChange } from './units.js';
import { namesOf, type Names } from './names.js';
import { PROCESS_COST_NOTE, headline, rowsBySuite, settingsLine, shortSha, type Row } from './rows.js';

/** Names are clipped to keep the table readable; messages only when runaway (they say why). */
const NAME_MAX = 80;
const MESSAGE_MAX = 400;

/** Text from a harness or an artifact, on one line, shown but never obeyed (escape.ts). */
function printable(text: string, max = NAME_MAX): string {
  return inertForLog(clip(text, max));
}

/** The colours the table uses; picocolors' (platforms/tty.ts) fit, and the default paints nothing. */
export type TerminalColors = Record<'red' | 'green' | 'yellow' | 'cyan' | 'dim' | 'bold', (text: string) => string>;

const plain = (text: string) => text;
const NO_COLORS: TerminalColors = { red: plain, green: plain, yellow: plain, cyan: plain, dim: plain, bold: plain };

function verdictColor(colors: TerminalColors, verdict: Verdict): (text: string) => string {
  const byVerdict: Record<Verdict, (text: string) => string> = {
    regression: colors.red,
    improvement: colors.green,
    inconclusive: colors.yellow,
    failed: (t) => colors.bold(colors.red(t)),
    added: colors.cyan,
    removed: colors.cyan,
    unchanged: colors.dim,
  };
  return byVerdict[verdict];
}

/**
 * Aligned columns; `paintLast` colours a row's last cell after padding, so escape codes never
 * count as width; `below` gives a line to print under a row (outside the columns), or ''.
 */
function table(
  header: string[],
  rows: string[][],
  paintLast: (row: number) => (text: string) => string = () => plain,
  below: (row: number) => string = () => '',
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]!].length)));
  const line = (cells: string[], paint: (text: string) => string = plain) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? paint(c) : i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const body = rows.flatMap((r, i) => [line(r, paintLast(i)), below(i)].filter(Boolean));
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...body].join('\n');
}

/** Names on one line, the first few of a long list. */
function listed(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map((n) => printable(n));
  return names.length > max ? `${shown.join(', ')} and ${names.length - max} more` : shown.join(', ');
}

/** A function name in a "where" line: three of them share one line. */
const WHERE_NAME = 60;

/** The dim line under a flagged row that says where its change came from, as the comment's; '' for the others. */
function whereLine(c: Comparison, colors: TerminalColors): string {
  const attribution = attributionOf(c);
  return attribution ? colors.dim(`  ↳ ${attributionLine(attribution, (name) => printable(name, WHERE_NAME))}`) : '';
}

/** Each suite's table under its heading, then each suite's process-cost table; a blank line after each. */
function suiteTables(result: ComparisonResult, names: Names, colors: TerminalColors): string[] {
  const out: string[] = [];
  const suites = rowsBySuite(result, names).map((g) => ({ ...g, note: '' }));
  const process = rowsBySuite(result, names, true).map((g) => ({ ...g, note: `, process cost: ${PROCESS_COST_NOTE}` }));
  for (const { suite, pkg, rows, note } of [...suites, ...process]) {
    out.push(`suite ${printable(suite)}${pkg === undefined ? '' : ` · pkg: ${printable(pkg)}`}${note}`);
    out.push(
      table(
        ['benchmark', 'base', 'head', 'change [95% CI]', pColumnLabel(result), 'verdict'],
        rows.map((r: Row) => [printable(r.name), printable(r.base), printable(r.head), r.change, r.p, r.verdictText]),
        (i) => verdictColor(colors, rows[i]!.verdict),
        (i) => whereLine(rows[i]!.comparison, colors),
      ),
    );
    out.push('');
  }
  return out;
}

export function renderTerminal(result: ComparisonResult, colors: TerminalColors = NO_COLORS): string {
  const names = namesOf(result);
  const verdictPaint = { pass: colors.green, fail: colors.red, inconclusive: colors.yellow, error: colors.red }[result.verdict];
  const out: string[] = [
    colors.bold(verdictPaint(headline(result))),
    `base ${printable(result.base.ref)} (${printable(shortSha(result.base.sha))}) → head ${printable(result.head.ref)} (${printable(shortSha(result.head.sha))}) · ${settingsLine(result)}`,
  ];
  const { noisy, other } = splitWarnings(result.warnings);
  // Too noisy for the threshold: said at the top, since more of the same runner cannot help.
  for (const w of noisy)
    out.push(`${colors.bold(colors.yellow('warning: too noisy for the threshold:'))} ${printable(w.message, MESSAGE_MAX)}`);
  const account = adaptiveAccount(result);
  if (account) {
    if (account.unreachable.length > 0) out.push(`too noisy at the first look: ${listed(account.unreachable)}`);
    out.push(...account.sentences, ...account.notes.map((n) => `filter: ${printable(n, MESSAGE_MAX)}`));
  }
  out.push('');
  out.push(...suiteTables(result, names, colors));
  if (result.geomean) {
    out.push(
      `geometric mean of time ratios: ${formatChange(result.geomean.changePct, result.geomean.ci)} over ${printable(String(result.geomean.benchmarks))} benchmarks`,
    );
  }
  for (const f of result.failures.runs.slice(0, 10)) out.push(`failed run: ${f.side} round ${f.round}: ${printable(f.error, MESSAGE_MAX)}`);
  for (const w of other) out.push(`${colors.yellow('warning:')} ${printable(w.message, MESSAGE_MAX)}`);
  for (const c of result.comparisons) {
    for (const w of c.warnings) out.push(`note: ${printable(names.full(c))}: ${printable(w.message, MESSAGE_MAX)}`);
  }
  return out.join('\n').trimEnd() + '\n';
}
