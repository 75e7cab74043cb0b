/**
 * execMeasured against commands that leave daemons behind or print too much (issue 13, items
 * 3, 4 and 10): the run returns promptly, the daemons are gone, and big output neither hangs
 * nor crashes.
 */
import { describe, expect, it } from '@jest/globals';
import { DRAIN_MS, execMeasured, MAX_LINE_CHARS } from '../../src/runner/exec.js';
import { RUN_ID_VARIABLE } from '../../src/runner/leftovers.js';
import { ROOT } from '../e2e/helpers.js';
import { alive } from '../helpers/processes.js';

const linux = process.platform === 'linux';
const itLinux = linux ? it : it.skip;
const opts = { cwd: ROOT, env: process.env, timeoutSec: 0 };

async function eventuallyGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
}

/** Starts a daemon that leaves the process group and keeps stdout and stderr open; prints its pid. */
const DAEMON = `setsid sh -c 'echo daemon=$$; exec sleep 1000' & nohup sh -c 'echo nohup=$$; exec sleep 1000' 2>&1 & sleep 0.3`;

function pidsOf(stdout: string): number[] {
  return [...stdout.matchAll(/(?:daemon|nohup)=(\d+)/g)].map((m) => Number(m[1]));
}

describe('execMeasured with daemons', () => {
  itLinux('returns promptly when a setsid/nohup daemon holds stdout and stderr, and ends the daemons', async () => {
    const started = Date.now();
    const r = await execMeasured(DAEMON, opts);
    expect(Date.now() - started).toBeLessThan(DRAIN_MS + 8000);
    expect(r.exitCode).toBe(0);
    const pids = pidsOf(r.stdout);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await eventuallyGone(pid)).toBe(true);
    expect(r.leftoversEnded).toBeGreaterThanOrEqual(1); // the setsid one; nohup's stays in the group
  });

  itLinux('a timeout returns even when a daemon holds the pipes', async () => {
    const started = Date.now();
    const r = await execMeasured(`${DAEMON}; sleep 30`, { ...opts, timeoutSec: 1 });
    expect(r.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000 + DRAIN_MS + 8000);
    for (const pid of pidsOf(r.stdout)) expect(await eventuallyGone(pid)).toBe(true);
  });

  itLinux('the command does not inherit the stat pipe (fd 3), and carries the run marker', async () => {
    const r = await execMeasured(
      `if [ -e /proc/$$/fd/3 ]; then echo fd3 open; else echo fd3 closed; fi; echo "marker=$${RUN_ID_VARIABLE}"`,
      opts,
    );
    expect(r.stdout).toContain('fd3 closed');
    expect(r.stdout).toMatch(/marker=[0-9a-f-]{36}\n/);
    // The wrapper still reads the command's CPU time.
    expect(r.cpuUserMs).not.toBeNull();
  });

  itLinux('background jobs left in the process group are ended too', async () => {
    const r = await execMeasured('sleep 1000 & echo bg=$!', opts);
    const pid = Number(/bg=(\d+)/.exec(r.stdout)![1]);
    expect(await eventuallyGone(pid)).toBe(true);
  });
});

describe('execMeasured with large output', () => {
  it('a 32 MB line without a newline is read in linear time and cut in the log', async () => {
    const lines: string[] = [];
    const started = Date.now();
    const r = await execMeasured(`head -c 33554432 /dev/zero | tr '\\0' a`, { ...opts, onLine: (l) => lines.push(l) });
    // Quadratic re-splitting took minutes; linear reading takes well under a second unloaded.
    expect(Date.now() - started).toBeLessThan(15000);
    expect(r.stdout.length).toBe(33554432);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(MAX_LINE_CHARS + 100);
    expect(lines[0]).toMatch(/… \(33550336 more characters\)$/);
    expect(r.tail).toEqual(lines);
  });

  it('keeps every line of ordinary output, including a last line without a newline', async () => {
    const lines: string[] = [];
    const r = await execMeasured(`printf 'a\\nb\\n\\nc'`, { ...opts, onLine: (l) => lines.push(l) });
    expect(lines).toEqual(['a', 'b', '', 'c']);
    expect(r.stdout).toBe('a\nb\n\nc');
  });

  it('output over the cap kills the run and says so instead of crashing', async () => {
    const r = await execMeasured('yes', { ...opts, maxStdoutBytes: 1024 * 1024 });
    expect(r.outputLimitExceeded).toBe(true);
    expect(r.stdout).toBe('');
    expect(r.signal ?? r.exitCode).not.toBe(0);
  });
});
