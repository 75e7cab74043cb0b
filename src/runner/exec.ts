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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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

/** The measuring shell around the command, in its own process group, with the run's marker in its environment. */
function spawnWrapper(command: string, opts: ExecOptions, runId: string): ChildProcess {
  return spawn('sh', ['-c', WRAPPER, 'benchgate', command, ...(opts.prefix ?? [])], {
    cwd: opts.cwd,
    env: { ...opts.env, [RUN_ID_VARIABLE]: runId },
    // Own process group, so a timeout or cancel can stop the whole tree.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    // libuv drops root's supplementary groups when it sets the ids.
    ...(opts.user && { uid: opts.user.uid, gid: opts.user.gid }),
  });
}

/**
 * A run's stdout (kept up to the cap) and both streams' lines: the tail, the first error line,
 * and each line handed to `onLine`. Past the cap it calls `onLimit` once and keeps no stdout.
 */
class OutputCollector {
  readonly tail: string[] = [];
  errorLine: string | null = null;
  outputLimitExceeded = false;
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private readonly stdoutLines: LineSplitter;
  private readonly stderrLines: LineSplitter;

  constructor(
    private readonly opts: Pick<ExecOptions, 'onLine' | 'maxStdoutBytes'>,
    private readonly onLimit: () => void,
  ) {
    this.stdoutLines = this.lineSplitter('stdout');
    this.stderrLines = this.lineSplitter('stderr');
  }

  stdout(chunk: Buffer): void {
    this.stdoutLines.push(chunk);
    if (this.outputLimitExceeded) return;
    this.bytes += chunk.length;
    if (this.bytes > (this.opts.maxStdoutBytes ?? MAX_STDOUT_BYTES)) {
      this.outputLimitExceeded = true;
      this.chunks.length = 0;
      this.onLimit();
    } else {
      this.chunks.push(chunk);
    }
  }

  stderr(chunk: Buffer): void {
    this.stderrLines.push(chunk);
  }

  /** The streams are closed (or abandoned): their last lines, then the stdout kept ('' past the cap). */
  end(): string {
    this.stdoutLines.end();
    this.stderrLines.end();
    return this.outputLimitExceeded ? '' : Buffer.concat(this.chunks).toString('utf8');
  }

  private lineSplitter(stream: 'stdout' | 'stderr'): LineSplitter {
    return new LineSplitter((line) => {
      this.tail.push(line);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
      if (this.errorLine === null && isErrorLine(line)) this.errorLine = line;
      this.opts.onLine?.(line, stream);
    });
  }
}

/** Samples the peak RSS of `pid`'s descendants every RSS_SAMPLE_MS until stopped. */
function sampleRss(pid: number): { stop(): void; peakKb(): number | null } {
  let maxRss: number | null = null;
  const sampler = setInterval(() => {
    for (const kid of descendants(pid)) {
      const rss = peakRssKb(kid);
      if (rss !== null) maxRss = Math.max(maxRss ?? 0, rss);
    }
  }, RSS_SAMPLE_MS);
  return { stop: () => clearInterval(sampler), peakKb: () => maxRss };
}

/** The wrapper's stat line as it arrives on fd 3, and the children's CPU time it gives (null before it came). */
function readStatPipe(stream: NodeJS.ReadableStream): () => { user: number; sys: number } | null {
  let statLine = '';
  stream.on('data', (chunk: Buffer) => (statLine += chunk.toString()));
  return () => (statLine ? childCpuMs(statLine) : null);
}

/** Kills `pid`'s process group after `timeoutSec` (0: never). */
function limitTime(pid: number, timeoutSec: number): { clear(): void; timedOut(): boolean } {
  let timedOut = false;
  const timer =
    timeoutSec > 0
      ? setTimeout(() => {
          timedOut = true;
          killGroup(pid);
        }, timeoutSec * 1000)
      : undefined;
  return { clear: () => clearTimeout(timer), timedOut: () => timedOut };
}

/** The command's own process exited: whatever it left behind (its group, its marked daemons) is killed; returns how many of the latter. */
function endLeftoversOf(pid: number, runId: string): number {
  killGroup(pid);
  return endLeftovers(runId, pid);
}

/** How the command's own process ended. */
interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  wallMs: number;
  leftovers: number;
}

/** The result from what was watched while it ran. */
function assembleResult(
  exit: Exited,
  stdout: string,
  output: OutputCollector,
  watched: { cpu: { user: number; sys: number } | null; maxRssKb: number | null; timedOut: boolean },
): ExecResult {
  return {
    stdout,
    tail: output.tail,
    errorLine: output.errorLine,
    wallMs: exit.wallMs,
    cpuUserMs: watched.cpu?.user ?? null,
    cpuSysMs: watched.cpu?.sys ?? null,
    maxRssKb: watched.maxRssKb,
    exitCode: exit.code,
    signal: exit.signal ?? null,
    timedOut: watched.timedOut,
    outputLimitExceeded: output.outputLimitExceeded,
    leftoversEnded: exit.leftovers,
  };
}

/** What is watched while the command runs: its output, its stat pipe, its RSS and its time limit. */
function watchRun(child: ChildProcess, pid: number, opts: ExecOptions) {
  const output = new OutputCollector(opts, () => killGroup(pid));
  child.stdout!.on('data', (chunk: Buffer) => output.stdout(chunk));
  child.stderr!.on('data', (chunk: Buffer) => output.stderr(chunk));
  const cpu = readStatPipe(child.stdio[3] as NodeJS.ReadableStream);
  return { output, cpu, rss: sampleRss(pid), time: limitTime(pid, opts.timeoutSec) };
}

export function execMeasured(command: string, opts: ExecOptions): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const runId = newRunId();
    const child = spawnWrapper(command, opts, runId);
    const pid = child.pid!;
    activeChildren.add(pid);
    const { output, cpu, rss, time } = watchRun(child, pid, opts);
    let exit: Exited | null = null;
    let drainTimer: NodeJS.Timeout | undefined;
    const stopWatching = () => {
      rss.stop();
      time.clear();
      clearTimeout(drainTimer);
      activeChildren.delete(pid);
    };
    child.on('error', (err) => {
      stopWatching();
      reject(err);
    });
    child.on('exit', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      rss.stop();
      time.clear();
      // The command is done: end what it left behind, then give its output a moment to close.
      exit = { code, signal, wallMs, leftovers: endLeftoversOf(pid, runId) };
      drainTimer = setTimeout(finish, DRAIN_MS);
    });
    child.on('close', finish);

    let settled = false;
    function finish() {
      if (exit === null || settled) return;
      settled = true;
      stopWatching();
      // Pipes still held open by a process that escaped both the group and the marker.
      for (const stream of child.stdio) stream?.destroy();
      const stdout = output.end();
      resolve(assembleResult(exit, stdout, output, { cpu: cpu(), maxRssKb: rss.peakKb(), timedOut: time.timedOut() }));
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
