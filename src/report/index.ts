/**
 * The report registry: every file benchgate writes into --out, each from one renderer.
 * A new format is a renderer module plus one line here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../model.js';
import { renderCodeQuality } from './codequality.js';
import { COMMENT_FILE, renderComment, type CommentOptions } from './comment.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { renderMetrics } from './metrics.js';
import { writeAll, type NotWritten } from './write.js';

/** The report files written into the output directory, by file name. */
export type WrittenReports = Record<string, string>;

export interface ReportFile {
  file: string;
  /** `comment`: what the platform adds to the PR comment (its links); the other reports ignore it. */
  render(result: ComparisonResult, comment: CommentOptions): string;
}

export const reportFiles: ReportFile[] = [
  { file: 'results.json', render: renderJson },
  { file: 'summary.md', render: (r) => renderMarkdown(r) },
  { file: COMMENT_FILE, render: renderComment },
  { file: 'junit.xml', render: renderJunit },
  { file: 'gl-code-quality-report.json', render: renderCodeQuality },
  { file: 'metrics.txt', render: renderMetrics },
  { file: 'report.html', render: renderHtml },
];

/** Writes every report, each whole or not at all; a full disk or quota stops some (`notWritten`), not the rest. */
export function writeReports(
  result: ComparisonResult,
  outDir: string,
  comment: CommentOptions = {},
  write?: typeof writeFileSync,
): { written: WrittenReports; notWritten: NotWritten[] } {
  mkdirSync(outDir, { recursive: true });
  const files = reportFiles.map((report) => ({
    name: report.file,
    file: path.join(outDir, report.file),
    text: () => report.render(result, comment),
  }));
  const notWritten = writeAll(files, write);
  const written = Object.fromEntries(files.filter((f) => !notWritten.some((n) => n.file === f.file)).map((f) => [f.name, f.file]));
  return { written, notWritten };
}
