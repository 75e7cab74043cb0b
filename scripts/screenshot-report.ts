/// <reference lib="dom" />
/**
 * Screenshots of a report.html for the docs (docs/img/), taken in headless Chromium the way
 * tests/report/html checks the page: the top of the page (verdict, forest plot, table) and the table
 * with its controls, sorted by change, largest first. Emoji need a colour emoji font
 * (Debian: fonts-noto-color-emoji).
 * Usage: node --import tsx scripts/screenshot-report.ts REPORT.html OUT_PREFIX
 *   e.g. benchgate demo --out /tmp/demo, then ... /tmp/demo/report.html docs/img/report-html
 * writes OUT_PREFIX.png and OUT_PREFIX-table.png. CHROMIUM names the browser (default /usr/bin/chromium).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withPage } from './browser.js';

const [report, prefix] = process.argv.slice(2);
if (!report || !prefix) {
  console.error('usage: node --import tsx scripts/screenshot-report.ts REPORT.html OUT_PREFIX');
  process.exit(2);
}

await withPage({ width: 1200, height: 1000 }, async (page) => {
  await page.goto(pathToFileURL(path.resolve(report)).href);
  await page.waitForSelector('html[data-plotted="true"]');
  await page.screenshot({ path: `${prefix}.png` });
  // The table, sorted by change (largest first), as a reader would look for the worst.
  await page.click('#results th:nth-child(4) button');
  await page.click('#results th:nth-child(4) button');
  // The controls and the table together.
  const clip = await page.evaluate(() => {
    const top = document.querySelector('.table-controls')!.getBoundingClientRect();
    const table = document.getElementById('results')!.getBoundingClientRect();
    return { x: table.left - 8, y: top.top + window.scrollY - 8, width: table.width + 16, height: table.bottom - top.top + 16 };
  });
  await page.screenshot({ path: `${prefix}-table.png`, clip, fullPage: true });
  console.log(`wrote ${prefix}.png and ${prefix}-table.png`);
});
