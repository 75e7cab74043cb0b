/**
 * Every string of the shared fixture result replaced by each entry of the hostile corpus, in
 * every renderer and logger: the output keeps exactly the structure it has for the plain
 * fixture (no row, element, link, mention, line or workflow command of the input's making).
 */
import * as core from '@actions/core';
import { describe, expect, it, jest } from '@jest/globals';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { planAnnotations } from '../../src/report/github-annotations.js';
import { JOB_SUMMARY_LIMIT } from '../../src/report/github-summary.js';
import { GitHubLogger } from '../../src/platforms/github-logger.js';
import { GitLabLogger } from '../../src/platforms/gitlab-logger.js';
import { localPlatform } from '../../src/platforms/local.js';
import type { Logger } from '../../src/platforms/types.js';
import { renderCodeQuality, type CodeQualityIssue } from '../../src/report/codequality.js';
import { COMMENT_MAX_BYTES, renderComment } from '../../src/report/comment.js';
import { renderHtml } from '../../src/report/html/render.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderMetrics } from '../../src/report/metrics.js';
import { reportFiles, shownViews } from '../../src/report/index.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { tempDir } from '../e2e/helpers.js';
import { renderGfm } from '../platforms/github/render.js';
import { capture } from '../helpers/capture.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';
import { comparison, result, uuidAttribution, xxhashAttribution } from '../builders.js';
import { adaptiveGoldenResult, goldenResult } from './fixture.js';
import { HOSTILE, withHostile } from './hostile.js';

// Fixed rounds, and rounds auto (its filter notes and too-noisy names are PR-controlled text too).
const fixtures = [
  ['fixed rounds', goldenResult()],
  ['rounds auto', adaptiveGoldenResult()],
] as const;
const cases = fixtures.flatMap(([kind, plain]) =>
  HOSTILE.map(({ name, text }) => [`${kind}, ${name}`, withHostile(plain, text), plain] as const),
);

