import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { renderHtml } from '../../src/report/html/render.js';
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
    writeFileSync(file, renderHtml(fixtureResult()));

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

      const figures = await page.$$eval('figure[data-plot]', (els) =>
        els.map((f) => ({
          kind: f.getAttribute('data-plot'),
          // The plot's own SVG (Plot wraps it with a legend when there is one) and what it drew.
          marks: f.querySelectorAll('svg circle, svg path, svg line').length,
          width: Math.max(0, ...[...f.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width)),
        })),
      );
      expect(figures.length).toBeGreaterThan(10);
      expect(figures.filter((f) => f.kind === 'complexity')).toHaveLength(1);
      for (const f of figures) {
        expect(f.width).toBeGreaterThan(100);
        expect(f.marks).toBeGreaterThan(5);
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
