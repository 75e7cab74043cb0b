/**
 * The pull request comment and the GitLab merge request note (docs/architecture.md, decision 6):
 * one value of named slots, rendered to at most 5 KB and written to `comment.md` in --out, the
 * exact text both platforms post under their sticky marker.
 *
 * - headline: what the gate did (passed, failed, could not decide) and what matters most;
 * - table: what changed or stayed undecided, largest first, capped ("N more in the job summary");
 *   unchanged rows folded into one line of names; the gate's rows (and the names of its unchanged
 *   ones) before any row that does not gate, which only fills what they leave;
 * - notes: one line each (diagnostics, warnings), from the note providers below;
 * - links: the job summary, the artifacts, from the link providers below.
 *
 * Another issue adds a line by adding a provider to `NOTE_PROVIDERS` or `LINK_PROVIDERS`, never
 * by editing the layout. Every provider returns finished markdown: it escapes what it quotes.
 */
import { isChange, type Comparison, type ComparisonResult, type Verdict } from '../model.js';
import { adaptiveAccount, splitWarnings } from './adaptive.js';
import { attributionLine, attributionOf } from './attribution.js';
import { clip, escapeMarkdown, escapeMarkdownInline, markdownCodeCell } from './escape.js';
import { gateHeadline } from './gate-headline.js';
import { linkMarkdown, type MarkdownLink } from './links.js';
import { namesOf, type Names } from './names.js';
import { rowOf, settingsLine, shortSha, VERDICT_ICON } from './rows.js';
import { roundsSparkline, SPARKLINE_LEGEND } from './sparkline.js';
import { trendUrl } from './trend-links.js';
import { formatChange, formatPct } from './units.js';

export const COMMENT_FILE = 'comment.md';
/** The comment's budget: a reviewer reads it on the pull request; the job summary has the rest. */
export const COMMENT_MAX_BYTES = 5 * 1024;

export interface CommentSlots {
  headline: string;
  table: string;
  notes: string[];
  links: string[];
}

/** What the platform knows and the result does not. */
export interface CommentOptions {
  /** The platform's links (job summary, artifacts, job log); the caller checks they are http(s). */
  links?: MarkdownLink[];
  /** Where the rows left out are: "the job summary" (GitHub), "summary.md in the job artifacts" (GitLab). */
  fullReport?: string;
  /** Which section of the sticky comment this is: the PR gate's (default) or a `/benchmark` deep run's. */
  section?: CommentSection;
  /** The deep run's heading: who asked, with which options (already escaped markdown). */
  requestedBy?: string;
  /** main's trend site (trusted-only `history-url`, checked by checkHistoryUrl): flagged benchmarks link to their trends. */
  historyUrl?: string;
}

export interface CommentContext {
  result: ComparisonResult;
  names: Names;
  links: MarkdownLink[];
  fullReport: string;
  historyUrl?: string;
}

/** One-line notes (markdown, escaped, no line break) for the notes slot. */
export type NoteProvider = (ctx: CommentContext) => string[];
/** Links (markdown) for the links slot. */
export type LinkProvider = (ctx: CommentContext) => string[];

/** Longest a quoted message gets in a note: one line on a wide screen. */
const NOTE_MESSAGE = 200;
/** Run-level warnings and per-benchmark notes listed before "N more in the job summary". */
const MAX_WARNINGS = 3;
/** Table rows before "N more in the job summary", whatever the budget would allow. */
export const MAX_ROWS = 10;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the measured commit is compared against, when the platform chose it. */
const comparedNote: NoteProvider = ({ result }) =>
  typeof result.head.chosen?.why === 'string' ? [`Compared: ${escapeMarkdown(result.head.chosen.why, NOTE_MESSAGE)}.`] : [];

