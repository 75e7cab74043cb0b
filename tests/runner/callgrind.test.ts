/**
 * Reading a callgrind pass's files (src/runner/callgrind.ts): every process's file added up, the
 * worktree's files made relative, and a cut file named instead of a partial graph.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readTreeGraph } from '../../src/runner/callgrind.js';
import { ROOT } from '../e2e/helpers.js';

const fixture = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'callgrind', 'rounds40-work1000.callgrind'), 'utf8');

describe('readTreeGraph', () => {
  it("adds up every process's file, and names a cut one instead of a partial graph", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-callgrind-test-'));
    expect(readTreeGraph(dir, dir)).toBeNull();
    writeFileSync(path.join(dir, 'cg.101'), fixture);
    writeFileSync(path.join(dir, 'cg.102'), fixture);
    const graph = readTreeGraph(dir, dir);
    if (graph === null || 'unreadable' in graph) throw new Error('expected a graph');
    const one = Number(/^totals: (\d+)$/m.exec(fixture)![1]);
    expect(graph.instructions).toBe(2 * one);
    const edge = [...graph.calls.values()].find((e) => e.caller.name === 'caller' && e.callee.name === 'helper')!;
    expect(edge.calls).toBe(2000);
    // Cut before its totals: line; the parser names the last line it has.
    const cut = fixture.trimEnd().split('\n').slice(0, -1);
    writeFileSync(path.join(dir, 'cg.103'), cut.join('\n'));
    const last = cut.findLastIndex((line) => line.trim() !== '') + 1;
    expect(readTreeGraph(dir, dir)).toEqual({
      unreadable: `cannot read callgrind's file of process 103 (cg.103), line ${last}: no totals: line at the end: the file is cut (the counted process was killed, or the disk is full)`,
    });
  });
});
