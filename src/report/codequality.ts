/**
 * gl-code-quality-report.json: GitLab's Code Quality format (a subset of Code Climate's), one
 * issue per regression, for the merge request's Code Quality widget on the free tier.
 *
 * Benchmarks have no source line, so every issue points at the first line of `.gitlab-ci.yml`,
 * the file that configures the benchmark job and exists in every GitLab project. The
 * fingerprint depends only on suite, benchmark, metric (and size), so GitLab sees the same regression
 * on the target branch and in the merge request as one issue, not a new one each pipeline.
 */
import { createHash } from 'node:crypto';
import { complexityNOf, identityKey } from '../analysis/identity.js';
import type { Comparison, ComparisonResult } from '../model.js';
import { sequentialPCell } from './adaptive.js';
import { clip, neutralise } from './escape.js';
import { namesOf, type Names } from './names.js';
import { formatChange, formatP } from './units.js';

export const CODE_QUALITY_PATH = '.gitlab-ci.yml';

export interface CodeQualityIssue {
  type: 'issue';
  check_name: string;
  description: string;
  categories: string[];
  fingerprint: string;
  severity: 'info' | 'minor' | 'major' | 'critical' | 'blocker';
  location: { path: string; lines: { begin: number } };
}

/** The size tells apart the rows nanobench gives one name at several complexityN. */
function fingerprint(c: Comparison, format: string): string {
  return createHash('sha256')
    .update(identityKey({ ...c, complexityN: complexityNOf(c) }, format))
    .digest('hex');
}

/** rounds auto decides by the closing look's level, fixed rounds by the adjusted p. */
function pText(c: Comparison): string {
  return c.sequential
    ? `p / level = ${sequentialPCell(c, c.sequential)}, after ${c.sequential.rounds} rounds`
    : `adjusted p = ${formatP(c.pAdjusted)}`;
}

function issue(c: Comparison, result: ComparisonResult, names: Names): CodeQualityIssue {
  // One line of plain text: GitLab shows it as is (JSON would keep bidi controls and decode escaped ones).
  const where = result.comparisons.some((o) => o.suite !== c.suite) ? `${clip(c.suite)}: ` : '';
  return {
    type: 'issue',
    check_name: 'benchgate-regression',
    description: neutralise(
      clip(`Benchmark regression ${where}${names.full(c)} ${formatChange(c.changePct, c.changeCi)} (${pText(c)})`, 1000),
    ),
    categories: ['Performance'],
    fingerprint: fingerprint(c, result.settings.format),
    // A regression that fails the gate blocks the merge; one reported with the gate off does not;
    // one that does not gate (process cost, a secondary metric, an ignored benchmark) is information.
    severity: !c.gating ? 'info' : result.gateFailed ? 'major' : 'minor',
    location: { path: CODE_QUALITY_PATH, lines: { begin: 1 } },
  };
}

export function renderCodeQuality(result: ComparisonResult): string {
  const names = namesOf(result);
  const issues = result.comparisons.filter((c) => c.verdict === 'regression').map((c) => issue(c, result, names));
  return JSON.stringify(issues, null, 2) + '\n';
}
