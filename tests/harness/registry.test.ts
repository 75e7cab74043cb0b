/**
 * The harness registry (src/harness/index.ts) as properties of its members, so a new harness is
 * checked without a line here: its description names a parser that exists, and it says whether
 * and how it can be counted; the `measure` option's help names every counted format.
 */
import { describe, expect, it } from '@jest/globals';
import { formats } from '../../src/formats/index.js';
import { FILTER_FORMATS, FORMATS_WITH_COUNTS, HARNESSES, harnessOf, SELF_COUNTING_FORMATS } from '../../src/harness/index.js';
import { OPTIONS } from '../../src/options.js';

const formatNames = formats.map((f) => f.name);

describe('the harness registry', () => {
  it.each(HARNESSES.map((h) => h.format))('%s: names a registered parser (a typo would silently mean "no harness")', (format) => {
    expect(formatNames).toContain(format);
    expect(harnessOf(format)?.format).toBe(format);
  });

  it('holds one description per format', () => {
    const names = HARNESSES.map((h) => h.format);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(HARNESSES.map((h) => [h.format, h] as const))('%s: counts per benchmark, reads printed counts, or says why not', (_, h) => {
    const ways = [h.counts !== undefined, h.printsCounts !== undefined, /\w/.test(h.countsMissing ?? '')];
    expect(ways.filter(Boolean)).toHaveLength(1);
    expect(FORMATS_WITH_COUNTS.includes(h.format)).toBe(h.counts !== undefined);
    expect(SELF_COUNTING_FORMATS.includes(h.format)).toBe(h.printsCounts !== undefined);
    expect(FILTER_FORMATS.includes(h.format)).toBe(h.select !== undefined);
  });

  it('reads the counts nanobench prints, not its times', () => {
    expect(harnessOf('nanobench')!.printsCounts!.metric.test('ins/op')).toBe(true);
    expect(harnessOf('nanobench')!.printsCounts!.metric.test('time')).toBe(false);
  });

  it("names every counted format in the measure option's help (the CLI's, the README's and the inputs')", () => {
    const help = OPTIONS.find((o) => o.name === 'measure')!.help;
    const listed = (pattern: RegExp) => (pattern.exec(help)?.[1]?.split(', ') ?? []).sort();
    expect(listed(/with a counted format \(([^)]*)\)/)).toEqual([...FORMATS_WITH_COUNTS].sort());
    expect(listed(/prints its own counts \(([^)]*)\)/)).toEqual([...SELF_COUNTING_FORMATS].sort());
  });
});
