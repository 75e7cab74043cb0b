/**
 * Every report benchgate writes, rendered from one fixed result and compared whole with a file
 * under tests/report/golden/, so a change of format shows in review as a diff of that file.
 * After an intended change: `npm run goldens` rewrites them; read the diff before committing.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { renderCodeQuality } from '../../src/report/codequality.js';
import { renderComment } from '../../src/report/comment.js';
import { renderHtml } from '../../src/report/html/render.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderMetrics } from '../../src/report/metrics.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { adaptiveGoldenResult, goldenResult } from './fixture.js';
import { goSuiteResult } from './go-suite.js';

const DIR = path.join(import.meta.dirname, 'golden');
const LINKS = [
  { text: 'job summary', url: 'https://github.com/octo/app/actions/runs/12345678' },
  { text: 'results.json and report.html (artifacts)', url: 'https://github.com/octo/app/actions/runs/12345678#artifacts' },
];
const UPDATE = process.env.UPDATE_GOLDENS === '1';

const GOLDENS: [file: string, render: (r: ComparisonResult) => string][] = [
  ['terminal.txt', renderTerminal],
  ['summary.md', (r) => renderMarkdown(r)],
  // The job summary when the rows do not all fit: what is left out, and how it says so.
  ['summary-truncated.md', (r) => renderMarkdown(r, { maxBytes: 2200, fullResultsHint: 'the benchgate-results artifact' })],
  ['comment.md', (r) => renderComment(r, { links: LINKS, fullReport: 'the job summary' })],
  ['junit.xml', renderJunit],
  ['gl-code-quality-report.json', renderCodeQuality],
  ['metrics.txt', renderMetrics],
];

/** The page without its client bundle (tests/html checks that against a fresh build): the markup and the plots' data. */
const htmlWithoutClient = (r: ComparisonResult) =>
  renderHtml(r).replace(/<script>[^]*?<\/script>/, '<script>/* client.generated.ts */</script>');

/** rounds auto: the run's account, the looks, each benchmark's stop and the too-noisy warning. */
const ADAPTIVE_GOLDENS: [file: string, render: (r: ComparisonResult) => string][] = [
  ['terminal-adaptive.txt', renderTerminal],
  ['summary-adaptive.md', (r) => renderMarkdown(r)],
  ['comment-adaptive.md', (r) => renderComment(r)],
  ['junit-adaptive.xml', renderJunit],
  ['gl-code-quality-report-adaptive.json', renderCodeQuality],
  ['metrics-adaptive.txt', renderMetrics],
  ['report-adaptive.html', htmlWithoutClient],
];

function expectGolden(file: string, text: string): void {
  const golden = path.join(DIR, file);
  if (UPDATE) writeFileSync(golden, text);
  if (!existsSync(golden)) throw new Error(`${golden} is missing: run npm run goldens, then review and commit it`);
  expect(text).toBe(readFileSync(golden, 'utf8'));
}

describe('report goldens (npm run goldens rewrites them)', () => {
  const result = goldenResult();
  it.each(GOLDENS)('%s', (file, render) => expectGolden(file, render(result)));
});

describe('report goldens of a rounds: auto run', () => {
  const result = adaptiveGoldenResult();
  it.each(ADAPTIVE_GOLDENS)('%s', (file, render) => expectGolden(file, render(result)));
});

describe('report goldens of a 15-benchmark Go suite (3 metrics each, rounds auto)', () => {
  const result = goSuiteResult();
  it('comment-go-suite.md', () =>
    expectGolden('comment-go-suite.md', renderComment(result, { links: LINKS, fullReport: 'the job summary' })));
});
