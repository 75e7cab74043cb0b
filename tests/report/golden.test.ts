/**
 * Every report benchgate writes, rendered from one fixed result and compared whole with a file
 * under tests/report/golden/, so a change of format shows in review as a diff of that file. The
 * list is the renderer registry (src/report/index.ts `reportFiles`): a new renderer gets its
 * golden without a line here. After an intended change: `npm run goldens` rewrites them; read
 * the diff before committing.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { renderComment, type CommentOptions } from '../../src/report/comment.js';
import { reportFiles } from '../../src/report/index.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { adaptiveGoldenResult, goldenResult } from './fixture.js';
import { goSuiteResult } from './go-suite.js';

const DIR = path.join(import.meta.dirname, 'golden');
const LINKS = [
  { text: 'job summary', url: 'https://github.com/octo/app/actions/runs/12345678' },
  { text: 'results.json and report.html (artifacts)', url: 'https://github.com/octo/app/actions/runs/12345678#artifacts' },
];
const UPDATE = process.env.UPDATE_GOLDENS === '1';

type Golden = [file: string, render: (r: ComparisonResult) => string];

/** The page without its client bundle (tests/report/html checks that against a fresh build): the markup and the plots' data. */
const withoutClient = (file: string, text: string) =>
  file.endsWith('.html') ? text.replace(/<script>[^]*?<\/script>/, '<script>/* client.generated.ts */</script>') : text;

/** Every file of the registry, named `<name><suffix>.<ext>`, plus the terminal (a platform's output, not a file). */
function registryGoldens(suffix: string, comment: CommentOptions): Golden[] {
  const named = (file: string) => file.replace(/(\.[a-z]+)$/, `${suffix}$1`);
  return [
    [named('terminal.txt'), renderTerminal],
    ...reportFiles.map((report): Golden => [named(report.file), (r) => withoutClient(report.file, report.render({ result: r, comment }))]),
  ];
}

const GOLDENS: Golden[] = [
  ...registryGoldens('', { links: LINKS, fullReport: 'the job summary' }),
  // The job summary when the rows do not all fit: what is left out, and how it says so.
  ['summary-truncated.md', (r) => renderMarkdown(r, { maxBytes: 2200, fullResultsHint: 'the benchgate-results artifact' })],
];

/** rounds auto: the run's account, the looks, each benchmark's stop and the too-noisy warning. */
const ADAPTIVE_GOLDENS: Golden[] = registryGoldens('-adaptive', {});

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

describe('the report goldens', () => {
  it('keep no file that no golden above writes', () => {
    const wanted = new Set([...GOLDENS, ...ADAPTIVE_GOLDENS].map(([file]) => file).concat('comment-go-suite.md'));
    const stale = readdirSync(DIR).filter((file) => !wanted.has(file));
    if (UPDATE) for (const file of stale) rmSync(path.join(DIR, file));
    else expect(stale).toEqual([]);
  });
});
