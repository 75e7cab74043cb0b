/** Whether a process is still running, for tests of what a run leaves behind (Linux). */
import { readFileSync } from 'node:fs';

/** A zombie waiting for its reaper counts as gone. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
