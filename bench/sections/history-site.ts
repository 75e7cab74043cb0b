/**
 * The trend site at scale (issue 27's goal): 1,000 benchmark series × 5,000 commits, written by
 * writeSite and opened in headless Chromium (/usr/bin/chromium) from disk. Measures the
 * overview's first render (navigation start to the table painted) and one series' trend (hash
 * change to the 5,000-point uPlot chart painted, its data file loaded on demand), medians of
 * several. The data is synthesised (a wobble with two steps per series), not detected: this
 * times the page, not E-Divisive.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chartValue, type SiteChangePoint, type SiteCommits, type SiteOverview, type SiteSeries } from '../../src/history/site/data.js';
import { writeSite } from '../../src/history/site/write.js';
import { markdownTable, medianOf } from '../tables.js';
import type { Check, SectionOutput } from './types.js';

const BENCHMARKS = 1000;
const COMMITS = 5000;
const SERIES_OPENED = 7;

const sha = (i: number): string => i.toString(16).padStart(40, '0');

function synthesise(): { overview: SiteOverview; commits: SiteCommits; series: SiteSeries[] } {
  const series: SiteSeries[] = [];
  const start = Date.UTC(2025, 0, 1) / 1000;
  for (let id = 0; id < BENCHMARKS; id++) {
    const steps = [1000 + (id % 1500), 3000 + ((id * 7) % 1500)];
    const value = Array.from(
      { length: COMMITS },
      (_, i) => 100 * (1 + 0.02 * Math.sin(i * 1.3 + id)) * (i >= steps[0]! ? 1.1 : 1) * (i >= steps[1]! ? 0.95 : 1),
    );
    const changePoints = steps.map((index, k): SiteChangePoint => ({
      index,
      commit: sha(index),
      previous: sha(index - 1),
      changePct: k === 0 ? 10 : -5,
      interval: k === 0 ? [9.5, 10.5] : [-5.4, -4.6],
      direction: k === 0 ? 'regression' : 'improvement',
      attribution: null,
      p: 1e-9,
      bisect: `benchgate bisect --good ${sha(index - 1)} --bad ${sha(index)} --benchmark Benchmark${id}`,
    }));
    series.push({
      id,
      suite: 'go',
      name: `${id}`,
      pkg: `example.com/pkg${id % 40}`,
      unit: 'ns/op',
      machine: 'AMD EPYC 7763, 4 cores',
      value: value.map(chartValue),
      at: Array.from({ length: COMMITS }, (_, i) => i),
      changePoints,
    });
  }
  const rows = series.map((s) => ({
    id: s.id,
    suite: 'go',
    benchmark: `${s.pkg}.Benchmark${s.name}`,
    name: `${s.name} (${s.pkg})`,
    metric: 'time',
    unit: s.unit,
    better: 'lower' as const,
    machine: s.machine,
    points: COMMITS,
    last: s.value.at(-1)!,
    change: s.changePoints[0]!,
    changePoints: 2,
    creep: null,
  }));
  return {
    overview: {
      branch: 'main',
      records: COMMITS,
      commitUrl: 'https://github.com/acme/widgets/commit/',
      creepLinks: 40,
      window: null,
      packages: [],
      rows,
    },
    // A subject of typical length on every commit.
    commits: {
      commit: Array.from({ length: COMMITS }, (_, i) => sha(i).slice(0, 12)),
      subject: Array.from({ length: COMMITS }, (_, i) => `parse: commit ${i} of the synthetic history, a typical subject line`),
      date: Array.from({ length: COMMITS }, (_, i) => new Date((start + i * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ')),
    },
    series,
  };
}

export async function historySite(): Promise<SectionOutput> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-site-bench-'));
  const writeStart = performance.now();
  writeSite(dir, synthesise());
  const writeMs = performance.now() - writeStart;
  const seriesDir = path.join(dir, 'data', 'series');
  const seriesBytes = readdirSync(seriesDir).map((f) => statSync(path.join(seriesDir, f)).size);
  const overviewBytes = statSync(path.join(dir, 'data', 'overview.js')).size;
  const commitsBytes = statSync(path.join(dir, 'data', 'commits.js')).size;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const overview: number[] = [];
  const trend: number[] = [];
  try {
    for (let run = 0; run < SERIES_OPENED; run++) {
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
      await page.waitForSelector('html[data-rendered="#"]', { timeout: 30000 });
      overview.push(await page.evaluate(() => performance.getEntriesByName('benchgate-rendered')[0]!.startTime));
      const id = (run * 137) % BENCHMARKS;
      const started = await page.evaluate((n) => {
        const t = performance.now();
        location.hash = `#b=${n}`;
        return t;
      }, id);
      await page.waitForSelector(`html[data-rendered="#b=${id}"]`, { timeout: 30000 });
      trend.push((await page.evaluate(() => performance.getEntriesByName('benchgate-rendered').at(-1)!.startTime)) - started);
      await page.close();
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const [o, t] = [medianOf(overview), medianOf(trend)];
  const checks: Check[] = [
    { claim: 'the overview of 1,000 series renders in under 1 s', holds: o < 1000, detail: `median ${o.toFixed(0)} ms` },
    { claim: 'one 5,000-point series renders in under 200 ms', holds: t < 200, detail: `median ${t.toFixed(0)} ms` },
  ];
  const markdown = `### The trend site at scale

${BENCHMARKS} series × ${COMMITS} commits, synthesised, written by writeSite in ${(writeMs / 1000).toFixed(1)} s and opened from disk in headless Chromium; ${SERIES_OPENED} fresh pages. The overview file is ${(overviewBytes / 1e6).toFixed(2)} MB, the commits (with a 65-character subject each; loaded with the first trend) ${(commitsBytes / 1e6).toFixed(2)} MB, a series file ${(medianOf(seriesBytes) / 1e3).toFixed(0)} kB (${(seriesBytes.reduce((a, b) => a + b, 0) / 1e6).toFixed(0)} MB in all), medians (min–max).

${markdownTable(
  ['what', 'median', 'range'],
  [
    [
      'overview: navigation start to the table painted',
      `${o.toFixed(0)} ms`,
      `${Math.min(...overview).toFixed(0)}–${Math.max(...overview).toFixed(0)} ms`,
    ],
    [
      'one series: hash change to its chart painted (its file, and the commits once, loaded on demand)',
      `${t.toFixed(0)} ms`,
      `${Math.min(...trend).toFixed(0)}–${Math.max(...trend).toFixed(0)} ms`,
    ],
  ],
)}
`;
  return { markdown, checks };
}
