/**
 * Runs one program from an argument array, never through a shell: the count runner's builds,
 * listings and counted runs, whose arguments carry benchmark names and paths. Output is kept up
 * to a cap; a time limit or a cancel kills the process.
 */
import { spawn } from 'node:child_process';
import { MAX_STDOUT_BYTES, trackCommand } from './exec.js';

export interface ArgvResult {
  stdout: string;
  /** The last lines of stderr, for error messages. */
  stderrTail: string[];
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  wallMs: number;
}

export interface ArgvOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 0 = no time limit. */
  timeoutSec: number;
}

const TAIL_LINES = 10;

/** Runs argv[0] with argv[1..] in `cwd` with exactly `env`. */
export function execArgv(argv: readonly string[], opts: ArgvOptions): Promise<ArgvResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Its own process group, so a cancel (killActiveCommands) ends it with whatever it started.
    const child = spawn(argv[0]!, argv.slice(1), { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const release = child.pid === undefined ? () => {} : trackCommand(child.pid);
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= MAX_STDOUT_BYTES) out.push(chunk);
      else child.kill('SIGKILL');
    });
    // Only the tail of stderr is kept: valgrind and go build can be chatty.
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-16_384);
    });
    const timer =
      opts.timeoutSec > 0
        ? setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, opts.timeoutSec * 1000)
        : null;
    child.on('error', (e) => {
      release();
      if (timer) clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      release();
      if (timer) clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderrTail: err
          .split('\n')
          .filter((l) => l.trim() !== '')
          .slice(-TAIL_LINES),
        exitCode: code,
        signal,
        timedOut,
        wallMs: performance.now() - started,
      });
    });
  });
}