const failedRunsNote: NoteProvider = ({ result }) => {
  const runs = result.failures.runs;
  if (runs.length === 0) return [];
  const first = runs[0]!;
  return [
    `💥 ${plural(runs.length, 'run')} failed (first: ${first.side} in round ${first.round}: ${escapeMarkdown(first.error, NOTE_MESSAGE)})`,
  ];
};

/** Too noisy for the threshold: the warning says how many and the first; the job summary names them all. */
const noisyNote: NoteProvider = ({ result }) =>
  splitWarnings(result.warnings).noisy.map((w) => `⚠️ **Too noisy for the threshold:** ${escapeMarkdown(w.message, 2 * NOTE_MESSAGE)}`);

/** rounds auto: how it stopped (its other sentences are in the job summary). */
const adaptiveNote: NoteProvider = ({ result }) => {
  const account = adaptiveAccount(result);
  return account ? [escapeMarkdown(account.sentences[0]!)] : [];
};

function cappedLines(lines: string[], fullReport: string, what: string): string[] {
  if (lines.length <= MAX_WARNINGS) return lines;
  return [...lines.slice(0, MAX_WARNINGS), `…and ${lines.length - MAX_WARNINGS} more ${what} in ${escapeMarkdown(fullReport)}`];
}

/** Run-level warnings; a failed run's is the failed-runs note already. */
const warningsNote: NoteProvider = ({ result, fullReport }) =>
  cappedLines(
    splitWarnings(result.warnings)
      .other.filter((w) => w.code !== 'run-failed')
      .map((w) => `⚠️ ${escapeMarkdown(w.message, NOTE_MESSAGE)}`),
    fullReport,
    'warnings',
  );

/** Per-benchmark notes of the rows the table shows (a bimodal sample, a failure's reason). */
const benchmarkNotes: NoteProvider = ({ result, names, fullReport }) =>
  cappedLines(
    result.comparisons
      .filter((c) => c.verdict !== 'unchanged')
      .flatMap((c) => c.warnings.map((w) => `${markdownCodeCell(names.full(c))}: ${escapeMarkdown(w.message, NOTE_MESSAGE)}`)),
    fullReport,
    'benchmark notes',
  );

const geomeanNote: NoteProvider = ({ result }) =>
  result.geomean
    ? [
        `Geometric mean of time ratios: **${formatChange(result.geomean.changePct, result.geomean.ci)}** over ${plural(result.geomean.benchmarks, 'benchmark')}.`,
      ]
    : [];

/** Main has crept (issue 26): one line from the published history, never the pull request's doing. */
const mainCreepNote: NoteProvider = ({ result }) => {
  const creep = result.mainCreep;
  if (creep === undefined) return [];
  return [
    `📈 main: ${formatChange(creep.changePct, creep.interval)} over the last ${plural(creep.links, 'commit')} (${markdownCodeCell(creep.benchmark)}; not this pull request's doing)`,
  ];
};

/** skip-paths: the files that changed, so a reviewer sees why nothing was measured. */
const skippedNote: NoteProvider = ({ result }) => {
  const skipped = result.skipped;
  if (!skipped || skipped.files.length === 0) return [];
  const more = skipped.changedFiles - skipped.files.length;
  return [`Changed: ${skipped.files.map((f) => markdownCodeCell(f)).join(', ')}${more > 0 ? ` and ${more} more` : ''}.`];
};

/** The notes slot's lines, in this order. Issues 20, 22, 26 add their providers here. */
export const NOTE_PROVIDERS: NoteProvider[] = [
  failedRunsNote,
  noisyNote,
  warningsNote,
  benchmarkNotes,
  adaptiveNote,
  geomeanNote,
  comparedNote,
  mainCreepNote,
  skippedNote,
];

const platformLinks: LinkProvider = ({ links }) => links.map(linkMarkdown);

/** Flagged benchmarks shown with a link to their trend on main: the largest changes first. */
const MAX_TREND_LINKS = 3;
const MAX_TREND_URL = 400;

