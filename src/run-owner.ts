/**
 * Which benchgate process owns a file or directory, and whether that owner died on this host.
 * An owner is written as its process id and host, one per line: the results log's lock
 * (runner/log.ts) and each run's checkouts (git.ts) carry one, so a run killed outright
 * (SIGKILL, an out-of-memory kill) leaves nothing the next run cannot take over or remove.
 * Another host's owner, or a missing one, may be a live run's, and is left alone.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether a process with this id exists on this machine (EPERM: it does, but is someone else's). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process as an owner. */
export function ownerText(): string {
  return `${process.pid}\n${os.hostname()}\n`;
}

/** Whether `text` (as ownerText wrote it) names a process of this host that is gone. */
export function ownerDied(text: string): boolean {
  const [pidText = '', host = ''] = text.split('\n');
  const pid = Number(pidText);
  return host === os.hostname() && Number.isSafeInteger(pid) && pid > 0 && !processAlive(pid);
}

/** The owner file in each run's temporary directory. */
export const OWNER_FILE = 'benchgate-owner';

/** Marks a run's temporary directory as this process's. */
export function markOwner(root: string): void {
  writeFileSync(path.join(root, OWNER_FILE), ownerText());
}

/** The run directories (benchgate-*) in `tmp` whose owner died on this host. */
export function deadRunRoots(tmp: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(tmp);
  } catch {
    return [];
  }
  return entries
    .filter((name) => name.startsWith('benchgate-'))
    .map((name) => path.join(tmp, name))
    .filter((root) => {
      const owner = path.join(root, OWNER_FILE);
      return existsSync(owner) && ownerDied(readFileSync(owner, 'utf8'));
    });
}
