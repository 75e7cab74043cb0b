/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page callbacks below run in the browser, hence the DOM types.
import { afterAll, beforeAll, describe, expect } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, watchedPage } from '../../helpers/chromium.js';
import { itWhen } from '../../helpers/toolchains.js';
import type { ComparisonResult } from '../../../src/model.js';
import { renderHtml, type PlotData } from '../../../src/report/html/render.js';
import { namesOf } from '../../../src/report/names.js';
import { rowsBySuite } from '../../../src/report/rows.js';
import { adaptiveGoldenResult } from '../fixture.js';
import { fixtureResult } from './fixture.js';

const run = itWhen(() => chromiumAvailable);

/** What results.json says, counted here independently of the page's own code. */
function expectations(result: ComparisonResult) {
  const gated = result.comparisons.filter(
    (c) => c.gating && ['regression', 'improvement', 'unchanged', 'inconclusive'].includes(c.verdict),
  );
  const sections = result.comparisons.filter((c) => c.base && c.head);
  return {
    gated: gated.length,
    rows: result.comparisons.length,
    unchanged: sections.filter((c) => c.verdict === 'unchanged').length,
    sections: sections.length,
  };
}

describe('report.html in headless Chromium', () => {
  const result = fixtureResult({ added: true });
  const expected = expectations(result);
  const html = renderHtml(result);
  const { plots } = JSON.parse(html.match(/<script type="application\/json" id="benchgate-data">(.*?)<\/script>/s)![1]!) as {
    plots: PlotData[];
  };
  let browser: Browser;
  let page: Page;
  let file: string;
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable) return;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-html-'));
    file = path.join(dir, 'report.html');
    writeFileSync(file, html);
    ({ browser, page } = await watchedPage({ width: 1200, height: 900 }, problems));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-plotted="true"]', { timeout: 20000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  run('opens with a forest plot drawing exactly one change and one interval per gated comparison', async () => {
    expect(expected.gated).toBeGreaterThan(5);
    expect(expected.rows).toBeGreaterThan(expected.gated); // the added benchmark is in the table, not the forest
    const forest = await page.$eval('#forest', (f) => ({
      dots: f.querySelectorAll('svg g.forest-change circle').length,
      intervals: f.querySelectorAll('svg g.forest-interval line').length,
      band: f.querySelectorAll('svg g.forest-threshold rect').length,
      labels: [...f.querySelectorAll('svg g[aria-label="y-axis tick label"] text')].map((t) => t.textContent),
      ticks: [...f.querySelectorAll('svg g[aria-label="x-axis tick label"] text')].map((t) => t.textContent),
      width: Math.max(...[...f.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width)),
      top: f.getBoundingClientRect().top,
      tableTop: document.getElementById('results')!.getBoundingClientRect().top,
    }));
    expect(forest.dots).toBe(expected.gated);
    expect(forest.intervals).toBe(expected.gated);
    expect(forest.band).toBe(1);
    expect(forest.labels).toHaveLength(expected.gated);
    // Hostile names are tick labels as text, never markup.
    expect(forest.labels.some((l) => l!.includes('<img'))).toBe(true);
    expect(await page.$$('img')).toHaveLength(0);
    expect(forest.ticks).toContain('0%');
    expect(forest.width).toBeGreaterThan(600);
    expect(forest.top).toBeLessThan(forest.tableTop);
  });

  run('folds unchanged benchmarks: their sections start closed, with nothing drawn until opened', async () => {
    const sections = await page.$$eval('details[id]', (els) =>
      els.map((d) => ({ open: (d as HTMLDetailsElement).open, verdict: d.className, svgs: d.querySelectorAll('svg').length })),
    );
    expect(sections).toHaveLength(expected.sections);
    const closed = sections.filter((s) => !s.open);
    expect(closed).toHaveLength(expected.unchanged);
    expect(closed.every((s) => s.verdict === 'unchanged' && s.svgs === 0)).toBe(true);
    expect(sections.filter((s) => s.open).every((s) => s.svgs > 0)).toBe(true);
  });

  run('sorts the table by a column within each group (suite and package), numbers as numbers, and back', async () => {
    const changes = () =>
      page.$$eval('#results tbody', (groups) =>
        groups.map((g) => [...g.querySelectorAll('tr[data-verdict]')].map((r) => (r as HTMLTableRowElement).cells[3]!.dataset.sort!)),
      );
    const numbers = (keys: string[]) => keys.filter((k) => k !== '').map(Number);
    await page.click('#results th:nth-child(4) button');
    const ascending = await changes();
    expect(ascending.length).toBeGreaterThan(1);
    for (const group of ascending) expect(numbers(group)).toEqual([...numbers(group)].sort((a, b) => a - b));
    expect(ascending.flat().filter((k) => k === '')).toHaveLength(1);
    expect(ascending.find((g) => g.includes(''))!.at(-1)).toBe(''); // the added benchmark has no change: last of its group
    expect(await page.getAttribute('#results th:nth-child(4)', 'aria-sort')).toBe('ascending');
    await page.click('#results th:nth-child(4) button');
    const descending = await changes();
    ascending.forEach((group, i) => expect(numbers(descending[i]!)).toEqual([...numbers(group)].sort((a, b) => b - a)));
    // The verdict column restores the report's order within each group: regressions first.
    await page.click('#results th:nth-child(6) button');
    const verdicts = await page.$$eval('#results tbody tr[data-verdict]', (rows) => rows.map((r) => (r as HTMLElement).dataset.verdict));
    const names = namesOf(result);
    const grouped = [...rowsBySuite(result, names), ...rowsBySuite(result, names, true)].flatMap((g) => g.rows.map((r) => r.verdict));
    expect(verdicts).toEqual(grouped);
  });

  run('filters the table by text and by verdict', async () => {
    const shown = () =>
      page.$$eval('#results tbody tr[data-verdict]:not([hidden])', (rows) =>
        rows.map((r) => (r as HTMLTableRowElement).cells[0]!.textContent),
      );
    await page.fill('#table-filter', 'SORT');
    expect((await shown()).every((name) => name!.toLowerCase().includes('sort'))).toBe(true);
    expect(await shown()).toHaveLength(result.comparisons.filter((c) => c.benchmark === 'sort').length);
    await page.fill('#table-filter', '');
    await page.selectOption('#table-verdict', 'regression');
    expect(await shown()).toHaveLength(result.counts.regression);
    expect(await page.textContent('#table-count')).toBe(`${result.counts.regression} of ${expected.rows} shown`);
    await page.selectOption('#table-verdict', '');
    expect(await shown()).toHaveLength(expected.rows);
  });

  run('opens a folded section when a link leads to it', async () => {
    const id = await page.$eval('details:not([open])', (d) => d.id);
    await page.click(`#results a[href="#${id}"]`);
    await page.waitForFunction(
      (sel) => (document.querySelector(sel) as HTMLDetailsElement).open && document.querySelector(`${sel} svg`) !== null,
      `#${id}`,
    );
  });

  run('draws every plot once opened, without console errors or network requests, and saves a screenshot', async () => {
    await page.$$eval('details[id]', (els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await page.waitForFunction(() => [...document.querySelectorAll('details[id] figure[data-plot]')].every((f) => f.querySelector('svg')));
    // What each plot drew (Plot labels every mark's group), to hold against what its data asked for.
    const figures = await page.$$eval('details[id] figure[data-plot]', (els) =>
      els.map((f) => ({
        kind: f.getAttribute('data-plot') as 'distribution' | 'rounds' | 'complexity',
        index: Number(f.getAttribute('data-index')),
        // The data dots (a box plot adds its own dot group for outliers, hence the largest group).
        dots: Math.max(0, ...[...f.querySelectorAll('svg g[aria-label="dot"]')].map((g) => g.querySelectorAll('circle').length)),
        lines: f.querySelectorAll('svg g[aria-label="line"] path').length,
        // The figcaption and one drawing (Plot's svg, or its figure when it has a legend).
        drawings: f.children.length - 1,
        width: Math.max(0, ...[...f.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width)),
      })),
    );
    const count = (kind: (typeof figures)[number]['kind'], d: PlotData) =>
      kind === 'distribution'
        ? d.base.length + d.head.length
        : kind === 'rounds'
          ? d.rounds.base.values.length + d.rounds.head.values.length
          : d.complexity!.points.base.length + d.complexity!.points.head.length;
    expect(figures.length).toBe(2 * expected.sections + 1);
    expect(figures.filter((f) => f.kind === 'complexity')).toHaveLength(1);
    for (const f of figures) {
      expect(f.width).toBeGreaterThan(100);
      expect(f.dots).toBe(count(f.kind, plots[f.index]!));
      // One line per side where the plot joins points: rounds in order, the fitted curves.
      expect(f.lines).toBe(f.kind === 'distribution' ? 0 : 2);
      // Drawn once, however often the section was opened and closed.
      expect(f.drawings).toBe(1);
    }
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);

    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: path.join('test-artifacts', 'report.png'), fullPage: true });
  });
});

