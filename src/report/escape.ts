/**
 * Escaping for every string that comes from benchmark output or from an artifact (names, units,
 * metric and suite names, refs, SHAs, failure reasons, warnings): a pull request's author
 * controls those strings, and they must render as plain text wherever benchgate writes them,
 * never as markup, links, mentions, HTML, terminal control sequences or CI workflow commands.
 * Fields that are not free text (numbers, verdicts, sides) are held to their types by the
 * schema check results.json passes before any renderer sees it (src/validate.ts).
 */

const MAX_NAME = 200;

/** One line (every line break a space, Unicode ones too), shortened so one benchmark cannot flood a table. */
export function clip(text: string, max = MAX_NAME): string {
  const flat = text.replace(/[\r\n\t\u0085\u2028\u2029]+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Control characters but newline and tab (ESC, BEL, NUL, C1's CSI…) and the bidirectional
 * controls (overrides, embeddings, isolates, marks: "Trojan Source"), shown as U+FFFD. Every
 * renderer that is not Markdown or a log (HTML, its embedded data, XML, JSON for other tools,
 * OpenMetrics) passes untrusted text through this.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function neutralise(text: string): string {
  return text.replace(UNSAFE, '\ufffd');
}

/** Escapes text for HTML element content and attribute values, controls neutralised. */
export function escapeHtml(text: string): string {
  return neutralise(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const WORD_JOINER = '\u2060';

/**
 * C0/C1 control characters and the bidirectional overrides that can make text read differently
 * from what it is ("Trojan Source"): shown as U+FFFD so nothing invisible reaches a report.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(text: string): string {
  return text.replace(INVISIBLE, '\ufffd');
}

/** Breaks `@mention`s, `#123` references and `scheme://` / `www.` links with a word joiner. */
function unlinked(text: string): string {
  return text
    .replace(/([@#!])(?=\w)/g, `$1${WORD_JOINER}`)
    .replace(/:(?=\/\/)/g, `:${WORD_JOINER}`)
    .replace(/\bwww(\\?\.)/gi, `www${WORD_JOINER}$1`);
}

/**
 * Markdown text that renders literally: mentions (`@team`), references and bare URLs are
 * broken with an invisible word joiner so GitHub and GitLab neither notify anyone nor make a
 * link; then HTML is entity-encoded (named entities, so no `#` to break) and markdown
 * punctuation backslash-escaped.
 */
export function escapeMarkdown(text: string, max = 1000): string {
  return markdownText(text, max, /[\\`*_{}[\]()#+\-.!|~=$]/g);
}

/**
 * Markdown text inside a line that benchgate's own markup begins (a table cell such as
 * "1.23 ms"): the same, but with only the punctuation that means something inside a line
 * escaped, so numbers read as numbers in the raw file too. `$` would open GitHub's math.
 */
export function escapeMarkdownInline(text: string, max = 1000): string {
  return markdownText(text, max, /[\\`*_[\]!|~$]/g);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function markdownText(text: string, max: number, punctuation: RegExp): string {
  return unlinked(visible(clip(text, max)))
    .replace(/[&<>"]/g, (ch) => ENTITIES[ch]!)
    .replace(punctuation, (ch) => `\\${ch}`);
}

/**
 * A benchmark name as a markdown table cell: a code span (inside which GitHub and GitLab render
 * no links, mentions or HTML), with pipes escaped for the table and a fence longer than any
 * run of backticks in the name. GFM splits table cells before it parses code spans, reading
 * `\x` as one escaped pair: a backslash right before a pipe gets a word joiner so the pipe's
 * own escape survives.
 */
export function markdownCodeCell(name: string): string {
  const text = visible(clip(name))
    .replace(/\\(?=\|)/g, `\\${WORD_JOINER}`)
    .replace(/\|/g, '\\|');
  const longestTicks = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longestTicks + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text.trim() !== text || text === '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * One line of plain text for places that show text as is but where a mention or link could
 * still be made or a line could be injected (annotations, check run titles, log lines).
 */
export function plainText(text: string, max = MAX_NAME): string {
  return unlinked(visible(clip(text, max)));
}
