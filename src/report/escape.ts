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
 * Markdown text that renders literally: HTML is entity-encoded, markdown punctuation is
 * backslash-escaped, and mentions (`@team`) and bare URLs are broken with an invisible word
 * joiner so GitHub and GitLab neither notify anyone nor make a link.
 */
export function escapeMarkdown(text: string): string {
  return clip(text, 1000)
    .replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
    .replace(/[\\`*_{}[\]()#+\-.!|~=]/g, (ch) => `\\${ch}`)
    .replace(/([@#!])(?=\w)/g, `$1${WORD_JOINER}`)
    .replace(/:(?=\/\/)/g, `:${WORD_JOINER}`)
    .replace(/\bwww\\\./gi, `www${WORD_JOINER}\\.`);
}

/**
 * A benchmark name as a markdown table cell: a code span (inside which GitHub and GitLab render
 * no links, mentions or HTML), with pipes escaped for the table and a fence longer than any
 * run of backticks in the name.
 */
export function markdownCodeCell(name: string): string {
  const text = clip(name).replace(/\|/g, '\\|');
  const longestTicks = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longestTicks + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text.trim() !== text ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
