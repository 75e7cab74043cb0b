/**
 * Writes the inputs and outputs tables of docs/github-action.md from action.yml, so the docs
 * cannot drift from the metadata (tests/platforms/github/docs.test.ts fails when they do).
 * Usage: node --import tsx scripts/generate-docs.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = path.join(ROOT, 'docs', 'github-action.md');
const START = '<!-- generated from action.yml by scripts/generate-docs.ts: start -->';
const END = '<!-- generated from action.yml by scripts/generate-docs.ts: end -->';

interface Entry {
  description?: string;
  default?: string;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderTables(actionYml: string): string {
  const action = parse(actionYml) as { inputs: Record<string, Entry>; outputs: Record<string, Entry> };
  const inputs = Object.entries(action.inputs).map(
    ([name, e]) => `| \`${name}\` | ${cell(e.description ?? '')} | ${e.default === undefined ? '' : `\`${cell(e.default)}\``} |`,
  );
  const outputs = Object.entries(action.outputs).map(([name, e]) => `| \`${name}\` | ${cell(e.description ?? '')} |`);
  return [
    START,
    '| input | description | default |',
    '|:--|:--|:--|',
    ...inputs,
    '',
    '| output | description |',
    '|:--|:--|',
    ...outputs,
    END,
  ].join('\n');
}

/** The doc with its generated block replaced by tables rendered from `actionYml`. */
export function withTables(doc: string, actionYml: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC}: the generated-block markers are missing`);
  return doc.slice(0, start) + renderTables(actionYml) + doc.slice(end + END.length);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(DOC, withTables(readFileSync(DOC, 'utf8'), readFileSync(path.join(ROOT, 'action.yml'), 'utf8')));
}
