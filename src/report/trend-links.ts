/**
 * Links from the PR comment to main's trend site (`benchgate history --out`, docs/history.md):
 * each flagged benchmark's trend, addressed by name so the comment needs nothing from the site.
 * The page reads `#suite=…&benchmark=…&metric=…` and opens that series (or lists the machine
 * classes it has).
 */
import { ConfigError } from '../config.js';
import { normaliseName } from '../harness/index.js';
import type { Comparison, ComparisonResult } from '../model.js';

/** The configured site URL, checked: http(s), no fragment (the trend's address is the fragment). */
export function checkHistoryUrl(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `${where}: "${value.slice(0, 200)}" is not a URL; give the trend site's address, e.g. https://OWNER.github.io/REPO/`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${where}: the trend site's URL must be http(s), got ${url.protocol}`);
  if (url.hash !== '') throw new ConfigError(`${where}: the trend site's URL must have no #fragment: benchgate adds each benchmark's`);
  return url.href;
}

/** The trend page of a comparison's benchmark, by the name history records (Go without "-N"). */
export function trendUrl(siteUrl: string, result: Pick<ComparisonResult, 'settings'>, c: Comparison): string {
  const benchmark = normaliseName(result.settings.format, c.benchmark);
  return `${siteUrl}#${new URLSearchParams({ suite: c.suite, benchmark, metric: c.metric }).toString()}`;
}
