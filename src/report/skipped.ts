/** How every report says that skip-paths skipped the run (src/runner/skip-paths.ts). */
import type { SkippedRun } from '../model.js';

/** One line, plain text: the renderers escape it where they quote it. */
export function skippedSentence(skipped: SkippedRun): string {
  const n = skipped.changedFiles;
  return n === 0
    ? 'skipped: no benchmarked code changed (no file changed since the merge base)'
    : `skipped: no benchmarked code changed (${n} file${n === 1 ? '' : 's'} changed, every one matching skip-paths)`;
}
