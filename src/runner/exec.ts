/**
 * Runs one user command (build or benchmark) and measures its process tree: wall time,
 * CPU user/sys time and peak RSS, with an optional time limit.
 *
 * The command is the user's own configuration, so it runs through `sh -c` like a CI step
 * would; nothing from git or from benchmark output is ever put into it. A thin outer shell
 * waits for the command and then prints its own /proc/<pid>/stat to fd 3: the `cutime` and
 * `cstime` fields there are the CPU time of every descendant it waited for (Linux only; null
 * elsewhere). Peak RSS is sampled from /proc over the process tree while it runs (VmHWM of
 * each process), so a process that lives less than one sampling interval can be missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { RSS_SAMPLE_MS } from '../model.js';
import { isErrorLine } from './error-line.js';

export interface ExecOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 0 = no limit. */
  timeoutSec: number;
  /** Called with each line the command writes (stdout and stderr), for streaming logs. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface ExecResult {
  stdout: string;
  /** The last lines of stderr and stdout interleaved, for error messages. */
  tail: string[];
  /** The first line anywhere in the output that says why it failed (runner/error-line.ts), if any. */
  errorLine: string | null;
  wallMs: number;
  cpuUserMs: number | null;
  cpuSysMs: number | null;
  maxRssKb: number | null;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
}

const WRAPPER = 'sh -c "$1"; s=$?; cat /proc/$$/stat >&3 2>/dev/null; exit $s';
const TAIL_LINES = 20;

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const n = Number(r.stdout?.trim());
    clockTicks = Number.isFinite(n) && n > 0 ? n : 100;
  }
  return clockTicks;
}

/** Children's CPU time from the wrapper shell's /proc stat line (fields 16 and 17). */
function childCpuMs(stat: string): { user: number; sys: number } | null {
  // The command name (field 2) is in parentheses and may contain spaces: split after it.
  const after = stat.slice(stat.lastIndexOf(')') + 2).trim().split(/\s+/);
  const cutime = Number(after[13]);
  const cstime = Number(after[14]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) return null;
  const tick = 1000 / ticksPerSecond();
  return { user: cutime * tick, sys: cstime * tick };
}

/**
 * The descendants of a process, walking /proc/<pid>/task/<tid>/children (Linux); [] elsewhere.
 * Walking the tree instead of scanning all of /proc keeps the sampler's own CPU use small,
 * since it shares the machine with the benchmark it measures.
 */
function descendants(rootPid: number): number[] {
  const out: number[] = [];
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const kids = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        for (const kid of kids ? kids.split(' ') : []) {
          out.push(Number(kid));
          stack.push(Number(kid));
        }
      } catch {
        // the task ended while we looked
      }
    }
  }
  return out;
}

function peakRssKb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export function execMeasured(command: string, opts: ExecOptions): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('sh', ['-c', WRAPPER, 'benchgate', command], {
      cwd: opts.cwd,
      env: opts.env,
      // Own process group, so a timeout or cancel can stop the whole tree.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    activeChildren.add(child.pid!);

    const stdoutChunks: Buffer[] = [];
    const tail: string[] = [];
    let errorLine: string | null = null;
    let statLine = '';
    const lineSplitter = (stream: 'stdout' | 'stderr') => {
      let partial = '';
      return (chunk: Buffer) => {
        const text = partial + chunk.toString('utf8');
        const lines = text.split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          tail.push(line);
          if (tail.length > TAIL_LINES) tail.shift();
          if (errorLine === null && isErrorLine(line)) errorLine = line;
          opts.onLine?.(line, stream);
        }
      };
    };
    const onStdoutLine = lineSplitter('stdout');
    child.stdout!.on('data', (chunk: Buffer) => {
      stdoutChunks.push(chunk);
      onStdoutLine(chunk);
    });
    child.stderr!.on('data', lineSplitter('stderr'));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (statLine += chunk.toString()));

    let maxRss: number | null = null;
    const sampler = setInterval(() => {
      for (const pid of descendants(child.pid!)) {
        const rss = peakRssKb(pid);
        if (rss !== null) maxRss = Math.max(maxRss ?? 0, rss);
      }
    }, RSS_SAMPLE_MS);

    let timedOut = false;
    const timer =
      opts.timeoutSec > 0
        ? setTimeout(() => {
            timedOut = true;
            killGroup(child.pid!);
          }, opts.timeoutSec * 1000)
        : undefined;

    child.on('error', (err) => {
      clearInterval(sampler);
      clearTimeout(timer);
      activeChildren.delete(child.pid!);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(timer);
      activeChildren.delete(child.pid!);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const cpu = statLine ? childCpuMs(statLine) : null;
      resolve({
        stdout: Buffer.concat(stdoutChunks).toString('utf8'),
        tail,
        errorLine,
        wallMs,
        cpuUserMs: cpu?.user ?? null,
        cpuSysMs: cpu?.sys ?? null,
        maxRssKb: maxRss,
        exitCode: code,
        signal: signal ?? null,
        timedOut,
      });
    });
  });
}

/** Process groups of commands still running, so a cancelled benchgate can stop them. */
const activeChildren = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Stops every command benchgate started that is still running (on SIGINT/SIGTERM). */
export function killActiveCommands(): void {
  for (const pid of activeChildren) killGroup(pid);
}
