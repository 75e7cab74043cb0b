/// <reference lib="dom" />
// The page callbacks below run in the browser, hence the DOM types.
/**
 * The trend site (`benchgate history --out DIR`) in headless Chromium: the overview renders and
 * sorts, a trend draws its points and change-point markers with uPlot and offers the bisect
 * command, a hostile benchmark name stays text, and nothing logs an error. Screenshots go to
 * test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, watchedPage } from '../helpers/chromium.js';
import { analyseHistory } from '../../src/history/analyse.js';
import { siteData } from '../../src/history/site/data.js';
import { buildSiteAssets, GENERATED_FILE } from '../../src/history/site/generate-assets.js';
import { writeSite } from '../../src/history/site/write.js';
import { ROOT, tempDir } from '../e2e/helpers.js';
import { benchmarkRecord, historyRecord } from './records.js';

/** Commit i as a full SHA: the site links only hexadecimal commits. */
const commit = (i: number): string => i.toString(16).padStart(40, '0');

// A missing browser skips the tests on a laptop; in CI (BENCHGATE_REQUIRE_TOOLCHAINS) it fails them.
const run = chromiumAvailable || process.env.BENCHGATE_REQUIRE_TOOLCHAINS ? it : it.skip;

const HOSTILE = '<img src=x onerror="document.title=\'pwned\'"></script><script>document.title="pwned"</script>';
const STEP_AT = 80;

/** 160 records: BenchmarkParse steps up 30% at commit 80; the hostile one stays flat. */
function records() {
  // A fixed wobble (±1%), so E-Divisive sees noise but the test is the same every run.
  const wobble = (i: number) => 1 + 0.01 * Math.sin(i * 1.7);
  return Array.from({ length: 160 }, (_, k) => {
    const i = k + 1;
    return historyRecord(
      i,
      [
        benchmarkRecord({ headMedian: (i >= STEP_AT ? 130 : 100) * wobble(i) }),
        benchmarkRecord({ benchmark: HOSTILE, headMedian: 50 * wobble(i + 3) }),
      ],
      { base: commit(i - 1), head: commit(i) },
    );
  });
}

describe('the trend site in headless Chromium', () => {
  const dir = tempDir('benchgate-site-');
  const all = records();
  const data = siteData(all, analyseHistory('main', all), 'https://github.com/acme/widgets/commit/');
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const artifacts = path.join(ROOT, 'test-artifacts');

  beforeAll(async () => {
    writeSite(dir, data);
    if (!chromiumAvailable) return;
    mkdirSync(artifacts, { recursive: true });
    ({ browser, page } = await watchedPage({ width: 1200, height: 800 }, problems));
    await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
    await page.waitForSelector('html[data-rendered="#"]', { timeout: 20000 });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('finds the planted change point and offers the bisect command for its range', () => {
    const parse = data.series.find((s) => s.name === 'go: BenchmarkParse')!;
    expect(parse.changePoints.map((c) => c.commit)).toEqual([commit(STEP_AT)]);
    expect(parse.changePoints[0]!.bisect).toBe(
      `benchgate bisect --good ${commit(STEP_AT - 1)} --bad ${commit(STEP_AT)} --benchmark BenchmarkParse`,
    );
    expect(data.series.find((s) => s.name.includes('<img'))!.changePoints).toEqual([]);
  });

  it('ranks by the largest change point within --window: the step 80 commits back is outside the last 40', () => {
    const row = (window?: number) =>
      siteData(all, analyseHistory('main', all), null, window).overview.rows.find((r) => r.benchmark === 'BenchmarkParse')!;
    expect(row().change!.commit).toBe(commit(STEP_AT));
    expect(row(81).change!.commit).toBe(commit(STEP_AT));
    expect(row(40).change).toBeNull();
    expect(row(40).changePoints).toBe(1);
    expect(siteData(all, analyseHistory('main', all), null, 40).overview.window).toBe(40);
  });

  it('ships the assets a fresh build of client.js and uPlot makes', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await buildSiteAssets());
  });

  run('renders the overview, largest change first, with the hostile name as text', async () => {
    const rows = await page.$$eval('#overview tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('go: BenchmarkParse');
    expect(rows[0]![2]).toBe('160');
    expect(rows[0]![3]).toMatch(/^\+3\d\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] at 000000000000$/);
    expect(rows[1]![0]).toBe(`go: ${HOSTILE}`);
    expect(await page.$$('#app img, #app script')).toHaveLength(0);
    expect(await page.title()).not.toBe('pwned');
    await page.click('#overview th:nth-child(1)');
    expect(await page.$eval('#overview tbody tr td', (td) => td.textContent)).toBe(`go: ${HOSTILE}`);
    await page.screenshot({ path: path.join(artifacts, 'history-site-overview.png'), fullPage: true });
  });

  run('renders a trend with its change-point marker, links the commits and offers bisect', async () => {
    const id = data.series.find((s) => s.name === 'go: BenchmarkParse')!.id;
    await page.evaluate((n) => (location.hash = `#b=${n}`), id);
    await page.waitForSelector(`html[data-rendered="#b=${id}"]`, { timeout: 20000 });
    expect(await page.$eval('html', (h) => h.dataset.changePoints)).toBe('1');
    expect(await page.$$('#chart canvas')).toHaveLength(1);
    expect(await page.$eval('.machine', (p) => p.textContent)).toContain('machine class: AMD EPYC 7763, 4 cores');
    const hrefs = await page.$$eval('#change-points a', (as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      `https://github.com/acme/widgets/commit/${commit(STEP_AT)}`,
      `https://github.com/acme/widgets/commit/${commit(STEP_AT - 1)}`,
    ]);
    expect(await page.$eval('code.bisect', (c) => c.textContent)).toContain(
      `benchgate bisect --good ${commit(STEP_AT - 1)} --bad ${commit(STEP_AT)} --benchmark BenchmarkParse`,
    );
    await page.screenshot({ path: path.join(artifacts, 'history-site-trend.png'), fullPage: true });
    // The hostile series: its name in the heading, as text.
    const hostile = data.series.find((s) => s.name.includes('<img'))!.id;
    await page.evaluate((n) => (location.hash = `#b=${n}`), hostile);
    await page.waitForSelector(`html[data-rendered="#b=${hostile}"]`, { timeout: 20000 });
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(`go: ${HOSTILE}`);
    expect(await page.title()).not.toBe('pwned');
    // A PR comment's link names the benchmark (src/report/trend-links.ts): the page opens its trend.
    const named = '#suite=go&benchmark=BenchmarkParse&metric=time';
    await page.evaluate((h) => (location.hash = h), named);
    await page.waitForSelector(`html[data-rendered="${named}"]`, { timeout: 20000 });
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('go: BenchmarkParse');
    expect(problems).toEqual([]);
  });
});
