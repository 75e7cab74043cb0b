import { describe, expect, it } from '@jest/globals';
import { renderMarkdown } from '../../src/report/markdown.js';
import { MAX_BARS, roundsSparkline, sparklines } from '../../src/report/sparkline.js';
import { comparison } from '../builders.js';
import { renderGfm } from '../platforms/github/render.js';
import { fixtureResult } from './html/fixture.js';

describe('sparkline', () => {
  it('draws every series on one shared scale', () => {
    expect(
      sparklines([
        [1, 1, 1],
        [2, 2, 2],
      ]),
    ).toEqual(['▁▁▁', '███']);
    expect(sparklines([[1, 2, 3, 4, 5, 6, 7, 8]])).toEqual(['▁▂▃▄▅▆▇█']);
    expect(sparklines([[5, 5], [5]])).toEqual(['▄▄', '▄']);
    expect(sparklines([[], [1]])).toEqual(['', '▄']);
  });

  it('shows a long series as medians of consecutive rounds, keeping its slope', () => {
    const [bars] = sparklines([Array.from({ length: 30 }, (_, i) => 100 + i)]);
    expect([...bars!]).toHaveLength(MAX_BARS);
    expect(bars!.startsWith('▁')).toBe(true);
    expect(bars!.endsWith('█')).toBe(true);
    expect([...bars!]).toEqual([...bars!].sort());
  });
});

describe('sparkline in the markdown summary', () => {
  const result = fixtureResult();

  it('shows the step of a regression between the per-round bars of base and head', () => {
    const parse = result.comparisons.find((c) => c.benchmark === 'parse')!;
    const [base, head] = roundsSparkline(parse).split(' → ');
    // Head is 30% slower with 1% noise: every head bar is above every base bar.
    expect([...base!]).toHaveLength(10);
    expect([...head!]).toHaveLength(10);
    expect([...head!].every((h) => [...base!].every((b) => h > b))).toBe(true);
  });

  it('puts one sparkline in every row of the table, blank where a side is missing', () => {
    const md = renderMarkdown(result);
    const rows = renderGfm(md)
      .match(/<tr>[^]*?<\/tr>/g)!
      .slice(1);
    const withBars = rows.filter((row) => /<td[^>]*>[▁-█]+ → [▁-█]+<\/td>\s*<\/tr>/.test(row));
    expect(withBars.length).toBe(rows.filter((row) => !row.includes('<th')).length);
    const added = comparison({ base: null, verdict: 'added' });
    expect(roundsSparkline(added)).toBe('');
  });
});
