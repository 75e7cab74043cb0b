/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page callbacks below run in the browser, hence the DOM types.
/**
 * report.html's view of where a flagged change came from (src/report/html/attribution.ts and the
 * client's icicle): the markup rendered here, then the icicle drawn in headless Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { CallTreeNode, ComparisonResult } from '../../../src/model.js';
import { renderHtml, type PlotData } from '../../../src/report/html/render.js';
import { chromiumAvailable, watchedPage } from '../../helpers/chromium.js';
import { itWhen } from '../../helpers/toolchains.js';
import { comparison, result, uuidAttribution, xxhashAttribution } from '../../builders.js';
import { goldenResult } from '../fixture.js';

const run = itWhen(() => chromiumAvailable);

/** A flagged benchmark with a call tree (parse/large, a regression), one with a tree and one without (improvements), one not flagged. */
function attributedResult(): ComparisonResult {
  const parseLarge = goldenResult().comparisons.find((c) => c.benchmark === 'parse/large' && c.metric === 'time')!;
  return result([
    parseLarge,
    comparison({ benchmark: 'ParseLen32Truncated', verdict: 'improvement', changePct: -64.7, attribution: uuidAttribution() }),
    comparison({ benchmark: 'Sum64String/4B', verdict: 'improvement', changePct: -29, attribution: xxhashAttribution() }),
    comparison({ benchmark: 'Unflagged', verdict: 'inconclusive', changePct: 1, attribution: uuidAttribution() }),
  ]);
}

const nodes = (n: CallTreeNode): CallTreeNode[] => [n, ...n.children.flatMap(nodes)];
const dataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="benchgate-data">(.*?)<\/script>/s.exec(html)![1]!) as { plots: PlotData[] };

describe('the attribution view in report.html', () => {
  const r = attributedResult();
  const html = renderHtml(r);
  const sections = html.split('<details id=').slice(1);

  it('gives each flagged benchmark with an attribution a view: an icicle figure when there is a call tree, the function table always', () => {
    expect(sections.map((s) => (s.match(/<section class="attribution">/g) ?? []).length)).toEqual([1, 1, 1, 0]);
    expect(sections.map((s) => (s.match(/data-plot="icicle"/g) ?? []).length)).toEqual([1, 1, 0, 0]);
    expect(sections[0]).toContain('<h4>Where the instructions changed (per op)</h4>');
    expect(sections[1]).toContain('<h4>Where it changed (instructions per op)</h4>');
    expect(sections[1]).toContain('runtime.mallocgcSmallScanNoHeader<small>/usr/local/go/src/runtime/malloc.go</small>');
    expect(sections[1]).toContain('<td class="delta">−132<small>[−133, −131]</small></td><td>51.6%</td>');
  });

  it('says in one line why a view has the table alone', () => {
    expect(sections[2]).toContain('<p class="hint">No call tree: no callgrind pass ran for this benchmark');
    expect(sections[2]).toContain('Inlined: <code>xxhash/v2.Sum64String</code> (26 /op, gone on head) into');
    expect(sections[2]).toContain('These explain 98% of the change (76.8 → 54.4 /op).');
  });

  it("hands the client each node's label, hover text and own change (outside the callees shown)", () => {
    const icicles = dataOf(html).plots.flatMap((p) => (p.icicle ? [p.icicle] : []));
    expect(icicles).toHaveLength(2);
    const uuid = icicles[1]!;
    expect(uuid.label).toBe('uuid.BenchmarkParseLen32Truncated');
    const parse = uuid.children[0]!;
    expect(parse.title).toBe(
      'github.com/google/uuid.Parse\nuuid.go\nwith its callees: 395 → 140 /op (−255)\noutside the callees shown: −14 /op',
    );
    expect(parse.own).toBeCloseTo(-14);
  });
});