/** Each flagged benchmark's trend on main's site (issue 27), when the site's URL is configured. */
const trendLinks: LinkProvider = ({ result, names, historyUrl }) => {
  if (historyUrl === undefined) return [];
  const flagged = result.comparisons
    .filter((c) => c.gating && isChange(c))
    .sort((a, b) => Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0));
  // A link longer than this (a very long name) is left to the site's overview: the comment's budget is for the table.
  const shown = flagged.slice(0, MAX_TREND_LINKS).filter((c) => trendUrl(historyUrl, result, c).length <= MAX_TREND_URL);
  const lines = shown.map(
    (c) => `📈 ${markdownCodeCell(names.full(c))} on main: ${linkMarkdown({ text: 'trend', url: trendUrl(historyUrl, result, c) })}`,
  );
  if (flagged.length > shown.length)
    lines.push(`📈 ${flagged.length - shown.length} more flagged: ${linkMarkdown({ text: "main's trends", url: historyUrl })}`);
  return lines;
};

/** The links slot, in this order. */
export const LINK_PROVIDERS: LinkProvider[] = [platformLinks, trendLinks];

/** Where a verdict goes in the table: what fails a gate first, then what moved, then what stayed undecided. */
const VERDICT_RANK: Record<Verdict, number> = {
  regression: 0,
  failed: 1,
  removed: 2,
  improvement: 3,
  inconclusive: 4,
  added: 5,
  unchanged: 6,
};

/** Gating before not gating, then by verdict, then the largest change first. */
function tableOrder(a: Comparison, b: Comparison): number {
  return (
    Number(!a.gating) - Number(!b.gating) ||
    VERDICT_RANK[a.verdict] - VERDICT_RANK[b.verdict] ||
    Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0)
  );
}

const TABLE_HEADER = `| benchmark | base → head | change (95% CI) | verdict | ${SPARKLINE_LEGEND} |\n|:--|--:|--:|:--|:--|\n`;

function tableLine(c: Comparison, names: Names, suites: number): string {
  const r = rowOf(c, names);
  const name = suites > 1 ? `${markdownCodeCell(r.name)} (${escapeMarkdownInline(r.suite, 60)})` : markdownCodeCell(r.name);
  return `| ${name} | ${escapeMarkdownInline(r.base)} → ${escapeMarkdownInline(r.head)} | ${r.change} | ${VERDICT_ICON[r.verdict]} ${escapeMarkdown(r.verdictText)} | ${roundsSparkline(c)} |\n`;
}

/** Table lines of `rows`, in order, while they fit `room` bytes and `slots` rows. */
function fittingLines(rows: Comparison[], names: Names, suites: number, room: number, slots: number): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const c of rows.slice(0, slots)) {
    const line = tableLine(c, names, suites);
    if (used + bytes(line) > room) break;
    lines.push(line);
    used += bytes(line);
  }
  return lines;
}

/** A function name in a "where" line: shorter than a benchmark's, since the line names up to three. */
const WHERE_NAME = 80;

/** The table row under a flagged row that says where its change came from (its first cell only, a piece a line). */
function whereLine(c: Comparison): string {
  const attribution = attributionOf(c);
  if (!attribution) return '';
  const line = attributionLine(attribution, (name) => markdownCodeCell(clip(name, WHERE_NAME)), '<br>');
  return `| <sub>↳ ${line}</sub> | | | | |\n`;
}

/** The "where" lines of the rows shown, in their order, as far as `room` bytes allow: rows come first, so these go before any row does. */
function whereLines(shown: Comparison[], room: number): { lines: string[]; used: number } {
  let used = 0;
  const lines = shown.map((c) => {
    const line = whereLine(c);
    if (used + bytes(line) > room) return '';
    used += bytes(line);
    return line;
  });
  return { lines, used };
}

