/**
 * Instruction mode (`measure: instructions`): each run executes under valgrind's cachegrind
 * without cache simulation, following children, and its sample is the number of instructions
 * the whole process tree executed: the sum of the `summary:` line of every
 * `cachegrind.out` file the run wrote (one per process) into a private directory.
 *
 * The count does not move with the machine's load, so it gates on a noisy shared runner where
 * wall time cannot; it costs ~20-100× the run's wall time (docs/steady.md). It suits a
 * command whose work is fixed: a harness that calibrates its iterations by time (Go's b.N,
 * Google Benchmark) counts a different amount of work each run unless the work is fixed
 * (`-benchtime=1000x`).
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.js';
import type { Measurement } from '../model.js';
import { execArgv, type ArgvResult } from './exec-argv.js';
import { execMeasured, type ExecOptions, type ExecResult } from './exec.js';

const INSTRUCTIONS_METRIC = 'instructions';

/** valgrind's version (`valgrind-3.19.0`), or a ConfigError (exit 2) saying how to install it. */
export function requireValgrind(env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync('valgrind', ['--version'], { env, encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new ConfigError(
      'measure: instructions runs each benchmark under valgrind, which is not installed (or not on PATH): ' +
        'install it with "apt-get install valgrind" (Debian/Ubuntu; "dnf install valgrind" on Fedora), or measure time',
    );
  }
  return r.stdout.trim();
}

/** The argv prefix that counts instructions into `dir`, one file per process (%p = its pid). */
export function cachegrindPrefix(dir: string): string[] {
  return [
    'valgrind',
    '--tool=cachegrind',
    '--cache-sim=no',
    '--trace-children=yes',
    '-q',
    `--cachegrind-out-file=${path.join(dir, 'cg.%p')}`,
  ];
}

/** The total of the `summary:` lines (the first event, Ir) of every cachegrind file in `dir`, or null when there is none. */
export function readInstructionCount(dir: string): number | null {
  let total: number | null = null;
  for (const file of readdirSync(dir)) {
    const m = /^summary:\s+(\d+)/m.exec(readFileSync(path.join(dir, file), 'utf8'));
    if (m) total = (total ?? 0) + Number(m[1]);
  }
  return total;
}

/** Instruction mode's measurement of one run. */
export function instructionMeasurement(suite: string, count: number): Measurement {
  return { benchmark: suite, metric: INSTRUCTIONS_METRIC, unit: 'instructions', better: 'lower', values: [count], deterministic: true };
}

/**
 * execMeasured under cachegrind. `instructions` is the process tree's count (null when
 * valgrind wrote none); CPU time and peak RSS are left out (null): they would be the
 * simulator's, ~100× the program's, and as noisy as any time.
 */
export async function execCounted(command: string, opts: ExecOptions): Promise<ExecResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-cg-'));
  try {
    // Under run-as, valgrind writes its counts as that user.
    if (opts.user) chownSync(dir, opts.user.uid, opts.user.gid);
    const r = await execMeasured(command, { ...opts, prefix: [...(opts.prefix ?? []), ...cachegrindPrefix(dir)] });
    return { ...r, cpuUserMs: null, cpuSysMs: null, maxRssKb: null, instructions: readInstructionCount(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** execArgv under cachegrind: a program run from an argument array, and the instructions it executed (null when valgrind wrote none). */
export async function execArgvCounted(
  argv: readonly string[],
  opts: Parameters<typeof execArgv>[1],
): Promise<ArgvResult & { instructions: number | null }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-cg-'));
  try {
    const r = await execArgv([...cachegrindPrefix(dir), ...argv], opts);
    return { ...r, instructions: readInstructionCount(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
