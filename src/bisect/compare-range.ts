/**
 * One bisect comparison: `benchgate run --base X --head Y`'s measuring half (measure.ts:
 * worktrees, builds, interleaved rounds, counts) into its own directory, then the analysis,
 * keeping the searched benchmarks. Nothing is published: a bisect posts no comment.
 */
import path from 'node:path';
import { analyze, hasFailures } from '../analysis/index.js';
import { searchedMatcher, unsearchedMessage } from '../analysis/searched.js';
import { ConfigError, type Config } from '../config.js';
import { measure } from '../measure.js';
import type { Platform } from '../platforms/types.js';
import type { Executor } from '../runner/executor.js';
import { writeReports } from '../report/index.js';
import { RunFailure } from '../runner/errors.js';
import { readLog } from '../runner/log.js';
import type { CompareRange } from './search.js';

export function rangeComparer(
  config: Config,
  platform: Pick<Platform, 'logger' | 'events'>,
  executor: Executor,
  line: readonly { sha: string }[],
  glob: string,
): CompareRange {
  const position = new Map(line.map((c, i) => [c.sha, i]));
  return async (base, head, label) => {
    const outDir = path.join(config.outDir, 'bisect', label);
    const logFile = await measure({ ...config, base: base.sha, head: head.sha, outDir, searched: glob }, platform, executor);
    const log = readLog(logFile);
    const result = analyze({ header: log.header, runs: log.runs, profiles: log.profiles, end: log.end, settings: log.header.config });
    // The step's reports, for a look at what it measured (report.html, summary.md).
    writeReports({ result, comment: {} }, outDir);
    if (hasFailures(result.failures))
      throw new RunFailure(`comparing ${base.sha.slice(0, 12)}..${head.sha.slice(0, 12)}: a build or run failed; see ${outDir}/summary.md`);
    // Measuring refused a glob that matched no name of the first round; a glob matching only names
    // that do not gate (a derived metric) is refused here.
    const searched = searchedMatcher(glob, result.settings.format);
    const comparisons = result.comparisons.filter((c) => c.gating && searched(c));
    if (comparisons.length === 0) {
      const gating = result.comparisons.filter((c) => c.gating);
      throw new ConfigError(unsearchedMessage(glob, result.settings.format, gating, 'the suite')!);
    }
    return { base, head, commits: position.get(head.sha)! - position.get(base.sha)!, comparisons, outDir };
  };
}
