/** The words every report uses for an attribution (src/report/attribution.ts). */
import { describe, expect, it } from '@jest/globals';
import {
  attributionLine,
  attributionOf,
  explainedSentence,
  formatDelta,
  formatPerOp,
  shortFunctionName,
} from '../../src/report/attribution.js';
import { comparison, uuidAttribution, xxhashAttribution } from '../builders.js';

const backticked = (name: string) => `\`${name}\``;

describe('per-op numbers', () => {
  it('are whole from 100 up, three significant digits below, grouped by thousands', () => {
    expect([395.5, 139.8, 26, 0, 0.5, 11.04, 1234567.8, -0.123456].map(formatPerOp)).toEqual([
      '396',
      '140',
      '26',
      '0',
      '0.5',
      '11',
      '1,234,568',
      '-0.12',
    ]);
  });

  it('sign a change with a true minus', () => {
    expect([4, -26, 0].map(formatDelta)).toEqual(['+4', '−26', '±0']);
  });
});

describe('short function names', () => {
  it("drop a Go import path, but keep a major version's package", () => {
    expect(shortFunctionName('github.com/google/uuid.Parse')).toBe('uuid.Parse');
    expect(shortFunctionName('github.com/cespare/xxhash/v2.Sum64String')).toBe('xxhash/v2.Sum64String');
    expect(shortFunctionName('example.com/parser.(*Lexer).next')).toBe('parser.(*Lexer).next');
    expect(shortFunctionName('xxhash/v2.Sum64String')).toBe('xxhash/v2.Sum64String');
  });

  it('shorten a name a pull request made 100 KB long, one long segment after another', () => {
    const segment = 'a'.repeat(25_000);
    expect(shortFunctionName(`${segment}/${segment}/${segment}/v2.F`)).toBe(`${segment}/v2.F`);
  });

  it('leave names whose slashes are not an import path whole', () => {
    for (const name of ['runtime.(*mspan).writeHeapBitsSmall', 'std::map<int, a/b>::find', 'parse (src/x.py:12)', 'main'])
      expect(shortFunctionName(name)).toBe(name);
  });
});

describe('the one line', () => {
  it('names Python functions in calls per op', () => {
    const calls = xxhashAttribution({
      level: 'calls',
      functions: [{ file: 'src/h.py', name: 'digest', base: 2, head: 1, delta: -1, interval: null, sharePct: 100 }],
      inlined: [],
    });
    expect(attributionLine(calls, backticked)).toBe('where: `digest` 2 → 1 calls/op');
  });

  it('names at most three functions', () => {
    const many = uuidAttribution({ callPath: null });
    expect(attributionLine(many, backticked).match(/`/g)).toHaveLength(6);
  });

  it('says when no function changed beyond its spread', () => {
    expect(attributionLine(xxhashAttribution({ functions: [], inlined: [] }), backticked)).toBe(
      'where: no function changed beyond its spread',
    );
  });

  it('belongs to regressions and improvements only', () => {
    const a = xxhashAttribution();
    expect(attributionOf(comparison({ verdict: 'regression', attribution: a }))).toBe(a);
    expect(attributionOf(comparison({ verdict: 'unchanged', attribution: a }))).toBeUndefined();
    expect(attributionOf(comparison({ verdict: 'improvement' }))).toBeUndefined();
  });
});

describe('the explained share', () => {
  it('says what share the functions explain, and when that is below 90%', () => {
    expect(explainedSentence(xxhashAttribution())).toBe('These explain 98% of the change (76.8 → 54.4 /op).');
    expect(explainedSentence(xxhashAttribution({ explainedPct: 61.6 }))).toMatch(
      /^These explain only 62% of the change \(76\.8 → 54\.4 \/op\): /,
    );
    const still = xxhashAttribution({ total: { base: 50, head: 50, delta: 0 }, explainedPct: null });
    expect(explainedSentence(still)).toBe('The total did not change per op (50 → 50 /op).');
  });
});
