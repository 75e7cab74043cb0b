/**
 * callgrind's files (src/counts/callgrind.ts): real files from this machine (tests/fixtures/callgrind,
 * SOURCE.md says how they were made) read into self counts and call edges that add up, and files
 * that are cut or malformed refused by line.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ValgrindFileError } from '../../src/counts/cachegrind.js';
import { parseCallgrind } from '../../src/counts/callgrind.js';
import { ROOT } from '../e2e/helpers.js';

const fixture = (name: string) => readFileSync(path.join(ROOT, 'tests', 'fixtures', 'callgrind', name), 'utf8');

function errorOf(text: string): ValgrindFileError {
  try {
    parseCallgrind(text);
  } catch (err) {
    if (err instanceof ValgrindFileError) return err;
    throw err;
  }
  throw new Error('parsed without an error');
}

const edge = (f: ReturnType<typeof parseCallgrind>, caller: string, callee: string) =>
  [...f.calls.values()].find((e) => e.caller.name === caller && e.callee.name === callee);

describe('parseCallgrind', () => {
  it("reads a real file's self counts per function and its calls, adding up to its totals", () => {
    const text = fixture('rounds40-work1000.callgrind');
    const f = parseCallgrind(text);
    expect(f.total).toBe(Number(/^totals: (\d+)$/m.exec(text)![1]));
    let self = f.table.unnamed;
    for (const names of f.table.functions.values()) for (const n of names.values()) self += n;
    expect(self).toBe(f.total);
    const own = f.table.functions.get('calls.c')!;
    expect([...own.keys()].sort()).toEqual(['caller', 'helper', 'main', 'other']);
    // main -> caller -> helper, 1,000 times each; a call's inclusive cost is its callee's whole work.
    expect(edge(f, 'main', 'caller')).toMatchObject({ calls: 1000, callee: { file: 'calls.c', name: 'caller' } });
    expect(edge(f, 'caller', 'helper')!.calls).toBe(1000);
    expect(edge(f, 'caller', 'helper')!.inclusive).toBe(own.get('helper'));
    expect(edge(f, 'main', 'caller')!.inclusive).toBe(own.get('caller')! + own.get('helper')!);
    // The C library's start-up is there, in its own files (not the benchmarked code's).
    expect(edge(f, '(below main)', 'main')!.callee.file).toBe('calls.c');
  });

  it('doubles the helper with its loop and its calls with the work', () => {
    const helper = (name: string) => parseCallgrind(fixture(name)).table.functions.get('calls.c')!.get('helper')!;
    const perOp = (rounds: number) => (helper(`rounds${rounds}-work2000.callgrind`) - helper(`rounds${rounds}-work1000.callgrind`)) / 1000;
    expect(perOp(80) / perOp(40)).toBeGreaterThan(1.9);
    expect(perOp(80) / perOp(40)).toBeLessThan(2.1);
  });

  it('refuses a cut file, a malformed row, an unknown name id and collected jumps, naming the line', () => {
    const text = fixture('rounds40-work1000.callgrind');
    const lines = text.trimEnd().split('\n');
    expect(errorOf(lines.slice(0, -1).join('\n')).what).toMatch(/no totals: line at the end: the file is cut/);
    const row = lines.findIndex((l) => /^\d+ \d+$/.test(l));
    const bad = [...lines.slice(0, row), '12 x7', ...lines.slice(row + 1)].join('\n');
    expect(errorOf(bad)).toMatchObject({ line: row + 1 });
    expect(errorOf(bad).what).toMatch(/expected at most 1 counts/);
    const header = 'events: Ir\n';
    expect(errorOf(`${header}fl=(1) a.c\nfn=(9)\n1 5\ntotals: 5\n`)).toMatchObject({ line: 3 });
    expect(errorOf(`${header}fl=(1) a.c\nfn=(2) f\n1 5\njump=1 2\ntotals: 5\n`).what).toMatch(/--collect-jumps/);
    expect(errorOf(`${header}fl=(1) a.c\nfn=(2) f\n1 5\ntotals: 6\n`).what).toMatch(
      /add up to 5 instructions, but the totals: line says 6/,
    );
  });

  it("keeps a stripped binary's unnamed code (its addresses) apart from named functions", () => {
    const f = parseCallgrind('events: Ir\nfl=(1) ???\nfn=(2) 0x0000000000401000\n0 7\nfn=(3) main\n0 3\ntotals: 10\n');
    expect(f.table.unnamed).toBe(7);
    expect(f.table.functions.get('???')!.get('main')).toBe(3);
  });
});
