/**
 * The one place benchgate calls git. Every call is an argument array (never a shell), refs
 * are checked before use, and `--end-of-options` keeps a ref from being read as an option.
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deadRunRoots, markOwner } from './run-owner.js';

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
 * Refuses what cannot be a ref before git sees it: an option (`-x`), a refspec (`+src:dst`
 * would make a fetch force-update a local branch), white space or control characters.
 * Anything else goes to git as one argument (never through a shell), so a branch named
 * `$(touch pwned)` is only ever a name git fails to find.
 */
export function checkRefSyntax(ref: string): void {
  if (ref.length === 0) throw new GitError('empty ref');
  if (ref.startsWith('-')) throw new GitError(`invalid ref "${ref}": a ref cannot start with "-"`);
  if (ref.startsWith('+') || ref.includes(':')) {
    throw new GitError(`invalid ref "${ref}": "+" and ":" make a refspec, not a ref; name a branch, tag or commit`);
  }
  if (/[\u0000-\u0020\u007f]/.test(ref)) {
    throw new GitError(`invalid ref ${JSON.stringify(ref)}: refs cannot contain spaces or control characters`);
  }
}

/**
 * Says what `dir` is when it cannot be the repository to compare (missing, a file, or outside
 * any git repository), before anything asks git for a ref in it. `named` is how the user gave
 * it ("--repo x", "the current directory (/x)").
 */
export async function checkRepository(dir: string, named: string): Promise<void> {
  if (!existsSync(dir)) throw new GitError(`${named}: no such directory`);
  if (!statSync(dir).isDirectory()) throw new GitError(`${named}: a file, not a directory`);
  if ((await git(dir, ['rev-parse', '--git-dir'])).code !== 0) {
    throw new GitError(`${named}: not a git repository (nor inside one); pass --repo with the clone to compare`);
  }
}

export async function repoRoot(dir: string): Promise<string> {
  return gitOk(dir, ['rev-parse', '--show-toplevel'], `finding the git repository of ${dir}`);
}

/** A subject longer than this is cut: a record holds a line, not a commit message. */
const SUBJECT_CHARS = 200;

/**
 * A commit's subject line and committer date (ISO 8601), or null where `repo` is no git
 * repository or does not have the commit (a job that checked nothing out).
 */
export async function commitSummary(repo: string, sha: string): Promise<{ subject: string; committedAt: string } | null> {
  if (!/^[0-9a-f]{7,64}$/.test(sha) || !existsSync(repo)) return null;
  const r = await git(repo, ['show', '--no-patch', '--no-show-signature', '--format=%cI%x00%s', '--end-of-options', sha]);
  if (r.code !== 0) return null;
  const [committedAt, subject] = r.stdout.replace(/\n$/, '').split('\0');
  if (!committedAt || subject === undefined) return null;
  return { subject: subject.slice(0, SUBJECT_CHARS), committedAt };
}

async function revParse(repo: string, ref: string): Promise<string | null> {
  const r = await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  return r.code === 0 ? r.stdout.trim() : null;
}

async function hasOrigin(repo: string): Promise<boolean> {
  const remotes = await git(repo, ['remote']);
  return remotes.code === 0 && remotes.stdout.split('\n').includes('origin');
}

