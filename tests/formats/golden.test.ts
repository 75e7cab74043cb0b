/**
 * One golden per parser fixture: the measurements each fixture file parses to, compared whole with
 * tests/formats/golden/<fixture path>.jsonl (one measurement a line), so a parser change shows in
 * review as a diff. The list comes from the fixtures directory (registry.test.ts checks that every
 * file there is listed with its format), not from a hand-kept list of goldens; a golden whose
 * fixture is gone fails too. After an intended change: `npm run goldens`, then read the diff.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseOutput } from '../../src/formats/index.js';
import { FIXTURES, FIXTURES_BY_FORMAT, FIXTURES_BY_NAME_ONLY, fixture } from './fixture.js';

const DIR = path.join(import.meta.dirname, 'golden');
const UPDATE = process.env.UPDATE_GOLDENS === '1';

const formatOf = new Map(
  Object.entries({ ...FIXTURES_BY_FORMAT, ...FIXTURES_BY_NAME_ONLY }).flatMap(([name, files]) => files.map((f) => [f, name])),
);

/** Every parseable fixture under tests/fixtures/formats, found by walking the directory. */
const PARSED = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(FIXTURES, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  .filter((file) => formatOf.has(file))
  .sort();

const goldenOf = (file: string) => path.join(DIR, `${file}.jsonl`);

describe('parser goldens (npm run goldens rewrites them)', () => {
  it('finds the fixtures by walking the directory', () => {
    expect(PARSED.length).toBe(formatOf.size);
  });

  it.each(PARSED)('%s', (file) => {
    const { measurements } = parseOutput(fixture(file), formatOf.get(file)!);
    const text = measurements.map((m) => JSON.stringify(m)).join('\n') + '\n';
    const golden = goldenOf(file);
    if (UPDATE) {
      mkdirSync(path.dirname(golden), { recursive: true });
      writeFileSync(golden, text);
    }
    if (!existsSync(golden)) throw new Error(`${golden} is missing: run npm run goldens, then review and commit it`);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });

  it('keeps no golden whose fixture is gone', () => {
    const wanted = new Set(PARSED.map(goldenOf));
    const stale = readdirSync(DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !wanted.has(file));
    if (UPDATE) for (const file of stale) rmSync(file);
    else expect(stale).toEqual([]);
  });
});