/**
 * What changed or stayed undecided, within `budget` bytes and MAX_ROWS rows. The gate's rows
 * come first: the gating rows that moved, then the folded line of the unchanged gating ones (by
 * name, as far as room allows); rows that do not gate (derived throughput, process cost,
 * secondary metrics) only fill the rows and bytes those leave, and the rest are counted. Each
 * flagged row shown gets the line that says where its change came from while room is left:
 * rows come first, so these go before any row does.
 */
function table(ctx: CommentContext, budget: number): string {
  const { result, names, fullReport } = ctx;
  const suites = new Set(result.comparisons.map((c) => c.suite)).size;
  const moved = result.comparisons.filter((c) => c.verdict !== 'unchanged').sort(tableOrder);
  const [gatingMoved, otherMoved] = [moved.filter((c) => c.gating), moved.filter((c) => !c.gating)];
  const folded = foldedLine(
    result.comparisons.filter((c) => c.verdict === 'unchanged'),
    names,
    fullReport,
  );
  const more = (n: number) => `\n…and ${n} more in ${escapeMarkdown(fullReport)}.\n`;
  let room = budget - bytes(TABLE_HEADER) - bytes(more(moved.length)) - bytes(folded.minimum);
  const gating = fittingLines(gatingMoved, names, suites, room, MAX_ROWS);
  room -= bytes(gating.join(''));
  const foldedText = folded.fit(room);
  room -= bytes(foldedText) - bytes(folded.minimum);
  // A gating row that did not fit leaves nothing to the rows that do not gate.
  const slots = gating.length < gatingMoved.length ? 0 : MAX_ROWS - gating.length;
  const others = fittingLines(otherMoved, names, suites, room, slots);
  room -= bytes(others.join(''));
  const lines = [...gating, ...others];
  const where = whereLines([...gatingMoved.slice(0, gating.length), ...otherMoved.slice(0, others.length)], room);
  const left = moved.length - lines.length;
  const rows = lines.length > 0 ? TABLE_HEADER + lines.map((line, i) => line + where.lines[i]).join('') : '';
  return [rows + (left > 0 ? more(left) : ''), foldedText].filter(Boolean).join('\n');
}

/**
 * "⚪ 12 unchanged: `Parse` −0.14%, …; 33 more rows that do not gate are unchanged": the
 * gating names as far as `room` allows (at least the count), the others counted.
 */
function foldedLine(unchanged: Comparison[], names: Names, fullReport: string): { minimum: string; fit(room: number): string } {
  const gating = unchanged.filter((c) => c.gating);
  const others = unchanged.length - gating.length;
  const tail = others > 0 ? `; ${plural(others, 'row')} that do${others === 1 ? 'es' : ''} not gate unchanged too` : '';
  const line = (shown: string[]) => {
    const left = gating.length - shown.length;
    const list = shown.length > 0 ? `: ${shown.join(', ')}${left > 0 ? ` and ${left} more` : ''}` : '';
    return `${VERDICT_ICON.unchanged} ${gating.length} unchanged${list}${tail} (${escapeMarkdown(fullReport)} has them all).\n`;
  };
  if (unchanged.length === 0) return { minimum: '', fit: () => '' };
  const minimum = line([]);
  return {
    minimum,
    fit(room: number) {
      const shown: string[] = [];
      for (const c of gating) {
        const next = [...shown, `${markdownCodeCell(names.full(c))} ${formatPct(c.changePct)}`];
        if (bytes(line(next)) - bytes(minimum) > room) break;
        shown.push(next.at(-1)!);
      }
      return line(shown);
    },
  };
}

function footer(result: ComparisonResult): string {
  return `<sub>base ${markdownCodeCell(shortSha(result.base.sha))} → head ${markdownCodeCell(shortSha(result.head.sha))} · ${escapeMarkdown(settingsLine(result))} · benchgate ${escapeMarkdown(result.tool.version, 40)}</sub>\n`;
}

