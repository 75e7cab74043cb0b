/**
 * Writes the trend site into a directory: index.html (overview and trends, one page routed by
 * its hash), assets/, data/overview.js, data/commits.js (every series' commits, once) and
 * data/series/N.js. Data files are scripts calling
 * benchgateSite.*, so a browser loads them from a web server (GitHub or GitLab Pages) and from
 * disk alike; JSON.stringify makes each one a plain literal, and a "<" is written escaped so no
 * name can close a script element.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_SCRIPT, UPLOT_CSS } from './assets.generated.js';
import type { SiteCommits, SiteOverview, SiteSeries } from './data.js';

const STYLES = `body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse}th,td{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{cursor:pointer;background:#f4f4f4;position:sticky;top:0}td.num{text-align:right}
.regression{color:#a40000}.improvement{color:#2a7a00}code{font-size:90%}code.bisect{user-select:all}
#change-points li{margin-bottom:.5em}.machine,.package{color:#555}#hover{min-height:1.45em;color:#333}
#chart .u-over{overflow:hidden}.cp-label{position:absolute;transform:translate(-50%,-170%);font-size:12px;font-weight:600;
white-space:nowrap;pointer-events:none;background:rgba(255,255,255,.85);padding:0 .2em;border-radius:2px}`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>benchgate: benchmark history</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:">
<link rel="stylesheet" href="assets/uPlot.min.css"><link rel="stylesheet" href="assets/site.css">
</head><body><main id="app"><p>loading…</p></main>
<script src="assets/site.js"></script><script src="data/overview.js"></script>
</body></html>
`;

/** A script that hands `value` to the page: a literal, with "<" escaped. */
function call(fn: string, ...values: unknown[]): string {
  return `benchgateSite.${fn}(${values.map((v) => JSON.stringify(v).replace(/</g, '\\u003c')).join(',')});\n`;
}

export function writeSite(dir: string, data: { overview: SiteOverview; commits: SiteCommits; series: SiteSeries[] }): void {
  // The data directory is the site's own: series of a benchmark no longer recorded must not linger.
  rmSync(path.join(dir, 'data'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'data', 'series'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'assets', 'site.js'), SITE_SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'uPlot.min.css'), UPLOT_CSS);
  writeFileSync(path.join(dir, 'assets', 'site.css'), STYLES);
  writeFileSync(path.join(dir, 'data', 'overview.js'), call('overview', data.overview));
  writeFileSync(path.join(dir, 'data', 'commits.js'), call('commits', data.commits));
  for (const s of data.series) writeFileSync(path.join(dir, 'data', 'series', `${s.id}.js`), call('series', s.id, s));
}
