/**
 * The full markdown report: summary.md, the GitHub job summary and the check run summary (the
 * PR comment and the MR note are the short comment.ts). It leads with the comment's headline
 * and the tables, regressions first, unchanged rows folded in <details>; the run's diagnostics
 * follow. Stays under a byte budget by dropping the rows that matter least and saying how many
 * were left out.
 */
import type { ComparisonResult, Verdict } from '../model.js';
import { adaptiveAccount, methodText, pColumnLabel, splitWarnings } from './adaptive.js';
import { attributionSection } from './attribution-markdown.js';
import { escapeMarkdown, escapeMarkdownInline, markdownCodeCell } from './escape.js';
import { gateHeadline } from './gate-headline.js';
import { linkMarkdown, type MarkdownLink } from './links.js';
import { roundsSparkline, SPARKLINE_LEGEND } from './sparkline.js';
import { formatChange } from './units.js';
import { namesOf, type Names } from './names.js';
import { PROCESS_COST_NOTE, VERDICT_ICON, rowsBySuite, settingsLine, shortSha, type Row } from './rows.js';

export interface MarkdownOptions {
  /** Upper bound on the UTF-8 size of the output (GitHub: 1 MiB summary, 65,536 chars comment). */
  maxBytes?: number;
  /** Where the full results live, for the truncation note ("the results artifact"). */
  fullResultsHint?: string;
  /** Extra lines for the notes section, already markdown (e.g. "3 more regressions not annotated"). */
  notes?: string[];
  /** Links under the headline (the CI run, its artifacts); the caller checks they are http(s). */
  links?: MarkdownLink[];
}

const FOLDED: Verdict[] = ['unchanged'];
const tableHeader = (pLabel: string) =>
  `| benchmark | base | head | change (95% CI) | ${pLabel} | verdict | ${SPARKLINE_LEGEND} |\n|:--|--:|--:|--:|--:|:--|:--|\n`;
/** Failed runs, run-level warnings and per-comparison notes shown before "…and N more". */
const MAX_LISTED = 10;
const MAX_MESSAGE = 300;

