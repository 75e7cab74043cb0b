/**
 * The report registry (src/report/index.ts): where its files are documented (a new renderer's
 * file must be named in the README's list of outputs and in docs/gitlab.md's table of what the
 * component reports: docs/architecture.md, "How to add … a renderer"), and every view held to
 * the limit declared beside it, however many benchmarks there are.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportFiles, shownViews } from '../../src/report/index.js';
import type { Annotation, CheckText, RenderContext, ViewLimit } from '../../src/report/view.js';
import { compared, result } from '../builders.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The text of a markdown file from the heading `from` up to the next heading of its level or above. */
function section(file: string, from: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const start = text.indexOf(`\n${from}\n`);
  if (start === -1) throw new Error(`${file} has no heading "${from}"`);
  const level = /^#+/.exec(from)![0].length;
  const rest = text.slice(start + from.length + 2);
  const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
  return end === -1 ? rest : rest.slice(0, end);
}

const files = reportFiles.map((r) => r.file);

describe('the report registry', () => {
  it('writes each file once', () => {
    expect(new Set(files).size).toBe(files.length);
  });

  it.each([
    ['README.md', '### What it writes'],
    ['docs/gitlab.md', '## What it reports'],
  ])('names every file it writes in %s (%s)', (file, heading) => {
    const text = section(file, heading);
    expect(files.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });
});

/** How much of its limit a rendered view takes, in the limit's unit (a check run's is its summary). */
const used: Record<ViewLimit['unit'], (rendered: unknown) => number> = {
  bytes: (text) => Buffer.byteLength(text as string),
  characters: (text) => (typeof text === 'string' ? text : (text as CheckText).summary).length,
  'annotations of each kind': (annotations) =>
    Math.max(...(['error', 'warning', 'notice'] as const).map((k) => (annotations as Annotation[]).filter((a) => a.kind === k).length)),
};

describe('the views and their limits', () => {
  // More of every kind than any limit lets through: long names, each verdict a GitHub view shows.
  const many = result(
    Array.from({ length: 6000 }, (_, i) =>
      compared(`bench/${'x'.repeat(60)}/${i}`, (['regression', 'improvement', 'unchanged'] as const)[i % 3]!, 10 + (i % 50)),
    ),
  );
  const ctx: RenderContext = {
    result: many,
    comment: { links: [{ text: 'job summary', url: 'https://example.com/run/1' }] },
    platform: { links: [{ text: 'job summary', url: 'https://example.com/run/1' }], suite: 'suite' },
  };
  // Every view that declares a limit (jest refuses an empty table: a registry that declared none fails).
  const limited = [
    ...reportFiles.map((f) => [f.file, f.limit, () => f.render(ctx)] as const),
    ...Object.entries(shownViews).map(([name, view]) => [name, view.limit, () => view.render(ctx)] as const),
  ].filter((entry) => entry[1] !== undefined);

  it.each(limited)('%s stays within its limit', (_name, limit, render) => {
    const n = used[limit!.unit](render());
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(limit!.max);
  });
});
