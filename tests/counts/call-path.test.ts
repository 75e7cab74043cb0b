/**
 * Call paths (src/counts/call-path.ts): from real callgrind passes of a C program whose helper is
 * twice as costly on head (tests/fixtures/callgrind), the path runs main -> caller -> helper and the
 * tree leaves the unchanged callee out; from hand-built Go-like passes, the runtime's allocation
 * under the benchmarked code's function is charged to it with its calls per op; recursion ends.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { callGraphOf } from '../../src/counts/call-path.js';
import { parseCallgrind } from '../../src/counts/callgrind.js';
import { buildCallProfile } from '../../src/counts/profile.js';
import type { BenchmarkProfile, CallTreeNode, Side } from '../../src/model.js';
import { profile } from '../builders.js';
import { ROOT } from '../e2e/helpers.js';

const graph = (rounds: number, work: number) => ({
  work,
  ...parseCallgrind(readFileSync(path.join(ROOT, 'tests', 'fixtures', 'callgrind', `rounds${rounds}-work${work}.callgrind`), 'utf8')),
});

const pass = (side: Side, rounds: number) =>
  buildCallProfile(
    { benchmark: 'changed', side, round: 0, tool: 'callgrind', level: 'instructions' },
    graph(rounds, 1000),
    graph(rounds, 2000),
  );

const names = (node: CallTreeNode): unknown => [node.name, node.children.map(names)];

describe('callGraphOf', () => {
  it('follows the change from main through caller to helper, in real callgrind passes', () => {
    const { path: callPath, tree, callers } = callGraphOf([pass('base', 40), pass('head', 80)], 'changed');
    expect(callPath!.steps.map((s) => s.name)).toEqual(['main', 'caller', 'helper']);
    const [, caller, helper] = callPath!.steps;
    expect(caller!.calls).toEqual({ base: 1, head: 1 });
    expect(helper!.head / helper!.base).toBeGreaterThan(1.9);
    expect(callPath!.owner.name).toBe('helper');
    expect(callPath!.under).toEqual([]);
    // other() did not change: not in the tree.
    expect(names(tree!)).toEqual(['main', [['caller', [['helper', []]]]]]);
    expect(callers({ file: 'calls.c', name: 'helper' }, 'base')).toEqual([{ file: 'calls.c', name: 'caller' }]);
  });

  it("charges the runtime's allocation to the benchmarked code's function, with its calls per op", () => {
    const files = ['uuid_test.go', 'uuid.go', '/usr/local/go/src/runtime/malloc.go', '/usr/local/go/src/testing/benchmark.go'];
    // Per op (work 1 -> 2): runN -> BenchmarkParse -> Parse (395 / 140) -> newobject (1 call, 255 / none).
    const side = (s: Side, allocates: boolean): BenchmarkProfile =>
      profile({
        benchmark: 'example.com/uuid.BenchmarkParse',
        side: s,
        round: 0,
        tool: 'callgrind',
        works: [1, 2],
        files,
        functions: [
          [3, 'testing.(*B).runN', 0, 0],
          [0, 'example.com/uuid.BenchmarkParse', 5, 10],
          [1, 'example.com/uuid.Parse', 0, 140],
          [2, 'runtime.newobject', 0, allocates ? 55 : 0],
          [2, 'runtime.mallocgc', 0, allocates ? 200 : 0],
        ],
        calls: [
          [0, 1, 0, 1, 0, allocates ? 400 : 145],
          [1, 2, 0, 1, 0, allocates ? 395 : 140],
          ...(allocates
            ? ([
                [2, 3, 0, 1, 0, 255],
                [3, 4, 0, 1, 0, 200],
              ] as const)
            : []),
        ].map((c) => [...c] as [number, number, number, number, number, number]),
      });
    // The benchmark's name is an import path: its function is found by the name after it, not by the path.
    const { path: callPath } = callGraphOf([side('base', true), side('head', false)], 'github.com/google/uuid.BenchmarkParse/len32');
    expect(callPath!.steps.map((s) => s.name)).toEqual([
      'example.com/uuid.BenchmarkParse',
      'example.com/uuid.Parse',
      'runtime.newobject',
      'runtime.mallocgc',
    ]);
    expect(callPath!.owner).toMatchObject({ name: 'example.com/uuid.Parse', base: 395, head: 140 });
    expect(callPath!.under).toEqual([{ file: files[2], name: 'runtime.newobject', base: 255, head: 0, calls: { base: 1, head: 0 } }]);
  });

  it('ends on recursion: a function calling itself, and two calling each other', () => {
    const rec = (s: Side, k: number): BenchmarkProfile =>
      profile({
        benchmark: 'walk',
        side: s,
        round: 0,
        tool: 'callgrind',
        works: [1, 2],
        files: ['walk.c'],
        functions: [
          [0, 'main', 0, 0],
          [0, 'walk', 0, 10 * k],
          [0, 'step', 0, 10 * k],
        ],
        calls: [
          [0, 1, 0, 1, 0, 30 * k],
          [1, 1, 0, 3, 0, 20 * k],
          [1, 2, 0, 2, 0, 20 * k],
          [2, 1, 0, 2, 0, 15 * k],
        ],
      });
    const { path: callPath, tree } = callGraphOf([rec('base', 1), rec('head', 2)], 'walk');
    expect(callPath!.steps.map((s) => s.name)).toEqual(['walk', 'step']);
    expect(names(tree!)).toEqual(['walk', [['step', []]]]);
  });
});
