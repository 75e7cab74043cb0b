/**
 * The GitHub reports from a synthetic result: the escaping corpus in every place a string from
 * benchmark output can appear, the size limits however many benchmarks, the notes section, and
 * the annotations the step prints (10 per kind, its own warnings counted).
 */
import * as core from '@actions/core';
import { describe, expect, it, jest } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkConclusion } from '../../../src/platforms/github-api.js';
import { publishResult } from '../../../src/conclude.js';
import { githubPlatform } from '../../../src/platforms/github.js';
import { ANNOTATIONS_PER_KIND } from '../../../src/report/github-annotations.js';
import { CHECK_SUMMARY_LIMIT, JOB_SUMMARY_LIMIT } from '../../../src/report/github-summary.js';
import { renderMarkdown } from '../../../src/report/markdown.js';
import { ROOT, tempDir } from '../../e2e/helpers.js';
import { expectPlainText, renderGfm, visibleText } from './render.js';
import { compared, result } from '../../builders.js';

const CORPUS = JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/github/corpus.json'), 'utf8')) as string[];
const HARDER = [...CORPUS, 'a\\|b', '`tick` and ``two``', '#12 www.example.com <script>x</script>', 'line\nbreak'];

describe('escaping corpus in the markdown reports', () => {
  const r = result([
    ...HARDER.map((name, i) => compared(name, 'regression', 20 + i)),
    ...HARDER.map((name) => compared(`${name} fast`, 'improvement', -30)),
    ...HARDER.map((name) => compared(`${name} same`, 'unchanged', 0.1, CORPUS[0])),
  ]);
  r.comparisons[0]!.warnings = HARDER.map((message) => ({ code: 'tail-regression' as const, message }));
  r.warnings = [{ code: 'high-load', message: CORPUS.join(' ') }];
  r.failures.runs = [{ suite: 'suite', side: 'head', round: 3, error: CORPUS.join(' ') }];
  const flat = (s: string) => s.replace(/\n/g, ' ');

  it('shows every name, warning and error as written, with no markup of its own', () => {
    const md = renderMarkdown(r);
    expectPlainText(md, [...HARDER.map(flat), CORPUS.join(' ')]);
    expect(md).toContain('**Notes**');
  });

  it('shows names as plain text in the truncated comment and check summary too', () => {
    expectPlainText(renderMarkdown(r, { maxBytes: 4000 }), CORPUS.slice(0, 2));
  });

  it('keeps bidirectional overrides and control characters out of the text', () => {
    const md = renderMarkdown(result([compared('evil\u202eexe.txt\u0007', 'regression', 50)]));
    expect(md).not.toMatch(/[\u202e\u0007]/);
    expect(visibleText(renderGfm(md))).toContain('evil\ufffdexe.txt\ufffd');
  });
});

describe('notes section', () => {
  it('lists per-comparison warnings, capped, with the caller notes after them', () => {
    const c = compared('noisy', 'inconclusive', 5);
    c.warnings = Array.from({ length: 15 }, (_, i) => ({ code: 'drift' as const, message: `warning number ${i}` }));
    const md = renderMarkdown(result([c]), { notes: ['3 more improvements are not annotated'] });
    const notes = md.slice(md.indexOf('**Notes**'));
    expect(notes.match(/^- `noisy`: warning number/gm)).toHaveLength(10);
    expect(notes).toContain('- …and 5 more notes in results.json');
    expect(notes).toContain('- 3 more improvements are not annotated');
  });

  it('has no notes section when there is nothing to say', () => {
    expect(renderMarkdown(result([compared('x', 'unchanged', 0)]))).not.toContain('Notes');
  });
});

