/** docs/github-action.md's inputs and outputs tables are the ones action.yml generates. */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOC, withTables } from '../../../scripts/generate-docs.js';
import { ROOT } from '../../e2e/helpers.js';

describe('docs/github-action.md', () => {
  it('has the tables action.yml generates (run scripts/generate-docs.ts after editing action.yml)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toBe(withTables(doc, readFileSync(path.join(ROOT, 'action.yml'), 'utf8')));
    expect(doc).toContain('| `report-from` |');
  });

  it('would notice an input missing from the docs', () => {
    const doc = readFileSync(DOC, 'utf8');
    const action = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
    expect(withTables(doc, action.replace(/^ {2}report-from:\n(?: {4}.*\n)+/m, ''))).not.toBe(doc);
  });
});
