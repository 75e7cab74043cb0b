/**
 * `bench-from: head` (docs/bench-from.md): head's benchmark files, chosen by the trusted
 * `bench-files` globs, copied into the base worktree before its build, so that a benchmark added
 * with the change runs on both sides (asv keeps its benchmarks apart from the code the same way).
 * Paths come from `git ls-tree -z` and go to git and the file system as arguments, never through
 * a shell; only regular files are copied (a symbolic link could point out of the worktree).
 */
import { copyFileSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { git } from '../git.js';
import type { BenchFrom } from '../model.js';

/** What was copied: paths from the repository root, sorted; `replaced` those base had its own version of. */
export interface CopiedBenchFiles {
  copied: string[];
  replaced: string[];
}

/** The regular files (mode 100644 or 100755) of a commit's tree, by path. */
async function regularFiles(worktree: string, sha: string): Promise<Set<string>> {
  const r = await git(worktree, ['ls-tree', '-r', '-z', '--full-tree', sha]);
  if (r.code !== 0) throw new Error(`git ls-tree ${sha} failed: ${r.stderr.trim()}`);
  const files = new Set<string>();
  for (const entry of r.stdout.split('\0')) {
    // "<mode> <type> <object>\t<path>"
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type] = entry.slice(0, tab).split(' ');
    if (type === 'blob' && (mode === '100644' || mode === '100755')) files.add(entry.slice(tab + 1));
  }
  return files;
}

/** Paths of `files` any glob matches: globs on the path from the repository root, `**` across directories. */
export function matchingFiles(files: Iterable<string>, globs: readonly string[]): string[] {
  const matchers = globs.map((g) => picomatch(g, { dot: true, nonegate: true }));
  return [...files].filter((f) => matchers.some((m) => m(f))).sort();
}

/**
 * Head's files matching `globs` that go into the base worktree: those base lacks (`head`), or
 * every one (`head-overwrite`); nothing when bench-from is `base`.
 */
export async function planBenchFiles(
  from: BenchFrom,
  globs: readonly string[],
  worktrees: { base: string; head: string },
  shas: { base: string; head: string },
): Promise<CopiedBenchFiles> {
  if (from === 'base') return { copied: [], replaced: [] };
  const [baseFiles, headFiles] = await Promise.all([regularFiles(worktrees.base, shas.base), regularFiles(worktrees.head, shas.head)]);
  const copied = matchingFiles(headFiles, globs).filter((f) => from === 'head-overwrite' || !baseFiles.has(f));
  return { copied, replaced: copied.filter((f) => baseFiles.has(f)) };
}

/** Copies the planned files from the head worktree into the base worktree. */
export function copyBenchFiles(plan: CopiedBenchFiles, worktrees: { base: string; head: string }): void {
  for (const file of plan.copied) {
    const target = path.join(worktrees.base, ...file.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    // A link at the target (base's own) is replaced, never written through.
    if (lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(target);
    copyFileSync(path.join(worktrees.head, ...file.split('/')), target);
  }
}
