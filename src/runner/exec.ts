/**
 * Runs one user command (build or benchmark) and measures its process tree: wall time,
 * CPU user/sys time and peak RSS, with an optional time limit.
 *
 * The command is the user's own configuration, so it runs through `sh -c` like a CI step
 * would; nothing from git or from benchmark output is ever put into it. A thin outer shell
 * runs it (under the optional prefix programs: steady-machine wrappers, valgrind), waits for
 * it and then prints its own /proc/<pid>/stat to fd 3: the `cutime` and `cstime` fields there
 * are the CPU time of every descendant it waited for (Linux only; null elsewhere). The command
 * itself does not get fd 3, so a daemon it starts cannot hold that pipe open. Peak RSS is
 * sampled from /proc over the process tree while it runs (VmHWM of each process), so a
 * process that lives less than one sampling interval can be missed.
 *
 * A run ends when the command's own process exits: whatever it left behind (background jobs
 * in its process group, daemons that left the group, found by the run's environment marker)
 * is killed, and its output gets DRAIN_MS to close, after which the pipes are abandoned. So a
 * daemon holding stdout cannot hang benchgate, a timeout or cancel always returns, and no
 * server of base's run is still serving during head's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { RSS_SAMPLE_MS } from '../model.js';
import { isErrorLine } from './error-line.js';
import { endLeftovers, newRunId, RUN_ID_VARIABLE } from './leftovers.js';

export interface ExecOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 0 = no limit. */
  timeoutSec: number;
  /** Called with each line the command writes (stdout and stderr), for streaming logs. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /**
   * Programs the command runs under, as an argv prefix (`taskset -c 1`, `valgrind …`): the
   * command becomes `<prefix…> sh -c <command>`. The measuring shell stays outside them.
   */
  prefix?: readonly string[];
  /** Default MAX_STDOUT_BYTES. */
  maxStdoutBytes?: number;
  /** Run as this user and group instead of benchgate's own (run-as; benchgate is root). */
  user?: { uid: number; gid: number };
}

export interface ExecResult {
  stdout: string;
  /** The last lines of stderr and stdout interleaved, for error messages (each cut to MAX_LINE_CHARS). */
  tail: string[];
  /** The first line anywhere in the output that says why it failed (runner/error-line.ts), if any. */
  errorLine: string | null;
  /** Until the command's own process exited (not until every pipe closed). */
  wallMs: number;
  cpuUserMs: number | null;
  cpuSysMs: number | null;
  maxRssKb: number | null;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** stdout passed the cap (MAX_STDOUT_BYTES): the process tree was killed and `stdout` is empty. */
  outputLimitExceeded: boolean;
  /** Processes the command left running that were killed when it ended. */
  leftoversEnded: number;
  /** Instructions the process tree executed (instruction mode only, runner/instructions.ts); null when none were counted. */
  instructions?: number | null;
  /** Why `instructions` is null although valgrind wrote its files: one is cut or malformed (named). */
  instructionsError?: string;
}

/**
 * stdout kept for the parser. V8 cannot hold a string over ~512 MiB, so the cap sits well
 * below: a run that prints more fails with a message instead of crashing benchgate.
 */
export const MAX_STDOUT_BYTES = 256 * 1024 * 1024;
/** Lines reach the streaming log and error messages cut to this many characters. */
export const MAX_LINE_CHARS = 4096;
/** How long the output may stay open after the command's own process exited. */
export const DRAIN_MS = 2000;

// "$@" is the prefix (empty by default); 3>&- keeps the stat pipe from the command and whatever it starts.
const WRAPPER = 'c=$1; shift; "$@" sh -c "$c" 3>&-; s=$?; cat /proc/$$/stat >&3 2>/dev/null; exit $s';
const TAIL_LINES = 20;

/**
 * Splits a byte stream into lines, keeping only the first MAX_LINE_CHARS of each. Each chunk is
 * decoded and split once, so a 32 MB line without a newline costs its length, not its length
 * squared; a multi-byte character split between chunks is decoded whole.
 */