function layout(slots: CommentSlots, result: ComparisonResult): string {
  const notes = slots.notes.map((n) => `- ${n}\n`).join('');
  const links = slots.links.length > 0 ? `${slots.links.join(' · ')}\n\n` : '';
  return `### ${slots.headline}\n\n${slots.table ? `${slots.table}\n` : ''}${notes ? `${notes}\n` : ''}${links}${footer(result)}`;
}

/** The comment's slots, filled to fit COMMENT_MAX_BYTES: notes first dropped from the end, then table rows. */
export function commentSlots(result: ComparisonResult, options: CommentOptions = {}): CommentSlots {
  const ctx: CommentContext = {
    result,
    names: namesOf(result),
    links: options.links ?? [],
    fullReport: options.fullReport ?? 'summary.md',
    ...(options.historyUrl !== undefined && { historyUrl: options.historyUrl }),
  };
  const notes = NOTE_PROVIDERS.flatMap((provide) => provide(ctx));
  const deep = options.section === 'deep' ? `🔬 Deep run${options.requestedBy ? ` (${options.requestedBy})` : ''}: ` : '';
  const slots: CommentSlots = {
    headline: deep + gateHeadline(result),
    table: '',
    notes,
    links: LINK_PROVIDERS.flatMap((provide) => provide(ctx)),
  };
  // Notes are one line each but a hostile message can still be long: the table keeps at least
  // half of the budget, and the notes that do not fit are said to be in the job summary.
  const dropped = `…and more notes in ${escapeMarkdown(ctx.fullReport)}`;
  for (let kept = notes.length; bytes(layout(slots, result)) > COMMENT_MAX_BYTES / 2 && kept > 0; kept--)
    slots.notes = [...notes.slice(0, kept - 1), dropped];
  // Two line breaks join the table to the layout.
  slots.table = table(ctx, COMMENT_MAX_BYTES - bytes(layout(slots, result)) - 2);
  return slots;
}

/** The comment's markdown (comment.md): at most COMMENT_MAX_BYTES. */
export function renderComment(result: ComparisonResult, options: CommentOptions = {}): string {
  const slots = commentSlots(result, options);
  return layout(slots, result);
}

/**
 * The sticky comment's sections (decision 6): the PR gate writes `gate`, a `/benchmark` run
 * writes `deep`, each under its own marker line, so neither overwrites the other.
 */
export const COMMENT_SECTIONS = ['gate', 'deep'] as const;
export type CommentSection = (typeof COMMENT_SECTIONS)[number];

export function sectionMarker(section: CommentSection): string {
  return `<!-- benchgate:section ${section} -->`;
}

/**
 * The comment's body (after the sticky marker) with one section replaced and the others kept.
 * A body without section markers (the gate's alone, or a comment written before sections) is all
 * `gate`. A marker
 * line inside a section's text is dropped: the text is benchgate's own, escaped, but a section
 * must never be able to end another.
 */
export function withSection(existing: string, section: CommentSection, text: string): string {
  const markers = new Map(COMMENT_SECTIONS.map((s) => [sectionMarker(s), s]));
  const sections = new Map<CommentSection, string[]>();
  let current: CommentSection | null = existing.trim() === '' ? null : 'gate';
  for (const line of existing.split('\n')) {
    const named = markers.get(line.trim());
    if (named) current = named;
    else if (current) sections.set(current, [...(sections.get(current) ?? []), line]);
  }
  sections.set(section, text.split('\n'));
  // The gate alone is posted as comment.md has it, as before there were sections.
  if (sections.size === 1 && section === 'gate')
    return text
      .split('\n')
      .filter((line) => !markers.has(line.trim()))
      .join('\n');
  return COMMENT_SECTIONS.filter((s) => sections.has(s))
    .map(
      (s) =>
        `${sectionMarker(s)}\n${sections
          .get(s)!
          .filter((line) => !markers.has(line.trim()))
          .join('\n')
          .trim()}\n`,
    )
    .join('\n');
}
