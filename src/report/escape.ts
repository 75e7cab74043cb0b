/**
 * Escaping for everything that comes from benchmark output (names, harness messages): a pull
 * request's author controls those strings, and they must render as plain text wherever
 * benchgate writes them, never as markup, links, mentions or HTML.
 */

const MAX_NAME = 200;

/** Shortens very long names so one benchmark cannot flood a table. */
export function clip(text: string, max = MAX_NAME): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const WORD_JOINER = '\u2060';

/**
 * C0/C1 control characters and the bidirectional overrides that can make text read differently
 * from what it is ("Trojan Source"): shown as U+FFFD so nothing invisible reaches a report.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

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
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  return unlinked(visible(clip(text, max)))
    .replace(/[&<>"]/g, (ch) => entities[ch]!)
    .replace(/[\\`*_{}[\]()#+\-.!|~=]/g, (ch) => `\\${ch}`);
}

/**
 * A benchmark name as a markdown table cell: a code span (inside which GitHub and GitLab render
 * no links, mentions or HTML), with pipes escaped for the table and a fence longer than any
 * run of backticks in the name. GFM splits table cells before it parses code spans, reading
 * `\x` as one escaped pair: a backslash right before a pipe gets a word joiner so the pipe's
 * own escape survives.
 */
export function markdownCodeCell(name: string): string {
  const text = visible(clip(name)).replace(/\\(?=\|)/g, `\\${WORD_JOINER}`).replace(/\|/g, '\\|');
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
