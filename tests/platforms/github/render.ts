/**
 * Renders benchgate's markdown as GitHub would (GFM via marked, raw HTML passed through) and
 * checks that text from benchmark output stayed text: no element outside the report's own
 * vocabulary, no link, no unbroken mention, every table row with all its cells.
 */
import { expect } from '@jest/globals';
import { marked } from 'marked';

/** The elements benchgate's own markdown produces; anything else came from a name. */
const OWN_ELEMENTS = new Set([
  'h3',
  'h4',
  'p',
  'code',
  'strong',
  'em',
  'sub',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'blockquote',
  'ul',
  'li',
  'br',
]);

export function renderGfm(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** What a reader sees: tags dropped, entities decoded, invisible word joiners removed. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|\w+);/g, (m, e: string) => (e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : (ENTITIES[e] ?? m)))
    .replaceAll('\u2060', '');
}

/** Asserts the markdown renders with only benchgate's own markup and shows every name as written. */
export function expectPlainText(markdown: string, names: string[]): void {
  const html = renderGfm(markdown);
  const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
  expect([...tags].filter((t) => !OWN_ELEMENTS.has(t))).toEqual([]);
  // GitHub makes no mention or link inside a code span; everywhere else none may be made.
  expect(html.replace(/<code>[^]*?<\/code>/g, '')).not.toMatch(/@everyone|<a\b/);
  const text = visibleText(html);
  for (const name of names) expect(text).toContain(name);
  // A pipe in a name would add a cell: every row of a table has as many cells as its header.
  for (const table of html.match(/<table>[^]*?<\/table>/g) ?? []) {
    const cells = (table.match(/<tr>[^]*?<\/tr>/g) ?? []).map((row) => (row.match(/<t[dh]\b/g) ?? []).length);
    expect(new Set(cells).size).toBe(1);
  }
}
