/**
 * The report registry: every file benchgate writes into --out, each from one renderer.
 * A new format is a renderer module plus one line here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ComparisonResult } from '../model.js';
import type { WrittenReports } from '../platforms/types.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';

export interface ReportFile {
  file: string;
  render(result: ComparisonResult): string;
}

export const reportFiles: ReportFile[] = [
  { file: 'results.json', render: renderJson },
  { file: 'summary.md', render: (r) => renderMarkdown(r) },
];

export function writeReports(result: ComparisonResult, outDir: string): WrittenReports {
  mkdirSync(outDir, { recursive: true });
  const written: WrittenReports = {};
  for (const report of reportFiles) {
    const file = path.join(outDir, report.file);
    writeFileSync(file, report.render(result));
    written[report.file] = file;
  }
  return written;
}
