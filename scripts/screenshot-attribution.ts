/// <reference lib="dom" />
/**
 * A screenshot of report.html's attribution view for the docs (docs/img/): the first flagged
 * benchmark's differential icicle beside its function table, in headless Chromium, as the page
 * opens (not zoomed), so the image matches what a reader first sees.
 * Usage: node --import tsx scripts/screenshot-attribution.ts REPORT.html OUT.png
 * CHROMIUM names the browser (default /usr/bin/chromium).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withPage } from './browser.js';

const [report, out] = process.argv.slice(2);
if (!report || !out) {
  console.error('usage: node --import tsx scripts/screenshot-attribution.ts REPORT.html OUT.png');
  process.exit(2);
}

await withPage({ width: 1200, height: 1000 }, async (page) => {
  await page.goto(pathToFileURL(path.resolve(report)).href);
  await page.waitForSelector('html[data-plotted="true"]');
  const view = page.locator('section.attribution').first();
  await view.locator('figure[data-plot="icicle"] svg').first().waitFor();
  await view.screenshot({ path: out });
  console.log(`wrote ${out}`);
});
