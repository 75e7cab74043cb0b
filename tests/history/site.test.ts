/// <reference lib="dom" />
// The page callbacks below run in the browser, hence the DOM types.
/**
 * The trend site (`benchgate history --out DIR`) in headless Chromium: the overview renders and
 * sorts, a trend draws its points in commit order with ticks in the unit's readable scale and
 * its change points labelled in their direction's colour, offers the bisect command, a hostile
 * benchmark name stays text, and nothing logs an error. Screenshots go to test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, watchedPage } from '../helpers/chromium.js';
import { itWhen } from '../helpers/toolchains.js';
import { analyseHistory } from '../../src/history/analyse.js';
import type { RecordedAttribution } from '../../src/history/record.js';
import { siteData } from '../../src/history/site/data.js';
import { buildSiteAssets, GENERATED_FILE } from '../../src/history/site/generate-assets.js';
import { writeSite } from '../../src/history/site/write.js';
import { ROOT, tempDir } from '../e2e/helpers.js';
import { benchmarkRecord, historyRecord } from './records.js';

/** Commit i as a full SHA: the site links only hexadecimal commits. */
const commit = (i: number): string => createHash('sha1').update(`commit ${i}`).digest('hex');

const run = itWhen(() => chromiumAvailable);

const HOSTILE = '<img src=x onerror="document.title=\'pwned\'"></script><script>document.title="pwned"</script>';
const PARSE = 'example.com/hist.BenchmarkParse';
const STEP_AT = 80;
const FASTER_AT = 130;
const COMMITS = 160;
/** The step's record says where it came from (a version 3 record); one name is markup, which stays text. */
const WHERE: RecordedAttribution = {
  level: 'instructions',
  source: 'passes',
  functions: [
    { file: 'parse.go', name: 'example.com/hist.parseHeader', base: 26, head: 0 },
    { file: 'parse.go', name: '<b>inlined</b>', base: 11, head: 15.5 },
  ],
};
/** The list's colours (site.css), which the chart's dots and labels share. */
const RED = [164, 0, 0];
const GREEN = [42, 122, 0];

/**
 * 160 links of two suites. go: Parse (1.31 µs, in seconds) steps up 30% at commit 80 and down
 * 25% at 130; c: the hostile name stays flat, its last 40 links creeping +1% ten times. The
 * first 100 were recorded seconds apart and the rest days apart, so only commit order spaces
 * them evenly; two commits in three have their subject recorded.
 */
