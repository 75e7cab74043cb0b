/**
 * A steadier machine for wall time: programs the benchmark command runs under, each asked for
 * by an option that is off by default, each checked at start-up by running a probe through it
 * and reading the effect back, so the log says which were in force and why the others were not.
 *
 *   pin-cpu    taskset -c N        one CPU: no migrations, warm caches (GOMAXPROCS kept, below)
 *   no-aslr    setarch <arch> -R   the same address layout every run (alignment effects)
 *   no-fsync   eatmydata           fsync/fdatasync/sync become no-ops (LD_PRELOAD)
 *   priority   nice -n -5          ahead of ordinary processes (needs root or CAP_SYS_NICE)
 *
 * Real-time scheduling (chrt) is left out on purpose: a spinning benchmark at SCHED_FIFO can
 * starve the runner's own agent on a small VM.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { SteadyCheck, SteadyOption } from '../model.js';

export interface SteadyOptions {
  /** A CPU number, 'auto' (the last CPU benchgate may use), or undefined (off). */
  pinCpu?: number | 'auto';
  noAslr: boolean;
  noFsync: boolean;
  priority: boolean;
}

export interface SteadyPlan {
  /** Argv prefix for the benchmark command (empty when nothing applies). */
  prefix: string[];
  /** Variables the benchmark command gets besides its usual environment. */
  env: Record<string, string>;
  /** One per requested option. */
  checks: SteadyCheck[];
}

/** The niceness asked for by `priority`. */
export const RAISED_NICENESS = -5;

/** Output of a probe command, or an Error saying why it did not run. */
export type Probe = (argv: string[]) => string | Error;

const runProbe: Probe = (argv) => {
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', timeout: 10_000 });
  if (r.error) return (r.error as NodeJS.ErrnoException).code === 'ENOENT' ? new Error(`${argv[0]} is not installed`) : r.error;
  if (r.status !== 0) return new Error(`${argv.join(' ')} failed: ${(r.stderr || `exit ${r.status}`).trim().split('\n')[0]}`);
  return r.stdout;
};

/** CPUs in a list like "0-3,6" (the kernel's Cpus_allowed_list format). */
export function parseCpuList(list: string): number[] {
  return list
    .trim()
    .split(',')
    .filter((part) => part !== '')
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
    });
}

function allowedCpus(status: string): number[] | null {
  const m = /^Cpus_allowed_list:\s*(\S+)/m.exec(status);
  return m ? parseCpuList(m[1]!) : null;
}

function ownStatus(): string {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
}

interface Candidate {
  option: SteadyOption;
  prefix: string[];
  /** The probe to run under the prefix, and what its output must show. */
  probe: string[];
  holds(output: string): boolean;
  applied: string;
  missing: string;
  env?: Record<string, string>;
  cpu?: number;
}

function pinCandidate(requested: number | 'auto', env: NodeJS.ProcessEnv): Candidate | string {
  const allowed = allowedCpus(ownStatus());
  if (!allowed || allowed.length === 0) return 'the CPUs this process may use are not readable (/proc/self/status)';
  const cpu = requested === 'auto' ? allowed[allowed.length - 1]! : requested;
  if (!allowed.includes(cpu)) return `CPU ${cpu} is not one this process may use (${allowed.join(',')})`;
  // Go sizes GOMAXPROCS by the CPUs it may use, and names benchmarks after it (BenchmarkX-2):
  // keep the unpinned value so names and parallelism match unpinned runs and other machines' logs.
  const keepGo: Record<string, string> = !env.GOMAXPROCS ? { GOMAXPROCS: String(allowed.length) } : {};
  return {
    option: 'pin-cpu',
    prefix: ['taskset', '-c', String(cpu)],
    probe: ['cat', '/proc/self/status'],
    holds: (out) => allowedCpus(out)?.join(',') === String(cpu),
    applied: `CPU ${cpu} of ${allowed.join(',')}${keepGo.GOMAXPROCS ? ` (GOMAXPROCS=${keepGo.GOMAXPROCS}, the unpinned value)` : ''}`,
    missing: 'taskset (util-linux) is not installed',
    env: keepGo,
    cpu,
  };
}

