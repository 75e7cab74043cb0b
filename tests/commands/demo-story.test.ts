import { describe, expect, it } from '@jest/globals';
import { findingLines, groundTruthLines } from '../../src/commands/demo-story.js';
import type { Comparison, Verdict } from '../../src/model.js';

/** Only the fields the demo's story reads. */
const row = (benchmark: string, verdict: Verdict, changePct: number, gating = true) =>
  ({ benchmark, verdict, changePct, gating }) as Comparison;

describe("the demo's ground truth and findings", () => {
  it('names both planted changes, the untouched benchmarks and the expected exit code', () => {
    const text = groundTruthLines().join('\n');
    expect(text).toMatch(/checksum\/fnv: 2x the work .*about \+100%, expect a regression/);
    expect(text).toMatch(/primes\/sieve: half the work .*about -50%, expect an improvement/);
    expect(text).toContain('json/parse and sort/numbers: untouched');
    expect(text).toContain('expected exit code is 1');
  });

  it('says each planted change was found and that exit 1 is the point', () => {
    const lines = findingLines(
      [
        row('(process)', 'improvement', -9, false),
        row('checksum/fnv', 'regression', 98.7),
        row('primes/sieve', 'improvement', -51.2),
        row('json/parse', 'unchanged', 0.4),
        row('sort/numbers', 'inconclusive', -3),
      ],
      1,
    );
    expect(lines).toEqual([
      'demo: what benchgate found against what was planted:',
      '  checksum/fnv: regression (+98.7%), planted regression: found',
      '  primes/sieve: improvement (-51.2%), planted improvement: found',
      '  json/parse: unchanged (+0.4%), untouched: not flagged',
      '  sort/numbers: inconclusive (-3.0%), untouched: not flagged',
      'demo: both planted changes found; exit 1 is the point: the gate failed on a regression.',
    ]);
  });

  it('says what was missed and names a false alarm on an untouched benchmark', () => {
    const lines = findingLines([row('checksum/fnv', 'inconclusive', 60), row('json/parse', 'improvement', -12)], 0);
    expect(lines).toContain('  checksum/fnv: inconclusive (+60.0%), planted regression: missed');
    expect(lines).toContain('  primes/sieve: not measured, planted improvement: missed');
    expect(lines.find((l) => l.startsWith('  json/parse'))).toMatch(/a false alarm/);
    expect(lines.at(-1)).toBe('demo: 2 of 2 planted changes missed (a busy machine or too few rounds: try --rounds 20); exit 0.');
  });
});