async function isShallow(repo: string): Promise<boolean> {
  return (await git(repo, ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
}

/**
 * Fetches refs or commits from origin. A shallow clone gets `depth` commits of history from
 * each and stays shallow; a full clone gets their whole history, since a `--depth` would make
 * it shallow. Nothing is written to a local ref.
 */
async function fetchFromOrigin(repo: string, names: string[], depth: number): Promise<boolean> {
  const limit = (await isShallow(repo)) ? [`--depth=${depth}`] : [];
  return (await git(repo, ['fetch', '--no-tags', ...limit, 'origin', '--end-of-options', ...names])).code === 0;
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
  if (await hasOrigin(repo)) {
    log(`${ref} is not in this clone; fetching it from origin`);
    const names = ref.startsWith('origin/') ? [ref.slice('origin/'.length), ref] : [ref];
    for (const name of names) {
      if (!(await fetchFromOrigin(repo, [name], 1))) continue;
      const sha = (await revParse(repo, ref)) ?? (await revParse(repo, 'FETCH_HEAD'));
      if (sha) return sha;
    }
  }
  throw new GitError(`cannot resolve "${ref}" to a commit in ${repo} (fetch it, or check the name)`);
}

/** The first parent of a commit (a SHA), fetching one more commit of history when a shallow clone stops at it. */
export async function firstParent(repo: string, commit: string, log: (msg: string) => void): Promise<string> {
  const parent = await revParse(repo, `${commit}^1`);
  if (parent) return parent;
  if ((await isShallow(repo)) && (await hasOrigin(repo))) {
    log(`the first parent of ${commit} is not in this clone; fetching it from origin`);
    if (await fetchFromOrigin(repo, [commit], 2)) {
      const fetched = await revParse(repo, `${commit}^1`);
      if (fetched) return fetched;
    }
  }
  throw new GitError(`${commit} has no parent in ${repo}: a root commit cannot be compared with its parent`);
}

/** How far a shallow clone is deepened, in turn, until base and head meet; the last step fetches everything. */
const DEEPEN_STEPS = [64, 512, 4096, Infinity];
/** git's own spelling of "no depth limit" for --depth. */
const WHOLE_HISTORY = 2 ** 31 - 1;

/**
 * The merge base of two commits (SHAs), deepening a shallow clone until their histories meet
 * (GitHub's and GitLab's shallow checkouts stop long before the branch point).
 */
export async function mergeBase(repo: string, base: string, head: string, log: (msg: string) => void): Promise<string> {
  const find = async () => {
    const r = await git(repo, ['merge-base', '--end-of-options', base, head]);
    return r.code === 0 ? r.stdout.trim() : null;
  };
  const found = await find();
  if (found) return found;
  if ((await isShallow(repo)) && (await hasOrigin(repo))) {
    for (const depth of DEEPEN_STEPS) {
      const what = depth === Infinity ? 'their whole history' : `${depth} commits of their history`;
      log(`the merge base of ${base} and ${head} is not in this clone; fetching ${what} from origin`);
      if (!(await fetchFromOrigin(repo, [base, head], Math.min(depth, WHOLE_HISTORY)))) break;
      const deeper = await find();
      if (deeper) return deeper;
    }
  }
  throw new GitError(`${base} and ${head} have no common ancestor in ${repo}: there is no merge base to compare with`);
}

export interface Worktrees {
  base: string;
  head: string;
  /** Removes both checkouts and their temporary directory; safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Initialises the submodules a worktree's `.gitmodules` lists: a new worktree has none checked
 * out, and a build that needs them would fail for no reason of its own.
 */
async function initSubmodules(dir: string, warn: (msg: string) => void): Promise<void> {
  if (!existsSync(path.join(dir, '.gitmodules'))) return;
  const r = await git(dir, ['submodule', 'update', '--init', '--recursive']);
  if (r.code !== 0)
    warn(`initialising the submodules of ${dir} failed (the build may miss them): ${r.stderr.trim() || `git exited with ${r.code}`}`);
}

/**
 * A URL that git may use without a credential: userinfo dropped from http(s) and ftp(s) URLs
 * (`https://x-access-token:ghs_…@github.com/o/r`, `https://gitlab-ci-token:…@gitlab.example/`),
 * a password dropped from any other (`ssh://git:pw@host/` keeps `git`).
 */
export function withoutCredentials(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@(.*)$/i.exec(url);
  if (!m) return url;
  const [, scheme, userinfo, rest] = m as unknown as [string, string, string, string];
  if (/^(https?|ftps?):\/\//i.test(scheme)) return `${scheme}${rest}`;
  return `${scheme}${userinfo.split(':')[0]}@${rest}`;
}

/**
 * A checkout of `sha` in `dir` that shares the repository's objects but not its configuration:
 * a new repository whose objects/info/alternates points at the source's object store. The
 * pull request's build and benchmarks run here, and a worktree (`git worktree add`) would give
 * them the source's `.git/config`, where CI keeps its token (actions/checkout's
 * `http.<url>.extraheader`, a GitLab clone URL with the job token). Its only setting is
 * `remote.origin.url`, without credentials, so that relative submodule URLs resolve as before.
 */
async function credentialFreeCheckout(repo: string, dir: string, sha: string, origin: string): Promise<void> {
  const common = await gitOk(repo, ['rev-parse', '--path-format=absolute', '--git-common-dir'], 'finding the git directory');
  await gitOk(path.dirname(dir), ['init', '-q', dir], `creating ${dir}`);
  await writeFile(path.join(dir, '.git', 'objects', 'info', 'alternates'), `${path.join(common, 'objects')}\n`);
  // A shallow clone's history ends at its shallow commits; without the list, git would look for their parents.
  const shallow = path.join(common, 'shallow');
  if (existsSync(shallow)) await copyFile(shallow, path.join(dir, '.git', 'shallow'));
  await gitOk(dir, ['remote', 'add', 'origin', origin], `setting the origin of ${dir}`);
  await gitOk(dir, ['-c', 'advice.detachedHead=false', 'checkout', '-q', '--detach', sha, '--'], `checking out ${sha} in ${dir}`);
}

/** Where the checkouts' relative submodule URLs resolve: the source's origin without credentials, else the source itself. */
async function originFor(repo: string): Promise<string> {
  const r = await git(repo, ['remote', 'get-url', 'origin']);
  return r.code === 0 && r.stdout.trim() !== '' ? withoutCredentials(r.stdout.trim()) : await repoRoot(repo);
}

/** Removes the checkouts of runs that died on this host (run-owner.ts). */
async function removeDeadRunCheckouts(warn: (msg: string) => void): Promise<void> {
  const dead = deadRunRoots(os.tmpdir());
  for (const root of dead) await rm(root, { recursive: true, force: true });
  if (dead.length > 0) warn(`removed the checkouts of ${dead.length} killed benchgate run(s) (first: ${dead[0]})`);
}

/**
 * Checks out base and head into two directories under one temporary directory, submodules
 * included. Each is a repository of its own whose git configuration holds no credential
 * (credentialFreeCheckout); benchgate's own git calls (fetching refs, submodules) still use
 * the source's and the user's configuration.
 */
export async function createWorktrees(repo: string, baseSha: string, headSha: string, warn: (msg: string) => void): Promise<Worktrees> {
  await removeDeadRunCheckouts(warn);
  const root = await mkdtemp(path.join(os.tmpdir(), 'benchgate-'));
  markOwner(root);
  const dirs = { base: path.join(root, 'base'), head: path.join(root, 'head') };
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    await rm(root, { recursive: true, force: true });
  };
  try {
    const origin = await originFor(repo);
    await credentialFreeCheckout(repo, dirs.base, baseSha, origin);
    await credentialFreeCheckout(repo, dirs.head, headSha, origin);
    await initSubmodules(dirs.base, warn);
    await initSubmodules(dirs.head, warn);
  } catch (err) {
    await remove();
    throw err;
  }
  return { ...dirs, remove };
}