class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';
  private dropped = 0;

  constructor(private readonly emit: (line: string) => void) {}

  push(chunk: Buffer): void {
    const parts = this.decoder.write(chunk).split('\n');
    for (let i = 0; i < parts.length - 1; i++) {
      this.keep(parts[i]!);
      this.flush();
    }
    this.keep(parts[parts.length - 1]!);
  }

  /** The last line, when the output did not end with a newline. */
  end(): void {
    this.keep(this.decoder.end());
    if (this.partial !== '' || this.dropped > 0) this.flush();
  }

  private keep(part: string): void {
    const room = MAX_LINE_CHARS - this.partial.length;
    if (part.length <= room) {
      this.partial += part;
    } else {
      this.partial += part.slice(0, room);
      this.dropped += part.length - room;
    }
  }

  private flush(): void {
    this.emit(this.dropped > 0 ? `${this.partial}… (${this.dropped} more characters)` : this.partial);
    this.partial = '';
    this.dropped = 0;
  }
}

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
  const after = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
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
    const runId = newRunId();
    const child = spawn('sh', ['-c', WRAPPER, 'benchgate', command, ...(opts.prefix ?? [])], {
      cwd: opts.cwd,
      env: { ...opts.env, [RUN_ID_VARIABLE]: runId },
      // Own process group, so a timeout or cancel can stop the whole tree.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      // libuv drops root's supplementary groups when it sets the ids.
      ...(opts.user && { uid: opts.user.uid, gid: opts.user.gid }),
    });
    const pid = child.pid!;
    activeChildren.add(pid);

    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let outputLimitExceeded = false;
    const tail: string[] = [];
    let errorLine: string | null = null;
    let statLine = '';
    const lineSplitter = (stream: 'stdout' | 'stderr') =>
      new LineSplitter((line) => {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        if (errorLine === null && isErrorLine(line)) errorLine = line;
        opts.onLine?.(line, stream);
      });
    const stdoutLines = lineSplitter('stdout');
    const stderrLines = lineSplitter('stderr');
    child.stdout!.on('data', (chunk: Buffer) => {
      stdoutLines.push(chunk);
      if (outputLimitExceeded) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > (opts.maxStdoutBytes ?? MAX_STDOUT_BYTES)) {
        outputLimitExceeded = true;
        stdoutChunks.length = 0;
        killGroup(pid);
      } else {
        stdoutChunks.push(chunk);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => stderrLines.push(chunk));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (statLine += chunk.toString()));

    let maxRss: number | null = null;
    const sampler = setInterval(() => {
      for (const kid of descendants(pid)) {
        const rss = peakRssKb(kid);
        if (rss !== null) maxRss = Math.max(maxRss ?? 0, rss);
      }
    }, RSS_SAMPLE_MS);

    let timedOut = false;
    const timer =
      opts.timeoutSec > 0
        ? setTimeout(() => {
            timedOut = true;
            killGroup(pid);
          }, opts.timeoutSec * 1000)
        : undefined;

    let exit: { code: number | null; signal: NodeJS.Signals | null; wallMs: number; leftovers: number } | null = null;
    let drainTimer: NodeJS.Timeout | undefined;
    let settled = false;
    const stopWatching = () => {
      clearInterval(sampler);
      clearTimeout(timer);
      clearTimeout(drainTimer);
      activeChildren.delete(pid);
    };

    child.on('error', (err) => {
      stopWatching();
      reject(err);
    });
    child.on('exit', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      clearInterval(sampler);
      clearTimeout(timer);
      // The command is done: end what it left behind, then give its output a moment to close.
      killGroup(pid);
      exit = { code, signal, wallMs, leftovers: endLeftovers(runId, pid) };
      drainTimer = setTimeout(finish, DRAIN_MS);
    });
    child.on('close', finish);

    function finish() {
      if (exit === null || settled) return;
      settled = true;
      stopWatching();
      // Pipes still held open by a process that escaped both the group and the marker.
      for (const stream of child.stdio) stream?.destroy();
      stdoutLines.end();
      stderrLines.end();
      const cpu = statLine ? childCpuMs(statLine) : null;
      resolve({
        stdout: outputLimitExceeded ? '' : Buffer.concat(stdoutChunks).toString('utf8'),
        tail,
        errorLine,
        wallMs: exit.wallMs,
        cpuUserMs: cpu?.user ?? null,
        cpuSysMs: cpu?.sys ?? null,
        maxRssKb: maxRss,
        exitCode: exit.code,
        signal: exit.signal ?? null,
        timedOut,
        outputLimitExceeded,
        leftoversEnded: exit.leftovers,
      });
    }
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

/** Registers a process group (a detached child) that killActiveCommands ends, until it is released. */
export function trackCommand(pid: number): () => void {
  activeChildren.add(pid);
  return () => activeChildren.delete(pid);
}

/** Stops every command benchgate started that is still running (on SIGINT/SIGTERM). */
export function killActiveCommands(): void {
  for (const pid of activeChildren) killGroup(pid);
}
