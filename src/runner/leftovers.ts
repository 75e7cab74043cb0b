/**
 * What a run left behind: its processes (the checkouts of a run killed outright are
 * ../run-owner.ts's).
 *
 * A command can start a daemon that leaves its process group
 * (`setsid`, `nohup … &` under a double fork): killing the group misses it, and a test server
 * started by base's run would still be serving while head's runs. Every process of a run
 * inherits a marker in its environment (RUN_ID_VARIABLE=<unique id>); after the run, any
 * process that still carries it is killed. Linux only (/proc/<pid>/environ); a process that
 * rewrites its own environment, or runs as another user, escapes this.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';

/** The environment variable that marks every process of one run. */
export const RUN_ID_VARIABLE = 'BENCHGATE_RUN_ID';

/** A fresh marker value for one run. */
export function newRunId(): string {
  return randomUUID();
}

/** The last pid the kernel handed out (Linux 3.3+), or null where it cannot be read. */
function lastPid(): number | null {
  try {
    const n = Number(readFileSync('/proc/sys/kernel/ns_last_pid', 'utf8'));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Whether `pid` was handed out after `first` up to `last`. Pids are allocated in increasing
 * order and wrap around at pid_max, so a run's processes lie in that cyclic interval, and
 * only the few processes in it need their environment read.
 */
function allocatedBetween(pid: number, first: number, last: number): boolean {
  return first <= last ? pid >= first && pid <= last : pid >= first || pid <= last;
}

/** Pids of this user's processes started since `firstPid` whose environment carries the marker (never benchgate itself). */
function markedProcesses(runId: string, firstPid: number): number[] {
  const needle = Buffer.from(`${RUN_ID_VARIABLE}=${runId}\0`);
  const last = lastPid();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    if (last !== null && !allocatedBetween(Number(entry), firstPid, last)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(needle)) pids.push(Number(entry));
    } catch {
      // gone, or another user's process (not ours to end)
    }
  }
  return pids;
}

/**
 * Kills every process still marked with `runId`, the run whose first process is `firstPid`;
 * returns how many there were. A few passes, so that a child forked between the scan and the
 * kill is found by the next scan.
 */
export function endLeftovers(runId: string, firstPid: number): number {
  const ended = new Set<number>();
  for (let pass = 0; pass < 3; pass++) {
    const pids = markedProcesses(runId, firstPid).filter((pid) => !ended.has(pid));
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        ended.add(pid);
      } catch {
        // already gone
      }
    }
  }
  return ended.size;
}