/** Opening and closing tags in document order: equal sequences mean equal structure. */
const tags = (html: string) => [...html.matchAll(/<(\/?[a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());

/** Control characters (newline aside), ESC included, and bidirectional overrides. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** What no written file may carry raw or once decoded (its JSON strings, its script data): controls but newline and tab, bidi controls. */
const UNSAFE_IN_FILES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Every string a JSON text holds, decoded. */
const jsonStrings = (text: string): string[] => {
  const found: string[] = [];
  JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' && found.push(value), value));
  return found;
};

describe.each(cases)('hostile strings (%s)', (_name, hostile, plain) => {
  it('every file written but results.json (the data itself): no control or bidi character, raw or decoded', () => {
    for (const { file, render } of reportFiles.filter((f) => f.file !== 'results.json')) {
      const text = render({ result: hostile, comment: {} });
      const script = /<script type="application\/json"[^>]*>([^]*?)<\/script>/.exec(text)?.[1];
      const decoded = [text, ...(file.endsWith('.json') ? jsonStrings(text) : []), ...(script ? jsonStrings(script) : [])];
      for (const t of decoded) expect([file, UNSAFE_IN_FILES.exec(t)?.[0]]).toEqual([file, undefined]);
    }
  });

  // But GitLab's dotenv: its values are the verdict, the counts and the SHAs, which the schema checks on read (hex digits).
  it('every view handed to a publisher but the dotenv: no control or bidi character, raw or in its strings', () => {
    for (const [name, view] of Object.entries(shownViews).filter(([name]) => name !== 'gitlab-dotenv')) {
      const rendered: unknown = view.render({ result: hostile, comment: {} });
      const texts = typeof rendered === 'string' ? [rendered] : jsonStrings(JSON.stringify(rendered));
      for (const t of texts) expect([name, UNSAFE_IN_FILES.exec(t)?.[0]]).toEqual([name, undefined]);
    }
  });

  it('markdown: the same elements, rows and cells as the plain result, and no mention, reference or link', () => {
    const html = renderGfm(renderMarkdown(hostile));
    expect(tags(html)).toEqual(tags(renderGfm(renderMarkdown(plain))));
    // GitHub makes no mention, reference or link inside a code span; outside one, a word joiner breaks each.
    const outsideCode = html.replace(/<code>[^]*?<\/code>/g, '');
    expect(outsideCode).not.toMatch(/@[\w-]|#\d|https?:\/\/|www\./);
  });

  it("the PR comment: within its 5 KB, still only benchgate's own markup, and no mention, reference or link", () => {
    const md = renderComment(hostile);
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(COMMENT_MAX_BYTES);
    const html = renderGfm(md);
    // A subset: longer hostile text leaves less room, so the budget may drop lines of benchgate's own (the "where" lines' breaks).
    const own = new Set(tags(renderGfm(renderComment(plain))));
    expect(tags(html).filter((tag) => !own.has(tag))).toEqual([]);
    expect(html.replace(/<code>[^]*?<\/code>/g, '')).not.toMatch(/@[\w-]|#\d|https?:\/\/|www\./);
  });

  it("the job summary: within its limit, still only benchgate's own markup", () => {
    const md = renderMarkdown(hostile, { maxBytes: JOB_SUMMARY_LIMIT.max - 1024 });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT.max - 1024);
    expect(new Set(tags(renderGfm(md)))).toEqual(new Set(tags(renderGfm(renderMarkdown(plain)))));
  });

  it('terminal: no control character or escape, no workflow command, no extra line', () => {
    const text = renderTerminal(hostile);
    expect(text).not.toMatch(UNSAFE);
    expect(text).not.toMatch(/^\s*::|##/m);
    expect(text.split('\n')).toHaveLength(renderTerminal(plain).split('\n').length);
  });

  it('junit.xml: well-formed, with the same test cases', () => {
    const xml = renderJunit(hostile);
    expect(XMLValidator.validate(xml)).toBe(true);
    const count = (doc: string) => (doc.match(/<testcase /g) ?? []).length;
    expect(count(xml)).toBe(count(renderJunit(plain)));
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(parsed.testsuites['@_tests']).toBe(String(count(xml)));
  });

  // GitLab shows a description as text, so names stay as written there (tests/platforms/gitlab/run.test.ts), on one line.
  it('Code Quality: valid JSON, the same issues, each description one line', () => {
    const issues = JSON.parse(renderCodeQuality(hostile)) as CodeQualityIssue[];
    expect(issues).toHaveLength(JSON.parse(renderCodeQuality(plain)).length);
    for (const issue of issues) expect(issue.description).not.toMatch(/[\n\r\u2028\u2029]/);
  });

  it('metrics.txt: every line a comment or one well-formed sample', () => {
    const lines = renderMetrics(hostile).trimEnd().split('\n');
    expect(lines).toHaveLength(renderMetrics(plain).trimEnd().split('\n').length);
    for (const line of lines)
      expect(line).toMatch(
        /^(# (TYPE|HELP) .*|# EOF|benchgate_\w+\{\w+="[^"\\#\u0000-\u001f]*"(,\w+="[^"\\#\u0000-\u001f]*")*\} -?\d[\d.e+-]*)$/,
      );
  });

  it('report.html: the same elements as the plain result', () => {
    const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[^]*?<\/script>/g, '<script></script>');
    expect(tags(withoutScripts(renderHtml(hostile)))).toEqual(tags(withoutScripts(renderHtml(plain))));
  });

  it('annotations: one line each, no control character, no mention', () => {
    const plan = planAnnotations(hostile, { locate: () => undefined });
    expect(plan.annotations.length).toBeGreaterThan(0);
    for (const a of plan.annotations) expect(a.message).not.toMatch(/[\n\r]|@[\w-]|[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
  });
});

/**
 * Function names from the profiles, in a result small enough that the comment's budget keeps
 * every "where" line (the fixtures above may drop them for room, as they should).
 */
describe.each(HOSTILE)('hostile function names in the attribution lines ($name)', ({ text }) => {
  const plain = result([
    comparison({ benchmark: 'Sum64String', verdict: 'improvement', changePct: -29, attribution: xxhashAttribution() }),
    comparison({ benchmark: 'Parse', verdict: 'regression', changePct: 40, attribution: uuidAttribution() }),
  ]);
  const hostile = withHostile(plain, text);

  it('the comment keeps both lines, each one table row of only its own markup, with no mention, reference or link', () => {
    const md = renderComment(hostile);
    expect(md.match(/^\| <sub>↳ where:<br>.*<\/sub> \| \| \| \| \|$/gm)).toHaveLength(2);
    const html = renderGfm(md);
    expect(tags(html)).toEqual(tags(renderGfm(renderComment(plain))));
    expect(html.replace(/<code>[^]*?<\/code>/g, '')).not.toMatch(/@[\w-]|#\d|https?:\/\/|www\./);
  });
});

/** Logs each corpus entry as a message, an echoed harness line, a warning and a group title. */
async function logAll(logger: Logger): Promise<void> {
  for (const { text } of HOSTILE) {
    logger.info(text);
    logger.info(`[head] ${text}`);
    logger.warn(text);
    await logger.group(text, async () => undefined);
  }
}

/** No escape or control character and no workflow command in any line but benchgate's own. */
function expectInert(log: string, own: RegExp): void {
  const lines = log.split('\n').map((line) => line.replace(own, ''));
  for (const line of lines) {
    expect(line).not.toMatch(UNSAFE);
    expect(line).not.toMatch(/^\s*::|##/);
  }
}

describe('log lines from hostile strings', () => {
  it('the local platform writes them inert', async () => {
    const err = capture();
    await logAll(localPlatform(capture().stream, err.stream).logger);
    expectInert(err.text(), /^$/);
  });

  it("GitLab's log keeps only its own colour and section sequences", async () => {
    const err = capture();
    await logAll(new GitLabLogger(err.stream));
    expectInert(err.text(), /\x1b\[(33m|0m|0K)|section_(start|end):\d+:[\w.-]+(\[collapsed=true\])?\r/g);
  });

  it('GitHub obeys only the warning and group commands benchgate itself issues', async () => {
    let out = '';
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    try {
      await logAll(new GitHubLogger());
      core.info('done');
    } finally {
      spy.mockRestore();
    }
    const commands = out.split('\n').filter((line) => /^\s*::|##/.test(line));
    const n = HOSTILE.length;
    expect(commands.filter((c) => c.startsWith('::warning::'))).toHaveLength(n);
    expect(commands.filter((c) => c.startsWith('::group::'))).toHaveLength(n);
    expect(commands.filter((c) => c === '::endgroup::')).toHaveLength(n);
    expect(commands).toHaveLength(3 * n);
    expect(out).not.toMatch(/\x1b/);
  });
});

const itWithXmllint = itWhen(() => hasTool('xmllint', '--version'));

describe('junit.xml of the whole corpus', () => {
  itWithXmllint('is well-formed for xmllint too', () => {
    const dir = tempDir();
    const files = cases.map(([, hostile], i) => {
      const file = path.join(dir, `${i}.xml`);
      writeFileSync(file, renderJunit(hostile));
      return file;
    });
    const check = spawnSync('xmllint', ['--noout', ...files], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
