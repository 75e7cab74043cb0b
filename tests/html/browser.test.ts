import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { renderHtml, type PlotData } from '../../src/report/html/render.js';
import { fixtureResult } from './fixture.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
// A missing browser skips the test on a laptop; in CI (BENCHGATE_REQUIRE_TOOLCHAINS) it fails it.
const run = available || process.env.BENCHGATE_REQUIRE_TOOLCHAINS ? it : it.skip;

describe('report.html in headless Chromium', () => {
  run('renders every plot without console errors or network requests, and saves a screenshot', async () => {
    expect(existsSync(CHROMIUM)).toBe(true);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-html-'));
    const file = path.join(dir, 'report.html');
    const html = renderHtml(fixtureResult());
    writeFileSync(file, html);
    const { plots } = JSON.parse(html.match(/<script type="application\/json" id="benchgate-data">(.*?)<\/script>/s)![1]!) as { plots: PlotData[] };

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('dialog', (d) => {
        problems.push(`dialog: ${d.message()}`);
        void d.dismiss();
      });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));

      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('html[data-plotted="true"]', { timeout: 20000 });

      // What each plot drew (Plot labels every mark's group), to hold against what its data asked for.
      const figures = await page.$$eval('figure[data-plot]', (els) =>
        els.map((f) => ({
          kind: f.getAttribute('data-plot') as 'distribution' | 'rounds' | 'complexity',
          index: Number(f.getAttribute('data-index')),
          // The data dots (a box plot adds its own dot group for outliers, hence the largest group).
          dots: Math.max(0, ...[...f.querySelectorAll('svg g[aria-label="dot"]')].map((g) => g.querySelectorAll('circle').length)),
          lines: f.querySelectorAll('svg g[aria-label="line"] path').length,
          width: Math.max(0, ...[...f.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width)),
        })),
      );
      const expected = (kind: (typeof figures)[number]['kind'], d: PlotData) =>
        kind === 'distribution'
          ? d.base.length + d.head.length
          : kind === 'rounds'
            ? d.rounds.base.values.length + d.rounds.head.values.length
            : d.complexity!.points.base.length + d.complexity!.points.head.length;
      expect(figures.length).toBeGreaterThan(10);
      expect(figures.filter((f) => f.kind === 'complexity')).toHaveLength(1);
      for (const f of figures) {
        expect(f.width).toBeGreaterThan(100);
        expect(f.dots).toBeGreaterThan(0);
        expect(f.dots).toBe(expected(f.kind, plots[f.index]!));
        // One line per side where the plot joins points: rounds in order, the fitted curves.
        expect(f.lines).toBe(f.kind === 'distribution' ? 0 : 2);
      }
      expect(problems).toEqual([]);
      expect(requests).toEqual([pathToFileURL(file).href]);

      mkdirSync('test-artifacts', { recursive: true });
      await page.screenshot({ path: path.join('test-artifacts', 'report.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