describe('size limits', () => {
  const many = result(
    Array.from({ length: 20_000 }, (_, i) =>
      compared(`bench/${'x'.repeat(40)}/${i}`, i % 3 === 0 ? 'regression' : 'unchanged', 10 + (i % 50)),
    ),
  );

  it.each([
    ['job summary', JOB_SUMMARY_LIMIT.max - 1024],
    ['check summary', CHECK_SUMMARY_LIMIT.max],
  ])('the %s stays under its limit and says how many rows it left out', (_what, maxBytes) => {
    const md = renderMarkdown(many, { maxBytes });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(maxBytes);
    const left = Number(/> (\d+) more rows not shown/.exec(md)![1]);
    const shown = (md.match(/^\| `bench/gm) ?? []).length;
    expect(shown + left).toBe(20_000);
    expect(md.indexOf('🔴 regression')).toBeLessThan(md.indexOf('⚪ unchanged') === -1 ? Infinity : md.indexOf('⚪ unchanged'));
  });

  it("keeps every suite's regressions before any suite's unchanged rows", () => {
    const unchanged = Array.from({ length: 3000 }, (_, i) => compared(`same${i}`, 'unchanged', 0.1, 'big'));
    const md = renderMarkdown(
      result([compared('worst', 'regression', 50, 'big'), compared('other', 'regression', 20, 'small'), ...unchanged]),
      { maxBytes: 60_000 },
    );
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(60_000);
    expect(md).toContain('| `worst` |');
    expect(md).toContain('| `other` |');
    const left = Number(/> (\d+) more rows not shown/.exec(md)![1]);
    expect((md.match(/^\| `same\d+` \|/gm) ?? []).length + left).toBe(3000);
    expect(md.indexOf('#### `big`')).toBeLessThan(md.indexOf('#### `small`'));
    expectPlainText(md, ['worst', 'other']);
  });
});

describe('annotations the step prints', () => {
  /**
   * Workflow-command lines written to stdout while `fn` runs. @actions/core reads the step's
   * files from this process's environment: they are set to `summary` (or none) meanwhile.
   */
  async function printed(fn: () => Promise<void>, summary?: string): Promise<string[]> {
    const lines: string[] = [];
    const saved = { GITHUB_OUTPUT: process.env.GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: process.env.GITHUB_STEP_SUMMARY };
    delete process.env.GITHUB_OUTPUT;
    if (summary) process.env.GITHUB_STEP_SUMMARY = summary;
    else delete process.env.GITHUB_STEP_SUMMARY;
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((l) => l.startsWith('::')),
      );
      return true;
    });
    try {
      await fn();
    } finally {
      spy.mockRestore();
      for (const [key, value] of Object.entries(saved))
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
    return lines;
  }
  const many = (gate: boolean) =>
    result(
      Array.from({ length: 14 }, (_, i) => compared(`r${i}`, 'regression', 10 + i)),
      { gateFailed: gate },
    );
  const count = (lines: string[], kind: string) => lines.filter((l) => l.startsWith(`::${kind} `) || l.startsWith(`::${kind}::`)).length;

  it("keeps the failed step's own error within GitHub's 10 errors", async () => {
    const lines = await printed(async () => {
      await publishResult({ result: many(true), comment: {} }, {}, githubPlatform({ comment: false, check: false, env: {} }).publisher);
      core.error('benchgate: the gate failed'); // what core.setFailed prints in the action
    });
    expect(count(lines, 'error')).toBe(ANNOTATIONS_PER_KIND);
    expect(lines.at(-1)).toBe('::error::benchgate: the gate failed');
  });

  it('counts the warnings printed before the annotations against the 10, and the summary says how many were left out', async () => {
    const summary = path.join(tempDir('benchgate-summary-'), 'summary.md');
    writeFileSync(summary, '');
    const lines = await printed(async () => {
      const platform = githubPlatform({ comment: false, check: false, env: { GITHUB_STEP_SUMMARY: summary } });
      platform.logger.warn('head run in round 3 failed');
      platform.logger.warn('another warning');
      await publishResult({ result: many(false), comment: {} }, {}, platform.publisher);
    }, summary);
    expect(count(lines, 'warning')).toBe(ANNOTATIONS_PER_KIND);
    expect(readFileSync(summary, 'utf8')).toContain('- 6 more regressions (warnings) are not annotated');
  });
});

describe('check run conclusion', () => {
  it('fails when the gate fails, succeeds on a pass, is neutral otherwise', () => {
    expect(checkConclusion(result([compared('a', 'regression', 30)]))).toBe('failure');
    expect(checkConclusion(result([compared('a', 'regression', 30)], { gateFailed: false }))).toBe('neutral');
    expect(checkConclusion(result([compared('a', 'unchanged', 0)]))).toBe('success');
    expect(checkConclusion({ ...result([]), verdict: 'error' })).toBe('failure');
  });
});
