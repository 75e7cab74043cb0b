/**
 * `--store SPEC` to a store: `postgresql://…` (store-postgres.ts), `git:REMOTE[#BRANCH]` (a
 * remote of the current repository, a URL or a path; branch benchgate-data by default;
 * store-git.ts), anything else a local directory (store-directory.ts).
 */
import path from 'node:path';
import { git } from '../git.js';
import { DirectoryStore } from './store-directory.js';
import { DEFAULT_DATA_BRANCH, GitStore } from './store-git.js';
import type { HistoryStore } from './store.js';

/** A remote's name in `cwd`'s repository becomes its URL; anything else is a URL or a path. */
async function remoteUrl(remote: string, cwd: string): Promise<string> {
  if (/^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(remote)) {
    const r = await git(cwd, ['remote', 'get-url', remote]);
    if (r.code === 0) return r.stdout.trim();
  }
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/]+@[^/]+:/.test(remote) ? remote : path.resolve(cwd, remote);
}

export async function openStore(spec: string, cwd: string): Promise<HistoryStore> {
  // Loaded only when asked for: most runs never need the PostgreSQL client.
  if (/^postgres(ql)?:\/\//i.test(spec)) return (await import('./store-postgres.js')).PostgresStore.open(spec);
  const gitSpec = /^git:(.*)$/.exec(spec);
  if (gitSpec) {
    const [remote, branch] = gitSpec[1]!.split('#', 2) as [string, string | undefined];
    return new GitStore(await remoteUrl(remote || 'origin', cwd), branch || DEFAULT_DATA_BRANCH);
  }
  return new DirectoryStore(path.resolve(cwd, spec));
}