describe('report.html of a rounds: auto run in headless Chromium', () => {
  const result = adaptiveGoldenResult();
  const html = renderHtml(result);
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable) return;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'benchgate-html-')), 'report.html');
    writeFileSync(file, html);
    ({ browser, page } = await watchedPage({ width: 1200, height: 900 }, problems));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-plotted="true"]', { timeout: 20000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  run('marks the looks and the close on each tested benchmark’s round plot, and shades the rounds it did not use', async () => {
    await page.$$eval('details[id]', (els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await page.waitForFunction(() => [...document.querySelectorAll('figure[data-plot="rounds"]')].every((f) => f.querySelector('svg')));
    const drawn = await page.$$eval('figure[data-plot="rounds"]', (els) =>
      els.map((f) => ({
        looks: f.querySelectorAll('svg g.rounds-look line').length,
        closed: f.querySelectorAll('svg g.rounds-closed line').length,
        unused: f.querySelectorAll('svg g.rounds-unused rect').length,
      })),
    );
    const expected = result.comparisons
      .filter((c) => c.base && c.head)
      .map((c) =>
        c.sequential && c.sequential.stop !== 'untestable'
          ? { looks: 5, closed: 1, unused: c.sequential.closedAt < 30 ? 1 : 0 }
          : { looks: 0, closed: 0, unused: 0 },
      );
    expect(drawn).toEqual(expected);
    expect(expected.some((e) => e.unused === 1)).toBe(true);
    expect(problems).toEqual([]);
  });
});
