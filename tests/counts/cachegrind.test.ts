import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ValgrindFileError, parseCachegrind } from '../../src/counts/cachegrind.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/cachegrind/', import.meta.url));
const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`, 'utf8');

/** The error parseCachegrind throws on `text`. */
function errorOf(text: string): ValgrindFileError {
  try {
    parseCachegrind(text);
  } catch (err) {
    if (err instanceof ValgrindFileError) return err;
    throw err;
  }
  throw new Error('parsed without an error');
}

describe('parseCachegrind', () => {
  it("reads a C program's total and self Ir per (file, function)", () => {
    const { total, table } = parseCachegrind(fixture('c-1000.cg'));
    expect(total).toBe(193108);
    const prog = table.functions.get('/tmp/cgfx/prog.c')!;
    // helper: 1000 calls of 59 instructions (lines 4, 6, 8: 1000 + 57000 + 1000).
    expect(prog.get('helper')).toBe(59000);
    expect(prog.get('work')).toBe(3 + 1 + 6004 + 5);
    expect(prog.get('main')).toBe(16);
    // Named, in a file without debug information (the loader's entry): kept, file ???.
    expect(table.functions.get('???')!.get('(below main)')).toBe(11);
    // The dynamic loader's unnamed stub.
    expect(table.unnamed).toBe(142);
    const sum = [...table.functions.values()].flatMap((names) => [...names.values()]).reduce((a, b) => a + b, 0);
    expect(sum + table.unnamed).toBe(total);
    expect([...table.functions.values()].reduce((n, names) => n + names.size, 0)).toBe(337);
  });

  it('differs between two works only in what the work runs', () => {
    const small = parseCachegrind(fixture('c-1000.cg')).table;
    const large = parseCachegrind(fixture('c-2000.cg')).table;
    expect(large.functions.get('/tmp/cgfx/prog.c')!.get('helper')! - small.functions.get('/tmp/cgfx/prog.c')!.get('helper')!).toBe(59000);
    expect(large.functions.get('./elf/./elf/dl-lookup.c')).toEqual(small.functions.get('./elf/./elf/dl-lookup.c'));
  });

  it("puts a stripped binary's functions in unnamed and keeps the total", () => {
    const { total, table } = parseCachegrind(fixture('c-stripped-1000.cg'));
    // The loader's work moves a little with the program's path; the program's own is the same.
    expect(total).toBe(193094);
    expect(table.functions.has('/tmp/cgfx/prog.c')).toBe(false);
    expect(table.functions.has('???')).toBe(false);
    expect(table.unnamed).toBe(65182);
  });

  it("reads a Go test binary's 2,086 functions, inlined code keyed by its own file", () => {
    const { total, table } = parseCachegrind(fixture('go-tiny-1000.cg'));
    expect([...table.functions.values()].reduce((n, names) => n + names.size, 0)).toBe(2086);
    // Sum and mix are inlined into BenchmarkSum: their lines count under tiny.go with the caller's name.
    expect(table.functions.get('/tmp/cgfx/gotiny/tiny.go')!.get('example.com/tiny.BenchmarkSum')).toBe(1060059);
    expect(table.functions.get('/tmp/cgfx/gotiny/tiny_test.go')!.has('example.com/tiny.BenchmarkSum')).toBe(true);
    expect(table.unnamed).toBe(0);
    expect(total).toBeGreaterThan(1060059);
  });

  it('refuses a cut file, naming its last line', () => {
    const text = fixture('c-1000.cg');
    const cut = text.slice(0, text.length / 2);
    const err = errorOf(cut);
    expect(err.message).toMatch(/no summary: line at the end: the file is cut/);
    expect(err.line).toBe(cut.trimEnd().split('\n').length);
    expect(errorOf('').message).toMatch(/cut/);
  });

  it('refuses a row that is not numbers, naming the line', () => {
    const lines = fixture('c-1000.cg').split('\n');
    lines[20] = '144 eleven';
    const err = errorOf(lines.join('\n'));
    expect(err.line).toBe(21);
    expect(err.message).toMatch(/"144 eleven" is not a cost row of numbers/);
  });

  it('refuses more counts than events, a row before any fn=, and fn= before any fl=', () => {
    const head = 'events: Ir\nfl=a.c\nfn=f\n';
    expect(errorOf(`${head}1 2 3\nsummary: 2\n`).message).toBe('line 4: expected at most 1 counts (1 events): the file is malformed');
    expect(errorOf('events: Ir\nfl=a.c\n1 2\nsummary: 2\n').message).toBe('line 3: a cost row before any fn= line: the file is malformed');
    expect(errorOf('events: Ir\nfn=f\n1 2\nsummary: 2\n').message).toBe('line 2: fn= before any fl= line: the file is malformed');
    expect(errorOf('fl=a.c\nfn=f\n1 2\nsummary: 2\n').message).toMatch(/^line 3: counts before the events: line/);
    expect(errorOf('events: Dr\nfl=a.c\nfn=f\n1 2\nsummary: 2\n').message).toMatch(/^line 1: events: Dr has no Ir/);
  });

  it('refuses rows that do not add up to the summary', () => {
    const text = fixture('c-1000.cg').replace('summary: 193108', 'summary: 193109');
    const err = errorOf(text);
    expect(err.message).toMatch(/the rows add up to 193108 instructions, but the summary: line says 193109/);
    expect(err.line).toBe(text.trimEnd().split('\n').length);
  });

  it('reads Ir wherever the events put it, missing trailing counts as 0', () => {
    const { total, table } = parseCachegrind('events: Dr Ir\nfl=a.c\nfn=f\n1 5 7\n2 5\nfn=???\n3 1 2\nsummary: 11 9\n');
    expect(total).toBe(9);
    expect(table.functions.get('a.c')!.get('f')).toBe(7);
    expect(table.unnamed).toBe(2);
  });
});
