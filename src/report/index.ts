/**
 * The report registry: every file benchgate writes into --out, each from one renderer.
 * A new format is a renderer module plus one line here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderCodeQuality } from './codequality.js';
import { COMMENT_FILE, renderComment } from './comment.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { renderMetrics } from './metrics.js';
import type { RenderContext } from './view.js';
import { writeAll, type NotWritten } from './write.js';

/** The report files written into the output directory, by file name. */
export type WrittenReports = Record<string, string>;

export interface ReportFile {
  file: string;
  render(ctx: RenderContext): string;
}

export const reportFiles: ReportFile[] = [
  { file: 'results.json', render: ({ result }) => renderJson(result) },
  { file: 'summary.md', render: ({ result }) => renderMarkdown(result) },
  { file: COMMENT_FILE, render: ({ result, comment }) => renderComment(result, comment) },
  { file: 'junit.xml', render: ({ result }) => renderJunit(result) },
  { file: 'gl-code-quality-report.json', render: ({ result }) => renderCodeQuality(result) },
  { file: 'metrics.txt', render: ({ result }) => renderMetrics(result) },
  { file: 'report.html', render: ({ result }) => renderHtml(result) },
];

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
