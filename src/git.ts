/**
 * The one place benchgate calls git. Every call is an argument array (never a shell), refs
 * are checked before use, and `--end-of-options` keeps a ref from being read as an option.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export class GitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs `git args...` in `cwd`; resolves with the exit code instead of throwing. */
export function git(cwd: string, args: string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ stdout: stdout.toString(), stderr: stderr.toString(), code });
      },
    );
  });
}

async function gitOk(cwd: string, args: string[], what: string): Promise<string> {
  const r = await git(cwd, args);
  if (r.code !== 0) throw new GitError(`${what} failed: ${r.stderr.trim() || `git exited with ${r.code}`}`);
  return r.stdout.trim();
}

/**
 * Refuses what cannot be a ref before git sees it: an option (`-x`), white space or control
 * characters. Anything else goes to git as one argument (never through a shell), so a branch
 * named `$(touch pwned)` is only ever a name git fails to find.
 */
export function checkRefSyntax(ref: string): void {
  if (ref.length === 0) throw new GitError('empty ref');
  if (ref.startsWith('-')) throw new GitError(`invalid ref "${ref}": a ref cannot start with "-"`);
  if (/[\u0000-\u0020\u007f]/.test(ref)) {
    throw new GitError(`invalid ref ${JSON.stringify(ref)}: refs cannot contain spaces or control characters`);
  }
}

export async function repoRoot(dir: string): Promise<string> {
  return gitOk(dir, ['rev-parse', '--show-toplevel'], `finding the git repository of ${dir}`);
}

async function revParse(repo: string, ref: string): Promise<string | null> {
  const r = await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  return r.code === 0 ? r.stdout.trim() : null;
}

/**
 * Resolves a ref to a commit SHA. When it is missing (a shallow CI clone), fetches it from
 * `origin` first: by name for branches and tags, by SHA for commits. `origin/main` is fetched
 * as `main`, since a single-branch clone has no remote-tracking ref for it to update.
 */
export async function resolveCommit(repo: string, ref: string, log: (msg: string) => void): Promise<string> {
  checkRefSyntax(ref);
  const local = await revParse(repo, ref);
  if (local) return local;
  const remotes = await git(repo, ['remote']);
  if (remotes.code === 0 && remotes.stdout.split('\n').includes('origin')) {
    log(`${ref} is not in this clone; fetching it from origin`);
    const names = ref.startsWith('origin/') ? [ref.slice('origin/'.length), ref] : [ref];
    for (const name of names) {
      const fetched = await git(repo, ['fetch', '--no-tags', '--depth=1', 'origin', '--end-of-options', name]);
      if (fetched.code !== 0) continue;
      const sha = (await revParse(repo, ref)) ?? (await revParse(repo, 'FETCH_HEAD'));
      if (sha) return sha;
    }
  }
  throw new GitError(`cannot resolve "${ref}" to a commit in ${repo} (fetch it, or check the name)`);
}

export interface Worktrees {
  base: string;
  head: string;
  /** Removes both worktrees and the temporary directory; safe to call twice. */
  remove(): Promise<void>;
}

/** Checks out base and head into two detached worktrees under one temporary directory. */
export async function createWorktrees(repo: string, baseSha: string, headSha: string): Promise<Worktrees> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'benchgate-'));
  const dirs = { base: path.join(root, 'base'), head: path.join(root, 'head') };
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    for (const dir of [dirs.base, dirs.head]) await git(repo, ['worktree', 'remove', '--force', dir]);
    await rm(root, { recursive: true, force: true });
    await git(repo, ['worktree', 'prune']);
  };
  try {
    await gitOk(repo, ['worktree', 'add', '--detach', dirs.base, baseSha], 'creating the base worktree');
    await gitOk(repo, ['worktree', 'add', '--detach', dirs.head, headSha], 'creating the head worktree');
  } catch (err) {
    await remove();
    throw err;
  }
  return { ...dirs, remove };
}