describe('the attribution view in headless Chromium', () => {
  const r = attributedResult();
  const html = renderHtml(r);
  const trees = r.comparisons.flatMap((c) => (c.verdict !== 'inconclusive' && c.attribution?.callTree ? [c.attribution.callTree] : []));
  let browser: Browser;
  let page: Page;
  let file: string;
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable) return;
    file = path.join(mkdtempSync(path.join(os.tmpdir(), 'benchgate-html-')), 'report.html');
    writeFileSync(file, html);
    ({ browser, page } = await watchedPage({ width: 1200, height: 900 }, problems));
    page.on('request', (req) => requests.push(req.url()));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-plotted="true"]', { timeout: 20000 });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('figure[data-plot="icicle"]')].every((f) => f.querySelector('svg rect')),
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Each icicle's cells: the hover text, the fill and the width. */
  const cells = () =>
    page.$$eval('figure[data-plot="icicle"]', (figures) =>
      figures.map((f) =>
        [...f.querySelectorAll('g.icicle-cell rect')].map((rect) => ({
          title: rect.querySelector('title')?.textContent ?? '',
          fill: getComputedStyle(rect).fill,
          width: rect.getBoundingClientRect().width,
        })),
      ),
    );
  const rgb = (fill: string) => fill.match(/\d+/g)!.map(Number);

  run(
    'draws one cell per call-tree node, each hovering its base → head, coloured red where it grew and green where it shrank',
    async () => {
      const drawn = await cells();
      expect(drawn.map((d) => d.length)).toEqual(trees.map((t) => nodes(t).length));
      const named = (i: number, name: string) => drawn[i]!.find((c) => c.title.startsWith(`${name}\n`))!;
      const parseValue = named(0, 'example.com/parser.(*Parser).parseValue');
      expect(parseValue.title).toContain('with its callees: 2,518 → 3,597 /op (+1,079)');
      const [r1, g1] = rgb(parseValue.fill);
      expect(r1).toBeGreaterThan(g1! + 100);
      const [r2, g2] = rgb(named(1, 'runtime.mallocgcSmallScanNoHeader').fill);
      expect(g2).toBeGreaterThan(r2! + 50);
      // Labels are text nodes (a name is never markup), cut to their cell or left out of a narrow one.
      const labels = await page.$$eval('figure[data-plot="icicle"] g.icicle-label text', (t) => t.map((e) => e.textContent));
      expect(labels.length).toBeLessThanOrEqual(drawn.flat().length);
      expect(labels).toContain('parser.(*Parser).parseValue');
      expect(labels.filter((l) => l!.endsWith('…')).length).toBeGreaterThan(0);
    },
  );

  run('zooms into a clicked cell, and back out from it', async () => {
    const full = (await cells())[0]!;
    const index = full.findIndex((c) => c.title.startsWith('example.com/parser.(*Parser).parseValue\n'));
    const widest = Math.max(...full.map((c) => c.width));
    expect(full[index]!.width).toBeLessThan(widest * 0.5);
    const click = (i: number) =>
      page.$$eval(
        'figure[data-plot="icicle"]',
        (f, n) => f[0]!.querySelectorAll('g.icicle-cell rect')[n]!.dispatchEvent(new MouseEvent('click')),
        i,
      );
    await click(index);
    const zoomed = (await cells())[0]!;
    const focus = zoomed.find((c) => c.title.startsWith('example.com/parser.(*Parser).parseValue\n'))!;
    expect(focus.width).toBeCloseTo(widest, 0);
    // Its sibling (expect) is out of view; its callees fill it.
    expect(zoomed.some((c) => c.title.includes('(*Parser).expect'))).toBe(false);
    await click(zoomed.indexOf(focus));
    expect((await cells())[0]!.length).toBe(full.length);
  });

  run('draws without console errors or network requests, and saves a screenshot', async () => {
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    mkdirSync('test-artifacts', { recursive: true });
    await page
      .locator('section.attribution')
      .first()
      .screenshot({ path: path.join('test-artifacts', 'report-attribution.png') });
  });
});
