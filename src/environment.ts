/**
 * Facts about the machine, recorded once in the results log header, and readings taken around
 * each run (load, CPU steal). Everything is read where Linux exposes it and left out (null)
 * where it does not, so a laptop or a locked-down container still gets a log.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import type { HostEnvironment, RunEnvironment, SteadyCheck } from './model.js';

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The scaling governor of every CPU, or the distinct ones joined by commas when they differ. */
function cpuGovernor(): string | null {
  let cpus: string[];
  try {
    cpus = readdirSync('/sys/devices/system/cpu').filter((d) => /^cpu\d+$/.test(d));
  } catch {
    return null;
  }
  const governors = new Set(cpus.map((c) => readText(`/sys/devices/system/cpu/${c}/cpufreq/scaling_governor`)).filter((g) => g !== null));
  return governors.size === 0 ? null : [...governors].sort().join(',');
}

/** Turbo/boost: intel_pstate says no_turbo, acpi-cpufreq and amd-pstate say boost. */
function turboEnabled(): boolean | null {
  const noTurbo = readText('/sys/devices/system/cpu/intel_pstate/no_turbo');
  if (noTurbo !== null) return noTurbo === '0';
  const boost = readText('/sys/devices/system/cpu/cpufreq/boost');
  return boost === null ? null : boost === '1';
}

/** A hypervisor flag from the CPU, and the DMI vendor/product that usually names it. */
function virtualization(): { hypervisor: boolean | null; vendor: string | null } {
  const cpuinfo = readText('/proc/cpuinfo');
  const vendor = [readText('/sys/class/dmi/id/sys_vendor'), readText('/sys/class/dmi/id/product_name')].filter(Boolean).join(' ');
  return { hypervisor: cpuinfo === null ? null : /^flags\s*:.*\bhypervisor\b/m.test(cpuinfo), vendor: vendor || null };
}

function containerHint(): string | null {
  if (existsSync('/.dockerenv')) return 'docker';
  if (existsSync('/run/.containerenv')) return 'podman';
  const cgroup = readText('/proc/1/cgroup') ?? '';
  for (const name of ['kubepods', 'docker', 'containerd', 'lxc']) if (cgroup.includes(name)) return name;
  return null;
}

/** What the runner set up for this job (runner/steady.ts, runner/instructions.ts), recorded beside the machine's facts. */
export interface RunnerFacts {
  steady: SteadyCheck[];
  valgrind?: string;
  withheldVariables?: string[];
}

export function collectEnvironment(runner?: RunnerFacts): HostEnvironment {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpuModel: cpus[0]?.model ?? null,
    cpuCount: cpus.length,
    memoryBytes: os.totalmem(),
    node: process.version,
    loadAvg: os.loadavg(),
    governor: cpuGovernor(),
    turbo: turboEnabled(),
    virtualization: virtualization(),
    container: containerHint(),
    ...(runner && { steady: runner.steady }),
    ...(runner?.valgrind && { valgrind: runner.valgrind }),
    ...(runner?.withheldVariables?.length && { withheldVariables: runner.withheldVariables }),
  };
}

interface CpuTimes {
  steal: number;
  total: number;
}

/** The aggregate "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal ... */
function cpuTimes(): CpuTimes | null {
  const line = readText('/proc/stat')
    ?.split('\n')
    .find((l) => l.startsWith('cpu '));
  if (!line) return null;
  // guest and guest_nice (fields 9, 10) are already counted in user and nice.
  const fields = line.split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 8 || fields.some((v) => !Number.isFinite(v))) return null;
  return { steal: fields[7]!, total: fields.reduce((s, v) => s + v, 0) };
}

/** Taken just before a run starts; pass it to finishRunReading when the run ends. */
export interface RunReadingStart {
  cpu: CpuTimes | null;
}

export function startRunReading(): RunReadingStart {
  return { cpu: cpuTimes() };
}

/** Load average at the end of the run and the share of CPU time stolen by the hypervisor during it. */
export function finishRunReading(start: RunReadingStart): RunEnvironment {
  const reading: RunEnvironment = { loadAvg1: os.loadavg()[0]! };
  const end = cpuTimes();
  if (start.cpu && end && end.total > start.cpu.total) {
    reading.stealFraction = (end.steal - start.cpu.steal) / (end.total - start.cpu.total);
  }
  return reading;
}
