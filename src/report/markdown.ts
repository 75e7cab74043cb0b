/**
 * The markdown report: summary.md, the GitHub job summary, the PR comment, the check run
 * summary and the GitLab MR note. Regressions first; unchanged rows folded in <details>. Stays
 * under a byte budget by dropping the rows that matter least and saying how many were left out.
 */
import type { ComparisonResult, Verdict } from '../model.js';
import { escapeMarkdown, markdownCodeCell } from './escape.js';
import { roundsSparkline } from './sparkline.js';
import { formatChange } from './units.js';
import { VERDICT_ICON, displayName, headline, rowsBySuite, settingsLine, shortSha, type Row } from './rows.js';

export interface MarkdownOptions {
  /** Upper bound on the UTF-8 size of the output (GitHub: 1 MiB summary, 65,536 chars comment). */
  maxBytes?: number;
  /** Where the full results live, for the truncation note ("the results artifact"). */
  fullResultsHint?: string;
  /** Extra lines for the notes section, already markdown (e.g. "3 more regressions not annotated"). */
  notes?: string[];
}

const FOLDED: Verdict[] = ['unchanged'];
const HEADER = '| benchmark | base | head | change (95% CI) | p / adj. p | verdict | per round: base head |\n|:--|--:|--:|--:|--:|:--|:--|\n';
/** Failed runs, run-level warnings and per-comparison notes shown before "…and N more". */
const MAX_LISTED = 10;
const MAX_MESSAGE = 300;

function rowLine(r: Row): string {
  return `| ${markdownCodeCell(r.name)} | ${r.base} | ${r.head} | ${r.change} | ${r.p} | ${VERDICT_ICON[r.verdict]} ${escapeMarkdown(r.verdictText)} | ${roundsSparkline(r.comparison)} |\n`;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function capped(lines: string[], more: (n: number) => string): string {
  const shown = lines.slice(0, MAX_LISTED);
  if (lines.length > MAX_LISTED) shown.push(more(lines.length - MAX_LISTED));
  return shown.join('');
}

function headSection(result: ComparisonResult): string {
  const icon = { pass: '✅', fail: result.gateFailed ? '❌' : '⚠️', inconclusive: '🟡', error: '💥' }[result.verdict];
  let head = `### ${icon} ${escapeMarkdown(headline(result))}\n\n`;
  head += `base \`${shortSha(result.base.sha)}\` → head \`${shortSha(result.head.sha)}\` · ${escapeMarkdown(settingsLine(result))}\n\n`;
  if (result.geomean) {
    head += `Geometric mean of time ratios: **${formatChange(result.geomean.changePct, result.geomean.ci)}** over ${result.geomean.benchmarks} benchmarks.\n\n`;
  }
  const alerts =
    capped(
      result.failedRuns.map((f) => `> 💥 ${f.side} run in round ${f.round} failed: ${escapeMarkdown(f.error, MAX_MESSAGE)}\n`),
      (n) => `> …and ${n} more failed runs\n`,
    ) +
    capped(
      result.warnings.map((w) => `> ⚠️ ${escapeMarkdown(w.message, MAX_MESSAGE)}\n`),
      (n) => `> …and ${n} more warnings\n`,
    );
  return alerts ? `${head}${alerts}\n` : head;
}

/** Per-comparison warnings (comparison.warnings) and the caller's notes, capped and escaped. */
function notesSection(result: ComparisonResult, extra: string[]): string {
  const warnings = result.comparisons.flatMap((c) =>
    c.warnings.map((w) => `- ${markdownCodeCell(displayName(c))}: ${escapeMarkdown(w.message, MAX_MESSAGE)}\n`),
  );
  const lines = capped(warnings, (n) => `- …and ${n} more notes in results.json\n`) + extra.map((l) => `- ${l}\n`).join('');
  return lines ? `\n**Notes**\n\n${lines}` : '';
}

export function renderMarkdown(result: ComparisonResult, opts: MarkdownOptions = {}): string {
  const budget = opts.maxBytes ?? Infinity;
  const head = headSection(result);
  const notes = notesSection(result, opts.notes ?? []);
  const footer = `\n<sub>benchgate ${escapeMarkdown(result.tool.version)} · Mann-Whitney U per benchmark, Hodges-Lehmann 95% intervals · p-values adjusted for ${result.comparisons.length} comparisons</sub>\n`;
  const truncationNote = (left: number) =>
    `\n> ${left} more rows not shown to stay within the size limit; ${escapeMarkdown(opts.fullResultsHint ?? 'see results.json')} has every comparison.\n`;

  // Sections in priority order: shown rows per suite, then folded ones. Sizes are kept as
  // running byte counts: measuring the growing strings again for each row would be quadratic.
  let body = '';
  let bodyBytes = 0;
  let left = 0;
  const fixed = bytes(head) + bytes(notes) + bytes(footer) + bytes(truncationNote(999999));
  const room = () => budget - fixed - bodyBytes;
  for (const [suite, rows] of rowsBySuite(result)) {
    const shown = rows.filter((r) => !FOLDED.includes(r.verdict));
    const folded = rows.filter((r) => FOLDED.includes(r.verdict));
    let section = `#### ${markdownCodeCell(suite)}\n\n`;
    let size = bytes(section);
    let skipped = 0;
    const add = (line: string, reserve: number): boolean => {
      const n = bytes(line);
      if (size + n + reserve > room()) return false;
      section += line;
      size += n;
      return true;
    };
    // A table whose header does not fit is left out whole, never shown without its header.
    if (shown.length > 0) {
      if (add(HEADER, 1)) {
        for (const r of shown) if (!add(rowLine(r), 1)) skipped++;
        add('\n', 0);
      } else skipped += shown.length;
    }
    if (folded.length > 0) {
      const close = '\n</details>\n\n';
      if (add(`<details><summary>${folded.length} unchanged</summary>\n\n${HEADER}`, bytes(close))) {
        for (const r of folded) if (!add(rowLine(r), bytes(close))) skipped++;
        add(close, 0);
      } else skipped += folded.length;
    }
    if (size > room()) {
      left += rows.length;
      continue;
    }
    left += skipped;
    body += section;
    bodyBytes += size;
  }
  return head + body + (left > 0 ? truncationNote(left) : '') + notes + footer;
}
