/**
 * Links from the PR comment to main's trend site (`benchgate history --out`, docs/history.md):
 * each flagged benchmark's trend, addressed by name so the comment needs nothing from the site.
 * The page reads `#suite=…&benchmark=…&metric=…` and opens that series (or lists the machine
 * classes it has).
 */
import { normaliseName } from '../harness/index.js';
import type { Comparison, ComparisonResult } from '../model.js';

/** The trend page of a comparison's benchmark, by the name history records (Go without "-N"). */
export function trendUrl(siteUrl: string, result: Pick<ComparisonResult, 'settings'>, c: Comparison): string {
  const benchmark = normaliseName(result.settings.format, c.benchmark);
  return `${siteUrl}#${new URLSearchParams({ suite: c.suite, benchmark, metric: c.metric }).toString()}`;
}
