/**
 * One bisect comparison: `benchgate run --base X --head Y`'s measuring half (measure.ts:
 * worktrees, builds, interleaved rounds, counts) into its own directory, then the analysis,
 * keeping the searched benchmarks. Nothing is published: a bisect posts no comment.
 */
import path from 'node:path';
import { analyze, hasFailures } from '../analysis/index.js';
import { globMatcher, namesForGlobs } from '../analysis/gating.js';
import { ConfigError, type Config } from '../config.js';
import { normaliseName } from '../harness/index.js';
import { measure } from '../measure.js';
import type { Comparison } from '../model.js';
import type { Platform } from '../platforms/types.js';
import { writeReports } from '../report/index.js';
import { RunFailure } from '../runner/errors.js';
import { readLog } from '../runner/log.js';
import type { CompareRange } from './search.js';

export function rangeComparer(
  config: Config,
  platform: Pick<Platform, 'logger' | 'events'>,
  line: readonly { sha: string }[],
  glob: string,
): CompareRange {
  const matches = globMatcher(glob);
  const position = new Map(line.map((c, i) => [c.sha, i]));
  return async (base, head, label) => {
    const outDir = path.join(config.outDir, 'bisect', label);
    const logFile = await measure({ ...config, base: base.sha, head: head.sha, outDir }, platform);
    const log = readLog(logFile);
    const result = analyze({ header: log.header, runs: log.runs, profiles: log.profiles, end: log.end, settings: log.header.config });
    // The step's reports, for a look at what it measured (report.html, summary.md).
    writeReports({ result, comment: {} }, outDir);
    if (hasFailures(result.failures))
      throw new RunFailure(`comparing ${base.sha.slice(0, 12)}..${head.sha.slice(0, 12)}: a build or run failed; see ${outDir}/summary.md`);
    // The names `ignore` and `thresholds` match (as the reports show it, and as printed), of the name as
    // printed and as history records it (Go without "-N"): `Step*` and the site's command both find it.
    const named = (c: Comparison) =>
      [c.benchmark, normaliseName(result.settings.format, c.benchmark)].some((benchmark) =>
        namesForGlobs({ benchmark, metric: c.metric }).some(matches),
      );
    const comparisons = result.comparisons.filter((c) => c.gating && named(c));
    if (comparisons.length === 0) {
      const names = [...new Set(result.comparisons.filter((c) => c.gating).map((c) => c.benchmark))].slice(0, 8).join(', ');
      throw new ConfigError(`--benchmark ${glob} matches no benchmark the suite printed (${names || 'none'})`);
    }
    return { base, head, commits: position.get(head.sha)! - position.get(base.sha)!, comparisons, outDir };
  };
}
