import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTreeCounts, type TreeCounts } from '../../src/runner/instructions.js';
import { tempDir } from '../e2e/helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/cachegrind/', import.meta.url));
/** The C fixture as if its program had been built in `dir` (it was built in /tmp/cgfx). */
const cFixtureBuiltIn = (dir: string) => readFileSync(`${FIXTURES}c-1000.cg`, 'utf8').replaceAll('/tmp/cgfx/', `${dir}/`);

function counted(dir: string, worktree?: string): TreeCounts {
  const counts = readTreeCounts(dir, worktree);
  if (counts === null || 'unreadable' in counts) throw new Error(`not counted: ${JSON.stringify(counts)}`);
  return counts;
}

describe('readTreeCounts', () => {
  it("adds up every process's file: the summaries' total, and the tables", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'cg.101'), readFileSync(`${FIXTURES}c-1000.cg`));
    writeFileSync(path.join(dir, 'cg.102'), readFileSync(`${FIXTURES}c-2000.cg`));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a count file');
    const { instructions, table } = counted(dir);
    expect(instructions).toBe(193108 + 258108);
    expect(table.functions.get('/tmp/cgfx/prog.c')!.get('helper')).toBe(59000 + 118000);
    expect(table.unnamed).toBe(2 * 142);
  });

  it('makes files inside the worktree relative to it, by its path or its real path, and leaves the others', () => {
    const root = tempDir();
    const real = path.join(root, 'real');
    mkdirSync(real);
    symlinkSync(real, path.join(root, 'link'));
    const dir = tempDir();
    writeFileSync(path.join(dir, 'cg.7'), cFixtureBuiltIn(real));
    for (const worktree of [real, path.join(root, 'link')]) {
      const { table } = counted(dir, worktree);
      expect(table.functions.get('prog.c')!.get('helper')).toBe(59000);
      expect(table.functions.has(path.join(real, 'prog.c'))).toBe(false);
      expect(table.functions.get('./elf/./elf/dl-lookup.c')!.get('do_lookup_x')).toBe(21246);
    }
    // A worktree the file is not in changes nothing.
    expect(counted(dir, tempDir()).table.functions.has(path.join(real, 'prog.c'))).toBe(true);
  });

  it('names a cut file and its line, instead of a count short by one process', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'cg.101'), readFileSync(`${FIXTURES}c-1000.cg`));
    const text = readFileSync(`${FIXTURES}c-2000.cg`, 'utf8');
    writeFileSync(path.join(dir, 'cg.102'), text.slice(0, 5000));
    const line = text.slice(0, 5000).trimEnd().split('\n').length;
    expect(readTreeCounts(dir)).toEqual({
      unreadable: `cannot read valgrind's counts of process 102 (cg.102), line ${line}: no summary: line at the end: the file is cut (the counted process was killed, or the disk is full)`,
    });
  });

  it('is null when valgrind wrote no file', () => {
    expect(readTreeCounts(tempDir())).toBeNull();
  });
});
