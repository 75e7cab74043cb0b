/**
 * `npm run screenshots`: regenerates every docs/img screenshot in headless Chromium from the
 * outputs scripts/screenshot-manifest.ts names, then writes the manifest of their hashes.
 * Needs /usr/bin/chromium (or CHROMIUM), `script` (util-linux) and a colour emoji font
 * (Debian: chromium fonts-noto-color-emoji).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pc from 'picocolors';
import { renderHtml } from '../src/report/html/render.js';
import { renderTerminal } from '../src/report/terminal.js';
import { adaptiveGoldenResult, goldenResult } from '../tests/report/fixture.js';
import { IMG_DIR, MANIFEST, ROOT, currentManifest } from './screenshot-manifest.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'benchgate-screenshots-'));
const script = (name: string, ...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', name), ...args], { cwd: ROOT, stdio: 'inherit' });
const img = (name: string) => path.join(IMG_DIR, name);

// The PR comment: the golden comment.md as written.
script('screenshot-comment.ts', path.join(ROOT, 'tests/report/golden/comment.md'), img('pr-comment.png'));

// report.html: the adaptive golden's page, with its client.
const page = path.join(tmp, 'report.html');
writeFileSync(page, renderHtml(adaptiveGoldenResult()));
script('screenshot-report.ts', page, img('report-html'));

// report.html's attribution view: the golden result's page (its regression has a call tree), with its client.
const attributed = path.join(tmp, 'report-attribution.html');
writeFileSync(attributed, renderHtml(goldenResult()));
script('screenshot-attribution.ts', attributed, img('report-html-attribution.png'));

// The terminal's result: the golden terminal table, in colour.
const table = path.join(tmp, 'terminal.txt');
writeFileSync(table, renderTerminal(goldenResult(), pc.createColors(true)));
script('screenshot-terminal.ts', table, img('terminal-result.png'));

// The status line under way: the progress driver under a pseudo-terminal 110 columns wide.
const capture = path.join(tmp, 'progress.typescript');
const driver = `stty cols 110; FORCE_COLOR=1 node --import tsx tests/helpers/progress-driver.ts`;
execFileSync('script', ['-qec', driver, capture], { cwd: ROOT, stdio: 'ignore' });
script('screenshot-terminal.ts', capture, img('terminal-progress.png'), '--until', 'round 2/2');

writeFileSync(MANIFEST, `${JSON.stringify(currentManifest(), null, 2)}\n`);
console.log(`wrote ${path.relative(ROOT, MANIFEST)}`);