/** ADDR_NO_RANDOMIZE in personality(2). */
const ADDR_NO_RANDOMIZE = 0x0040000;

const NO_ASLR: Candidate = {
  option: 'no-aslr',
  prefix: ['setarch', os.machine(), '-R'],
  probe: ['cat', '/proc/self/personality'],
  holds: (out) => (parseInt(out.trim(), 16) & ADDR_NO_RANDOMIZE) !== 0,
  applied: 'address-space randomisation off (setarch -R)',
  missing: 'setarch (util-linux) is not installed',
};

const NO_FSYNC: Candidate = {
  option: 'no-fsync',
  prefix: ['eatmydata'],
  probe: ['sh', '-c', 'printf %s "$LD_PRELOAD"'],
  holds: (out) => out.includes('libeatmydata'),
  applied: 'fsync disabled (eatmydata)',
  missing: 'eatmydata is not installed (apt-get install eatmydata)',
};

function priorityCandidate(): Candidate {
  const target = Math.max(-20, os.getPriority() + RAISED_NICENESS);
  return {
    option: 'priority',
    prefix: ['nice', '-n', String(RAISED_NICENESS)],
    // `nice` without a command prints the niceness it runs at; it runs (at the old one) even when refused.
    probe: ['nice'],
    holds: (out) => Number(out.trim()) === target,
    applied: `niceness ${target} (nice -n ${RAISED_NICENESS})`,
    missing: 'nice is not installed',
  };
}

function check(candidate: Candidate, probe: Probe): SteadyCheck {
  const out = probe([...candidate.prefix, ...candidate.probe]);
  if (out instanceof Error) {
    const missing = out.message === `${candidate.prefix[0]} is not installed`;
    return { option: candidate.option, applied: false, detail: missing ? candidate.missing : out.message };
  }
  if (!candidate.holds(out)) {
    const why =
      candidate.option === 'priority'
        ? 'not permitted here (needs root or CAP_SYS_NICE)'
        : `had no effect here (${out.trim().split('\n')[0]?.slice(0, 80)})`;
    return { option: candidate.option, applied: false, detail: why };
  }
  return { option: candidate.option, applied: true, detail: candidate.applied, ...(candidate.cpu !== undefined && { cpu: candidate.cpu }) };
}

/**
 * Checks each requested option here and returns the prefix of those that work. Linux only:
 * elsewhere every requested option is skipped with that reason.
 */
export function planSteadiness(
  opts: SteadyOptions,
  env: NodeJS.ProcessEnv = process.env,
  probe: Probe = runProbe,
  platform = process.platform,
): SteadyPlan {
  const requested: (Candidate | { option: SteadyOption; skip: string })[] = [];
  if (opts.pinCpu !== undefined) {
    const pin = platform === 'linux' ? pinCandidate(opts.pinCpu, env) : '';
    requested.push(typeof pin === 'string' ? { option: 'pin-cpu', skip: pin } : pin);
  }
  if (opts.noAslr) requested.push(NO_ASLR);
  if (opts.noFsync) requested.push(NO_FSYNC);
  if (opts.priority) requested.push(priorityCandidate());

  const plan: SteadyPlan = { prefix: [], env: {}, checks: [] };
  for (const candidate of requested) {
    if (platform !== 'linux') {
      plan.checks.push({ option: candidate.option, applied: false, detail: 'Linux only' });
      continue;
    }
    if ('skip' in candidate) {
      plan.checks.push({ option: candidate.option, applied: false, detail: candidate.skip });
      continue;
    }
    const result = check(candidate, probe);
    plan.checks.push(result);
    if (result.applied) {
      plan.prefix.push(...candidate.prefix);
      Object.assign(plan.env, candidate.env);
    }
  }
  return plan;
}
