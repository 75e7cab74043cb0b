/**
 * bisect's transcript of the commit it found (src/bisect/render.ts) with the comparison's
 * attribution: hand-built after xxhash e0ea1e3 -> a7909af (issue 32's measurement: Sum64String
 * 26 -> 0 per op, inlined into its caller), a call path after google/uuid's, and cProfile's calls.
 */
import { describe, expect, it } from '@jest/globals';
import type { LineCommit } from '../../src/bisect/commits.js';
import { attributionLines, renderResult } from '../../src/bisect/render.js';
import type { BisectResult } from '../../src/bisect/search.js';
import type { Attribution, Comparison } from '../../src/model.js';
import { compared } from '../builders.js';

const commit = (n: number): LineCommit => ({ sha: String(n).repeat(40), subject: `commit ${n}` });

const xxhash: Attribution = {
  level: 'instructions',
  source: 'counts',
  total: { base: 76.8, head: 54.4, delta: -22.4 },
  functions: [
    { file: 'xxhash.go', name: 'github.com/cespare/xxhash/v2.Sum64String', base: 26, head: 0, delta: -26, interval: null, sharePct: 116 },
    {
      file: 'xxhash_test.go',
      name: 'github.com/cespare/xxhash/v2.BenchmarkSum64String.func1',
      base: 11,
      head: 15,
      delta: 4,
      interval: null,
      sharePct: -17.9,
    },
  ],
  explainedPct: 98.2,
  inlined: [
    {
      file: 'xxhash.go',
      name: 'github.com/cespare/xxhash/v2.Sum64String',
      goneOn: 'head',
      perOp: 26,
      into: { file: 'xxhash_test.go', name: 'github.com/cespare/xxhash/v2.BenchmarkSum64String.func1', base: 11, head: 15 },
    },
  ],
  callPath: null,
  callTree: null,
  notes: [],
};

function found(comparison: Comparison): BisectResult {
  return {
    kind: 'found',
    steps: [],
    commit: commit(2),
    parent: commit(1),
    evidence: { base: commit(1), head: commit(2), commits: 1, comparisons: [comparison], outDir: '/out/bisect/step-1' },
  };
}

describe('bisect transcript with attribution', () => {
  it("prints the found commit's top functions base -> head per op under its change, with the inlining", () => {
    const text = renderResult(
      found({ ...compared('BenchmarkSum64String/4B', 'improvement', -29.2), attribution: xxhash }),
      'BenchmarkSum64String*',
    );
    expect(text).toContain(
      [
        '    where: self instructions per op; these explain 98.2% of the change',
        '      github.com/cespare/xxhash/v2.Sum64String (xxhash.go) 26 → 0',
        '      github.com/cespare/xxhash/v2.BenchmarkSum64String.func1 (xxhash_test.go) 11 → 15',
        '    inlined: github.com/cespare/xxhash/v2.Sum64String (26 per op on base) into github.com/cespare/xxhash/v2.BenchmarkSum64String.func1',
        "  the step's results: /out/bisect/step-1",
      ].join('\n'),
    );
    expect(text.indexOf('BenchmarkSum64String/4B')).toBeLessThan(text.indexOf('where:'));
  });

  it("names the call path's owner and what changed under it, and counts the functions beyond three", () => {
    const step = (name: string, base: number, head: number) => ({ file: 'uuid.go', name, base, head });
    const lines = attributionLines({
      ...xxhash,
      source: 'passes',
      functions: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ ...xxhash.functions[0]!, name })),
      inlined: [],
      callPath: {
        owner: step('uuid.Parse', 395.5, 139.8),
        steps: [],
        under: [{ file: '/usr/lib/go/src/runtime/malloc.go', name: 'runtime.newobject', base: 14, head: 0, calls: { base: 1, head: 0 } }],
      },
      notes: ['built without symbols: add -g / do not strip'],
    });
    expect(lines[0]).toBe('    where: self instructions per op, where the instructions changed; these explain 98.2% of the change');
    expect(lines).toContain('      2 more in results.json');
    expect(lines).toContain(
      '    call path: uuid.Parse (uuid.go) 396 → 140; under it runtime.newobject (/usr/lib/go/src/runtime/malloc.go) 14 → 0, called 1 → 0 times per op',
    );
    expect(lines.at(-1)).toBe('    note: built without symbols: add -g / do not strip');
  });

  it("says Python calls per op for cProfile's level", () => {
    const lines = attributionLines({
      ...xxhash,
      level: 'calls',
      source: 'passes',
      functions: [{ file: 'tests/test_work.py', name: 'helper', base: 1, head: 2, delta: 1, interval: [1, 1], sharePct: 100 }],
      explainedPct: 100,
      inlined: [],
    });
    expect(lines).toEqual([
      '    where: Python calls per op (cProfile); these explain 100.0% of the change',
      '      helper (tests/test_work.py) 1 → 2',
    ]);
  });

  it('keeps names a pull request chose inert: no control sequence, no second line, no workflow command', () => {
    const lines = attributionLines({
      ...xxhash,
      functions: [{ ...xxhash.functions[0]!, name: '\u001b[2Jevil\n::error::forged', file: 'a\rb.go' }],
      inlined: [],
    });
    const text = lines.join('\n');
    expect(text).not.toMatch(/[\u001b\r]/);
    expect(text).not.toMatch(/^::error::/m);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('\\x1b[2Jevil ::error::forged (a b.go)');
  });

  it('prints no attribution line for a comparison without one', () => {
    const text = renderResult(found(compared('loop', 'regression', 97)), 'lo*');
    expect(text).not.toContain('where:');
  });
});