function rowLine(r: Row): string {
  return `| ${markdownCodeCell(r.name)} | ${escapeMarkdownInline(r.base)} | ${escapeMarkdownInline(r.head)} | ${r.change} | ${r.p} | ${VERDICT_ICON[r.verdict]} ${escapeMarkdown(r.verdictText)} | ${roundsSparkline(r.comparison)} |\n`;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function capped(lines: string[], more: (n: number) => string): string {
  const shown = lines.slice(0, MAX_LISTED);
  if (lines.length > MAX_LISTED) shown.push(more(lines.length - MAX_LISTED));
  return shown.join('');
}

/** What the run says beyond the tables, after them: the commits and settings, diagnostics, links. */
function diagnosticsSection(result: ComparisonResult, links: MarkdownLink[]): string {
  let head = `base ${markdownCodeCell(shortSha(result.base.sha))} → head ${markdownCodeCell(shortSha(result.head.sha))} · ${escapeMarkdown(settingsLine(result))}\n\n`;
  if (typeof result.head.chosen?.why === 'string') head += `Compared: ${escapeMarkdown(result.head.chosen.why, MAX_MESSAGE)}.\n\n`;
  const { noisy, other } = splitWarnings(result.warnings);
  head += noisySection(noisy, adaptiveAccount(result)?.unreachable ?? []);
  if (result.geomean) {
    head += `Geometric mean of time ratios: **${formatChange(result.geomean.changePct, result.geomean.ci)}** over ${escapeMarkdown(String(result.geomean.benchmarks))} benchmarks.\n\n`;
  }
  if (links.length > 0) head += `${links.map(linkMarkdown).join(' · ')}\n\n`;
  head += adaptiveSection(result);
  // A list, not `>` lines: consecutive quote lines merge into one paragraph outside PR comments.
  const alerts =
    capped(
      result.failures.runs.map((f) => `- 💥 ${f.side} run in round ${f.round} failed: ${escapeMarkdown(f.error, MAX_MESSAGE)}\n`),
      (n) => `- …and ${n} more failed runs\n`,
    ) +
    capped(
      other.map((w) => `- ⚠️ ${escapeMarkdown(w.message, MAX_MESSAGE)}\n`),
      (n) => `- …and ${n} more warnings\n`,
    );
  return alerts ? `${head}${alerts}\n` : head;
}

/** Too noisy for the threshold: a paragraph of its own above the rest of what the run says. */
function noisySection(noisy: { message: string }[], names: readonly string[]): string {
  if (noisy.length === 0) return '';
  const messages = noisy.map((w) => `**⚠️ Too noisy for the threshold:** ${escapeMarkdown(w.message, MAX_MESSAGE)}\n\n`).join('');
  const shown = names.slice(0, MAX_LISTED).map(markdownCodeCell).join(', ');
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : '';
  return names.length > 0 ? `${messages}Too noisy at the first look: ${shown}${more}\n\n` : messages;
}

/** rounds auto: how it stopped, the looks, the filter's saving, and the filter's fallbacks. */
function adaptiveSection(result: ComparisonResult): string {
  const account = adaptiveAccount(result);
  if (!account) return '';
  const notes = capped(
    account.notes.map((n) => `- filter: ${escapeMarkdown(n, MAX_MESSAGE)}\n`),
    (n) => `- …and ${n} more filter notes\n`,
  );
  return `${escapeMarkdown(account.sentences.join(' '))}\n\n${notes ? `${notes}\n` : ''}`;
}

/** Per-comparison warnings (comparison.warnings) and the caller's notes, capped and escaped. */
function notesSection(result: ComparisonResult, names: Names, extra: string[]): string {
  const warnings = result.comparisons.flatMap((c) =>
    c.warnings.map((w) => `- ${markdownCodeCell(names.full(c))}: ${escapeMarkdown(w.message, MAX_MESSAGE)}\n`),
  );
  const lines = capped(warnings, (n) => `- …and ${n} more notes in results.json\n`) + extra.map((l) => `- ${l}\n`).join('');
  return lines ? `\n**Notes**\n\n${lines}` : '';
}

/** One suite's part of the report: its rows as table lines, and the lines that fit the budget. */
interface Section {
  heading: string;
  shown: string[];
  folded: string[];
  keptShown: string[];
  keptFolded: string[];
}

const CLOSE_DETAILS = '\n</details>\n\n';
const foldedOpening = (n: number, header: string) => `<details><summary>${n} unchanged</summary>\n\n${header}`;

function renderSection(s: Section, header: string): string {
  let out = s.heading;
  if (s.keptShown.length > 0) out += `${header}${s.keptShown.join('')}\n`;
  if (s.keptFolded.length > 0) out += `${foldedOpening(s.folded.length, header)}${s.keptFolded.join('')}${CLOSE_DETAILS}`;
  return out;
}

function footerLine(result: ComparisonResult): string {
  const gating = result.comparisons.length - result.informational;
  const method = result.settings.adaptive
    ? escapeMarkdown(methodText(result.settings.adaptive, gating))
    : `Mann-Whitney U per benchmark, Hodges-Lehmann 95% intervals · p-values adjusted for the ${gating} gating comparisons`;
  return `\n<sub>benchgate ${escapeMarkdown(result.tool.version)} · ${method}</sub>\n`;
}

const suiteHeading = (suite: string, pkg: string | undefined) =>
  `#### ${markdownCodeCell(suite)}${pkg === undefined ? '' : ` · pkg: ${markdownCodeCell(pkg)}`}`;

function section(heading: string, rows: Row[]): Section {
  return {
    heading,
    shown: rows.filter((r) => !FOLDED.includes(r.verdict)).map(rowLine),
    folded: rows.filter((r) => FOLDED.includes(r.verdict)).map(rowLine),
    keptShown: [],
    keptFolded: [],
  };
}

/** Every suite's section, then every suite's process-cost section. */
function suiteSections(result: ComparisonResult, names: Names): Section[] {
  return [
    ...rowsBySuite(result, names).map(({ suite, pkg, rows }) => section(`${suiteHeading(suite, pkg)}\n\n`, rows)),
    ...rowsBySuite(result, names, true).map(({ suite, pkg, rows }) =>
      section(`${suiteHeading(suite, pkg)}: process cost\n\nThe rows below are ${escapeMarkdown(PROCESS_COST_NOTE)}.\n\n`, rows),
    ),
  ];
}

/**
 * The byte budget as rows are fitted. Sizes are kept as a running byte count: measuring the
 * growing text again for each row would be quadratic. A suite's heading is paid for by the first
 * table of it that fits.
 */
interface Budget {
  limit: number;
  used: number;
  /** Rows left out. */
  left: number;
  /** The sections whose heading is paid for: the ones shown. */
  headed: Set<Section>;
}

/** Keeps as many of `lines` as fit; a table (`opening` .. `closing`) is shown only with at least one row. */
function fill(budget: Budget, s: Section, lines: string[], kept: string[], opening: string, closing: string): void {
  if (lines.length === 0) return;
  const frame = (budget.headed.has(s) ? 0 : bytes(s.heading)) + bytes(opening) + bytes(closing);
  if (budget.used + frame + bytes(lines[0]!) > budget.limit) {
    budget.left += lines.length;
    return;
  }
  budget.used += frame;
  budget.headed.add(s);
  for (const line of lines) {
    const n = bytes(line);
    if (budget.used + n > budget.limit) budget.left++;
    else {
      kept.push(line);
      budget.used += n;
    }
  }
}

/** Fills the sections' kept lines within `limit` bytes, `used` of them already spent outside the tables. */
function fitSections(sections: Section[], header: string, used: number, limit: number): Budget {
  const budget: Budget = { limit, used, left: 0, headed: new Set<Section>() };
  // Every suite's changed rows come before any suite's unchanged ones, so a long list of
  // unchanged benchmarks in one suite can never push another suite's regression out.
  for (const s of sections) fill(budget, s, s.shown, s.keptShown, header, '\n');
  for (const s of sections) fill(budget, s, s.folded, s.keptFolded, foldedOpening(s.folded.length, header), CLOSE_DETAILS);
  return budget;
}

export function renderMarkdown(result: ComparisonResult, opts: MarkdownOptions = {}): string {
  const names = namesOf(result);
  const head = `### ${gateHeadline(result)}\n\n`;
  const diagnostics = diagnosticsSection(result, opts.links ?? []);
  const notes = notesSection(result, names, opts.notes ?? []);
  const header = tableHeader(pColumnLabel(result));
  const footer = footerLine(result);
  const truncationNote = (left: number) =>
    `> ${left} more rows not shown to stay within the size limit; ${escapeMarkdown(opts.fullResultsHint ?? 'see results.json')} has every comparison.\n\n`;
  const sections = suiteSections(result, names);
  const outside = bytes(head) + bytes(diagnostics) + bytes(notes) + bytes(footer) + bytes(truncationNote(999999));
  const { headed, left, used, limit } = fitSections(sections, header, outside, opts.maxBytes ?? Infinity);
  const body = sections
    .filter((s) => headed.has(s))
    .map((s) => renderSection(s, header))
    .join('');
  // Where the flagged benchmarks' changes came from: after every row that fits, in what room is left.
  const where = attributionSection(result, names, limit - used);
  return head + body + where + (left > 0 ? truncationNote(left) : '') + diagnostics + notes + footer;
}