function records() {
  // A fixed wobble (±1%), so E-Divisive sees noise but the test is the same every run.
  const wobble = (i: number) => 1 + 0.01 * Math.sin(i * 1.7);
  return Array.from({ length: COMMITS }, (_, k) => {
    const i = k + 1;
    const at = {
      base: commit(i - 1),
      head: commit(i),
      recordedAt: new Date(Date.UTC(2026, 10, 1) + (i <= 100 ? i * 1000 : (i - 100) * 86_400_000 + 100_000)).toISOString(),
      ...(i % 3 !== 0 && {
        commit: { subject: `parse: change ${i}`, committedAt: new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString() },
      }),
    };
    const level = (i >= STEP_AT ? 1.3 : 1) * (i >= FASTER_AT ? 0.75 : 1);
    const creeping = i > COMMITS - 40 && i % 4 === 0;
    return [
      historyRecord(
        i,
        [
          benchmarkRecord({
            benchmark: PARSE,
            unit: 's',
            headMedian: 1.31e-6 * level * wobble(i),
            ...(i === STEP_AT && { attribution: WHERE }),
          }),
        ],
        at,
      ),
      historyRecord(
        i,
        [
          benchmarkRecord({
            benchmark: HOSTILE,
            headMedian: 50 * wobble(i + 3),
            ...(creeping ? { changePct: 1, interval: [0.8, 1.2] } : { changePct: 0, interval: [-0.2, 0.2] }),
          }),
        ],
        { ...at, suite: 'c' },
      ),
    ];
  }).flat();
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

  async function openTrend(id: number): Promise<void> {
    await page.evaluate((n) => (location.hash = `#b=${n}`), id);
    await page.waitForSelector(`html[data-rendered="#b=${id}"]`, { timeout: 20000 });
  }

  it('finds the planted change points and offers the bisect command for their ranges', () => {
    const parse = data.series.find((s) => s.name === 'Parse')!;
    expect(parse.changePoints.map((c) => [c.commit, c.direction])).toEqual([
      [commit(STEP_AT), 'regression'],
      [commit(FASTER_AT), 'improvement'],
    ]);
    expect(parse.changePoints[0]!.bisect).toBe(
      `benchgate bisect --good ${commit(STEP_AT - 1)} --bad ${commit(STEP_AT)} --benchmark ${PARSE}`,
    );
    expect(data.series.find((s) => s.name.includes('<img'))!.changePoints).toEqual([]);
    expect(parse.changePoints.map((c) => c.attribution)).toEqual([WHERE, null]);
  });

  it('names series as the reports do, the package once, and keeps each commit with its date and subject where recorded', () => {
    expect(data.overview.packages).toEqual([{ suite: 'go', pkg: 'example.com/hist' }]);
    expect(data.overview.rows.map((r) => [r.suite, r.name, r.benchmark])).toEqual([
      ['go', 'Parse', PARSE],
      ['c', HOSTILE, HOSTILE],
    ]);
    const parse = data.series.find((s) => s.name === 'Parse')!;
    expect(parse.pkg).toBe('example.com/hist');
    // Each commit once for every series, oldest first; a series' points say which is theirs.
    const { commit: shas, subject, date } = data.commits;
    expect(shas).toEqual(Array.from({ length: COMMITS }, (_, k) => commit(k + 1).slice(0, 12)));
    expect(parse.at).toEqual(shas.map((_, k) => k));
    expect([subject[0], date[0]]).toEqual(['parse: change 1', '2026-10-01 01:00']);
    // Commit 3's subject was not recorded (a version 1 record): its date is the record's.
    expect([subject[2], date[2]]).toEqual([null, '2026-11-01 00:00']);
  });

  it('ranks by the largest change point within --window: the step 80 commits back is outside the last 40, the one 30 back inside', () => {
    const row = (window?: number) =>
      siteData(all, analyseHistory('main', all), null, window).overview.rows.find((r) => r.benchmark === PARSE)!;
    expect(row().change!.commit).toBe(commit(STEP_AT));
    expect(row(81).change!.commit).toBe(commit(STEP_AT));
    expect(row(40).change!.commit).toBe(commit(FASTER_AT));
    expect(row(25).change).toBeNull();
    expect(row(25).changePoints).toBe(2);
    expect(siteData(all, analyseHistory('main', all), null, 40).overview.window).toBe(40);
  });

  it('ships the assets a fresh build of client.js and uPlot makes', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await buildSiteAssets());
  });

  run('renders the overview, largest change first, with the number of change points, the hostile name as text', async () => {
    const rows = await page.$$eval('#overview tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 4)).toEqual(['go: Parse', 'AMD EPYC 7763, 4 cores', '160', '2']);
    expect(rows[0]![4]).toMatch(new RegExp(`^\\+(29|30)\\.\\d% \\[\\+\\d+\\.\\d%, \\+\\d+\\.\\d%\\] at ${commit(STEP_AT).slice(0, 12)}$`));
    expect(rows[1]![0]).toBe(`c: ${HOSTILE}`);
    expect(rows[1]![5]).toMatch(/^\+10\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] over 40 links$/);
    const summary = await page.$eval('#summary', (p) => p.textContent);
    expect(summary).toContain('320 records, 2 series, 2 change points. Package: go: example.com/hist.');
    expect(await page.$$('#app img, #app script')).toHaveLength(0);
    expect(await page.title()).not.toBe('pwned');
    await page.click('#overview th:nth-child(1)');
    expect(await page.$eval('#overview tbody tr td', (td) => td.textContent)).toBe(`c: ${HOSTILE}`);
    await page.screenshot({ path: path.join(artifacts, 'history-site-overview.png'), fullPage: true });
  });

  run('renders a trend with its change points, links the commits and offers bisect', async () => {
    const parse = data.series.find((s) => s.name === 'Parse')!;
    await openTrend(parse.id);
    expect(await page.$eval('html', (h) => h.dataset.changePoints)).toBe('2');
    expect(await page.$$('#chart canvas')).toHaveLength(1);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('go: Parse');
    expect(await page.$eval('.package', (p) => p.textContent)).toBe('package example.com/hist');
    expect(await page.$eval('.machine', (p) => p.textContent)).toContain('machine class: AMD EPYC 7763, 4 cores');
    expect(await page.$eval('#creep', (p) => p.textContent)).toBe('No creep over the latest 40 links.');
    const hrefs = await page.$$eval('#change-points a', (as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      [STEP_AT, STEP_AT - 1, FASTER_AT, FASTER_AT - 1].map((i) => `https://github.com/acme/widgets/commit/${commit(i)}`),
    );
    // The step's record has an attribution: shown under its change point, as text; the other has none.
    expect(await page.$$eval('#change-points .where', (w) => w.map((e) => e.textContent))).toEqual([
      'where the instructions changed: example.com/hist.parseHeader 26 → 0 /op, <b>inlined</b> 11 → 16 /op',
    ]);
    expect(await page.$$('#change-points b')).toHaveLength(0);
    expect(await page.$eval('code.bisect', (c) => c.textContent)).toContain(
      `benchgate bisect --good ${commit(STEP_AT - 1)} --bad ${commit(STEP_AT)} --benchmark ${PARSE}`,
    );
    await page.screenshot({ path: path.join(artifacts, 'history-site-trend.png'), fullPage: true });
    // The hostile series: its name in the heading, as text, and its creep.
    const hostile = data.series.find((s) => s.name.includes('<img'))!.id;
    await openTrend(hostile);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(`c: ${HOSTILE}`);
    expect(await page.$eval('#creep', (p) => p.textContent)).toMatch(
      /^Creep: \+10\.\d% \[.*\] over the latest 40 links, [0-9a-f]{12} to [0-9a-f]{12}\.$/,
    );
    expect(await page.title()).not.toBe('pwned');
    // A PR comment's link names the benchmark as recorded (src/report/trend-links.ts): the page opens its trend.
    const named = `#suite=go&benchmark=${encodeURIComponent(PARSE)}&metric=time`;
    await page.evaluate((h) => (location.hash = h), named);
    await page.waitForSelector(`html[data-rendered="${named}"]`, { timeout: 20000 });
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('go: Parse');
    expect(problems).toEqual([]);
  });

  run(
    "draws the y ticks in the unit's readable scale and the x axis in commit order, each change point labelled in its direction's colour",
    async () => {
      const parse = data.series.find((s) => s.name === 'Parse')!;
      await openTrend(parse.id);
      const ticks = await page.$eval('#chart', (c) => ({ x: c.dataset.xTicks!.split('|'), y: c.dataset.yTicks!.split('|') }));
      expect(ticks.y.length).toBeGreaterThan(2);
      for (const t of ticks.y) expect(t).toMatch(/^1\.\d+ µs$/);
      // Commit order: each x tick names a commit, oldest first.
      const at = ticks.x.map((t) => data.commits.commit.findIndex((c) => c.startsWith(t)));
      expect(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1]!))).toBe(true);
      const labels = await page.$$eval('#chart .cp-label', (ls) => {
        const canvas = document.querySelector('#chart canvas') as HTMLCanvasElement;
        // A copy to read pixels from, so the page's own canvas is never read back.
        const copy = Object.assign(document.createElement('canvas'), { width: canvas.width, height: canvas.height });
        const pixels = copy.getContext('2d', { willReadFrequently: true })!;
        pixels.drawImage(canvas, 0, 0);
        const box = canvas.getBoundingClientRect();
        const ratio = canvas.width / box.width;
        return ls.map((l) => {
          const over = l.parentElement!.getBoundingClientRect();
          const [x, y] = [parseFloat((l as HTMLElement).style.left), parseFloat((l as HTMLElement).style.top)];
          const dot = pixels.getImageData(
            Math.round((over.left - box.left + x) * ratio),
            Math.round((over.top - box.top + y) * ratio),
            1,
            1,
          ).data;
          return {
            text: l.textContent,
            kind: l.className,
            colour: getComputedStyle(l).color,
            dot: [...dot.slice(0, 3)],
            along: x / over.width,
          };
        });
      });
      expect(labels.map((l) => [l.text, l.kind])).toEqual(
        parse.changePoints.map((c) => [`${c.changePct >= 0 ? '+' : '−'}${Math.abs(c.changePct).toFixed(1)}%`, `cp-label ${c.direction}`]),
      );
      expect(labels.map((l) => l.colour)).toEqual([`rgb(${RED.join(', ')})`, `rgb(${GREEN.join(', ')})`]);
      labels.forEach((l, k) => {
        for (let c = 0; c < 3; c++) expect(Math.abs(l.dot[c]! - [RED, GREEN][k]![c]!)).toBeLessThanOrEqual(24);
        // One step per record: the point's place along the axis is its index's.
        expect(l.along).toBeCloseTo(parse.changePoints[k]!.index / (COMMITS - 1), 2);
      });
      expect(await page.$$eval('#change-points li', (lis) => lis.map((li) => getComputedStyle(li).color))).toEqual(
        labels.map((l) => l.colour),
      );
      await page.screenshot({ path: path.join(artifacts, 'history-site-axes.png'), fullPage: true });
    },
  );

  run('names the hovered commit, its date and its subject', async () => {
    const parse = data.series.find((s) => s.name === 'Parse')!;
    await openTrend(parse.id);
    const over = (await page.$('#chart .u-over'))!;
    const box = (await over.boundingBox())!;
    const index = FASTER_AT;
    await page.mouse.move(box.x + (box.width * index) / (COMMITS - 1), box.y + box.height / 2);
    expect(await page.$eval('#hover', (h) => h.textContent)).toBe(
      `#${index + 1} · ${commit(index + 1).slice(0, 12)} · ${data.commits.date[index]} · parse: change ${index + 1}`,
    );
    expect(problems).toEqual([]);
  });
});
