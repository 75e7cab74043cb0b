/**
 * `run-as: USER`: when benchgate runs as root (a container job, a self-hosted runner), the
 * pull request's build and benchmarks run as an unprivileged user. A process of another user
 * cannot read benchgate's /proc/<pid>/environ or memory, nor write to what root owns; it
 * still reads whatever files are readable by all (docs/security.md).
 */
import { execFileSync } from 'node:child_process';
import { lchown, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.js';

export interface RunAsUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** The user `name` (from the system's user database), refused when benchgate is not root or the user is root. */
export function lookupRunAs(name: string): RunAsUser {
  if (process.getuid?.() !== 0)
    throw new ConfigError(
      `run-as ${name}: benchgate must run as root to start commands as another user; remove run-as, or run benchgate as root`,
    );
  let entry: string;
  try {
    entry = execFileSync('getent', ['passwd', '--', name], { encoding: 'utf8' }).trim();
  } catch {
    throw new ConfigError(`run-as ${name}: no such user; create it (useradd --create-home ${name}) or name another`);
  }
  const [, , uid, gid, , home] = entry.split(':');
  const user = { name, uid: Number(uid), gid: Number(gid), home: home || '/' };
  if (!Number.isInteger(user.uid) || !Number.isInteger(user.gid))
    throw new ConfigError(`run-as ${name}: cannot read the user's ids from "${entry}"`);
  if (user.uid === 0) throw new ConfigError(`run-as ${name}: the user is root (uid 0); name an unprivileged user`);
  return user;
}

/** Gives `dir` and everything under it to the user: the build writes into its checkout. */
export async function handOver(dir: string, user: RunAsUser): Promise<void> {
  await lchown(dir, user.uid, user.gid);
  for (const entry of await readdir(dir, { recursive: true })) await lchown(path.join(dir, entry), user.uid, user.gid);
}

/** The variables that say who the process is, for the user's commands. */
export function runAsEnv(user: RunAsUser): Record<string, string> {
  return { HOME: user.home, USER: user.name, LOGNAME: user.name };
}
