/**
 * The report registry (src/report/index.ts `reportFiles`) and where its files are documented:
 * a new renderer's file must be named in the README's list of outputs and in docs/gitlab.md's
 * table of what the component reports (docs/architecture.md, "How to add … a renderer").
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportFiles } from '../../src/report/index.js';

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
