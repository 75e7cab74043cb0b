/**
 * The markdown report: summary.md, the GitHub job summary, the PR comment and the GitLab MR
 * note. Regressions first; unchanged rows folded in <details>. Stays under a byte budget by
 * dropping the rows that matter least and saying how many were left out.
 */
import type { ComparisonResult, Verdict } from '../model.js';
import { escapeMarkdown, markdownCodeCell } from './escape.js';
import { formatChange } from './units.js';
import { VERDICT_ICON, headline, rowsBySuite, settingsLine, shortSha, type Row } from './rows.js';

export interface MarkdownOptions {
  /** Upper bound on the UTF-8 size of the output (GitHub: 1 MiB summary, 65,536 chars comment). */
  maxBytes?: number;
  /** Where the full results live, for the truncation note ("the results artifact"). */
  fullResultsHint?: string;
}

const FOLDED: Verdict[] = ['unchanged'];
const HEADER = '| benchmark | base | head | change (95% CI) | p / adj. p | verdict |\n|:--|--:|--:|--:|--:|:--|\n';

function rowLine(r: Row): string {
  return `| ${markdownCodeCell(r.name)} | ${r.base} | ${r.head} | ${r.change} | ${r.p} | ${VERDICT_ICON[r.verdict]} ${escapeMarkdown(r.verdictText)} |\n`;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

export function renderMarkdown(result: ComparisonResult, opts: MarkdownOptions = {}): string {
  const budget = opts.maxBytes ?? Infinity;
  const icon = { pass: '✅', fail: result.gateFailed ? '❌' : '⚠️', inconclusive: '🟡', error: '💥' }[result.verdict];
  let head = `### ${icon} ${escapeMarkdown(headline(result))}\n\n`;
  head += `base \`${shortSha(result.base.sha)}\` → head \`${shortSha(result.head.sha)}\` · ${escapeMarkdown(settingsLine(result))}\n\n`;
  if (result.geomean) {
    head += `Geometric mean of time ratios: **${formatChange(result.geomean.changePct, result.geomean.ci)}** over ${result.geomean.benchmarks} benchmarks.\n\n`;
  }
  for (const f of result.failedRuns.slice(0, 5)) {
    head += `> 💥 ${f.side} run in round ${f.round} failed: ${escapeMarkdown(f.error)}\n`;
  }
  if (result.failedRuns.length > 5) head += `> …and ${result.failedRuns.length - 5} more failed runs\n`;
  for (const w of result.warnings) head += `> ⚠️ ${escapeMarkdown(w.message)}\n`;
  if (result.failedRuns.length > 0 || result.warnings.length > 0) head += '\n';

  const footer = `\n<sub>benchgate ${escapeMarkdown(result.tool.version)} · Mann-Whitney U per benchmark, Hodges-Lehmann 95% intervals · p-values adjusted for ${result.comparisons.length} comparisons</sub>\n`;
  const truncationNote = (left: number) =>
    `\n> ${left} more rows not shown to stay within the size limit; ${escapeMarkdown(opts.fullResultsHint ?? 'see results.json')} has every comparison.\n`;

  // Sections in priority order: shown rows per suite, then folded ones.
  let body = '';
  let left = 0;
  const room = () => budget - bytes(head) - bytes(footer) - bytes(truncationNote(999999)) - bytes(body);
  for (const [suite, rows] of rowsBySuite(result)) {
    const shown = rows.filter((r) => !FOLDED.includes(r.verdict));
    const folded = rows.filter((r) => FOLDED.includes(r.verdict));
    let section = `#### ${markdownCodeCell(suite)}\n\n`;
    if (shown.length > 0) {
      section += HEADER;
      for (const r of shown) {
        const line = rowLine(r);
        if (bytes(section) + bytes(line) > room()) {
          left++;
          continue;
        }
        section += line;
      }
      section += '\n';
    }
    if (folded.length > 0) {
      let details = `<details><summary>${folded.length} unchanged</summary>\n\n${HEADER}`;
      for (const r of folded) {
        const line = rowLine(r);
        if (bytes(section) + bytes(details) + bytes(line) + 30 > room()) {
          left++;
          continue;
        }
        details += line;
      }
      section += `${details}\n</details>\n\n`;
    }
    if (bytes(section) > room()) {
      left += shown.length + folded.length;
      continue;
    }
    body += section;
  }
  return head + body + (left > 0 ? truncationNote(left) : '') + footer;
}
