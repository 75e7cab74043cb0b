/**
 * skip-paths: a pull request that changes only files no benchmark can notice (docs, other jobs'
 * CI files) passes at once, with its reports and check, instead of spending the rounds. A path
 * filter in the workflow's `on:` would leave a required check pending for ever; this keeps it.
 *
 * Only on a pull or merge request (the caller checks the governing event): a push or a
 * recording run on main is always measured, so main's history has no gaps. The globs come
 * from trusted config only (`trusted-only` in src/options.ts).
 */
import picomatch from 'picomatch';
import { git } from '../git.js';
import type { SkippedRun } from '../model.js';

/** Files named in the log header and the reports. */
const FILES_SHOWN = 20;

/** Path globs as git names files: `*` stays inside a directory, `**` crosses them, dot files match. */
export function pathMatcher(globs: readonly string[]): (file: string) => boolean {
  const matchers = globs.map((glob) => picomatch(glob, { dot: true, nonegate: true }));
  return (file) => matchers.some((m) => m(file));
}

/** The files changed from the merge base of base and head to head (renames as a deletion and an addition). */
export async function changedFiles(repo: string, baseSha: string, headSha: string): Promise<{ mergeBase: string; files: string[] }> {
  const base = await git(repo, ['merge-base', '--end-of-options', baseSha, headSha]);
  if (base.code !== 0) throw new Error(`git merge-base ${baseSha} ${headSha}: ${base.stderr.trim() || `exit ${base.code}`}`);
  const mergeBase = base.stdout.trim();
  // Submodule pointers are listed by their path, so a submodule bump is a change like any other.
  const diff = await git(repo, ['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', mergeBase, headSha, '--']);
  if (diff.code !== 0) throw new Error(`git diff --name-only ${mergeBase} ${headSha}: ${diff.stderr.trim() || `exit ${diff.code}`}`);
  return { mergeBase, files: diff.stdout.split('\0').filter((f) => f !== '') };
}

/**
 * Whether the run can skip: every changed file matches a glob. A change that cannot be read
 * is measured (the caller warns): skipping is never the answer to an error.
 */
export function skipDecision(mergeBase: string, files: readonly string[], globs: readonly string[]): SkippedRun | null {
  if (globs.length === 0) return null;
  const matches = pathMatcher(globs);
  if (!files.every(matches)) return null;
  return { mergeBase, changedFiles: files.length, files: files.slice(0, FILES_SHOWN) };
}
