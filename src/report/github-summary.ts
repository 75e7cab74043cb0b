/**
 * GitHub's two markdown views of the full report: the job summary and the check run. Both are
 * summary.md's renderer (markdown.ts) held to GitHub's limit, with the run's links and the
 * notes on annotations the step left out.
 */
import { plainText } from './escape.js';
import { annotationNotes } from './github-annotations.js';
import { renderMarkdown } from './markdown.js';
import { headline } from './rows.js';
import type { CheckText, RenderContext, ViewLimit } from './view.js';

/** Rendered 1 KiB under it. */
export const JOB_SUMMARY_LIMIT: ViewLimit = { max: 1024 * 1024, unit: 'bytes', of: "a GitHub step's job summary" };
export const CHECK_SUMMARY_LIMIT: ViewLimit = { max: 65_535, unit: 'characters', of: "a GitHub check run's summary" };
/** The check run's name and title: one line of plain text each, clipped. */
const CHECK_NAME_MAX = 100;
const CHECK_TITLE_MAX = 200;

export function renderJobSummary(ctx: RenderContext): string {
  return renderMarkdown(ctx.result, {
    maxBytes: JOB_SUMMARY_LIMIT.max - 1024,
    notes: annotationNotes(ctx),
    links: ctx.platform?.links ?? [],
    fullResultsHint: 'results.json in the results artifact',
  });
}

/** The check run: named after the suite (a `/benchmark` run's never stands in for the gate's), the headline as its title. */
export function renderCheckRun(ctx: RenderContext): CheckText {
  const suite = ctx.platform?.suite ?? 'benchmarks';
  const name = ctx.comment.section === 'deep' ? `benchgate /benchmark (${suite})` : `benchgate (${suite})`;
  return {
    name: plainText(name, CHECK_NAME_MAX),
    title: plainText(headline(ctx.result), CHECK_TITLE_MAX),
    summary: renderMarkdown(ctx.result, {
      maxBytes: CHECK_SUMMARY_LIMIT.max,
      notes: annotationNotes(ctx),
      links: ctx.platform?.links ?? [],
    }),
  };
}
