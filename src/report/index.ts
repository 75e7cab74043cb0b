/**
 * The report registry: every view benchgate renders, each from one renderer given one
 * RenderContext (view.ts). Files are written into --out; the other views are only handed to a
 * publisher, which sends them where its platform shows them. A new format is a renderer module
 * plus one line here. With view.ts, the only part of report/ that platforms/ may import.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderCodeQuality } from './codequality.js';
import { COMMENT_FILE, COMMENT_MAX_BYTES, renderComment } from './comment.js';
import { renderDotenv } from './dotenv.js';
import { ANNOTATIONS_LIMIT, renderAnnotations } from './github-annotations.js';
import { CHECK_SUMMARY_LIMIT, JOB_SUMMARY_LIMIT, renderCheckRun, renderJobSummary } from './github-summary.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { renderMetrics } from './metrics.js';
import { renderTerminal } from './terminal.js';
import type { Annotation, CheckText, RenderContext, ViewLimit } from './view.js';
import { writeAll, type NotWritten } from './write.js';

export { COMMENT_FILE, withSection } from './comment.js';
export { writeAtomic } from './write.js';

/** The report files written into the output directory, by file name. */
export type WrittenReports = Record<string, string>;

export interface ReportFile {
  file: string;
  render(ctx: RenderContext): string;
  /** The most it may hold where it is shown, when it has a limit of its own. */
  limit?: ViewLimit;
}

export const reportFiles: ReportFile[] = [
  { file: 'results.json', render: ({ result }) => renderJson(result) },
  { file: 'summary.md', render: ({ result }) => renderMarkdown(result) },
  {
    file: COMMENT_FILE,
    render: ({ result, comment }) => renderComment(result, comment),
    // Its own budget, well inside what the PR comment (65,536 characters) and the MR note (1,000,000) may hold.
    limit: { max: COMMENT_MAX_BYTES, unit: 'bytes', of: 'the pull request comment and the merge request note' },
  },
  { file: 'junit.xml', render: ({ result }) => renderJunit(result) },
  { file: 'gl-code-quality-report.json', render: ({ result }) => renderCodeQuality(result) },
  { file: 'metrics.txt', render: ({ result }) => renderMetrics(result) },
  { file: 'report.html', render: ({ result }) => renderHtml(result) },
];

/** What each view only a publisher shows renders to, by name. */
export interface ShownViews {
  /** The results table for a terminal or a CI log, in the platform's colours. */
  terminal: string;
  'github-annotations': Annotation[];
  'github-summary': string;
  'github-check': CheckText;
  'gitlab-dotenv': string;
}

export type ShownViewName = keyof ShownViews;

export interface ShownView<T> {
  render(ctx: RenderContext): T;
  limit?: ViewLimit;
}

/** The views handed to a publisher and never written into --out. */
export const shownViews: { [K in ShownViewName]: ShownView<ShownViews[K]> } = {
  terminal: { render: ({ result, platform }) => renderTerminal(result, platform?.colors) },
  'github-annotations': { render: renderAnnotations, limit: ANNOTATIONS_LIMIT },
  'github-summary': { render: renderJobSummary, limit: JOB_SUMMARY_LIMIT },
  'github-check': { render: renderCheckRun, limit: CHECK_SUMMARY_LIMIT },
  'gitlab-dotenv': { render: ({ result }) => renderDotenv(result) },
};

/** A view a publisher asks for: one only shown, or a file's name for the text written there. */
export type ViewName = ShownViewName | typeof COMMENT_FILE;

/** The views a publisher asked for; a file's only when it was written (its text as written). */
export type RenderedViews = Partial<ShownViews & Record<typeof COMMENT_FILE, string>>;

/** Renders the views `names` asks for; a file's is its text as written into --out, and absent when it was not written. */
export function renderViews(names: readonly ViewName[], ctx: RenderContext, written: WrittenReports): RenderedViews {
  const views: RenderedViews = {};
  for (const name of names) {
    const file = written[name];
    if (name !== COMMENT_FILE) Object.assign(views, { [name]: shownViews[name].render(ctx) });
    else if (file !== undefined) views[name] = readFileSync(file, 'utf8');
  }
  return views;
}

/** Writes every report, each whole or not at all; a full disk or quota stops some (`notWritten`), not the rest. */
export function writeReports(
  ctx: RenderContext,
  outDir: string,
  write?: typeof writeFileSync,
): { written: WrittenReports; notWritten: NotWritten[] } {
  mkdirSync(outDir, { recursive: true });
  const files = reportFiles.map((report) => ({
    name: report.file,
    file: path.join(outDir, report.file),
    text: () => report.render(ctx),
  }));
  const notWritten = writeAll(files, write);
  const written = Object.fromEntries(files.filter((f) => !notWritten.some((n) => n.file === f.file)).map((f) => [f.name, f.file]));
  return { written, notWritten };
}
