/** The machine a comparison ran on, as the results log's header and results.json record it. */

/**
 * The machine facts of a results log's header. Every field is optional because a log is read
 * back later, possibly written by another version; null means the machine did not tell.
 */
export interface HostEnvironment {
  os?: string;
  arch?: string;
  cpuModel?: string | null;
  cpuCount?: number;
  memoryBytes?: number;
  node?: string;
  loadAvg?: number[];
  governor?: string | null;
  turbo?: boolean | null;
  virtualization?: { hypervisor: boolean | null; vendor: string | null };
  container?: string | null;
  /** The steadier-machine options asked for: applied, or skipped and why (runner/steady.ts). */
  steady?: SteadyCheck[];
  /** valgrind's version, in instruction mode. */
  valgrind?: string;
  /** The variables of benchgate's environment withheld from the build and bench commands (runner/env.ts), by name, sorted. */
  withheldVariables?: string[];
}

export type SteadyOption = 'pin-cpu' | 'no-aslr' | 'no-fsync' | 'priority';

/** What start-up found for one requested option; recorded in the results header. */
export interface SteadyCheck {
  option: SteadyOption;
  applied: boolean;
  /** What was applied ("CPU 1"), or why not ("taskset is not installed…"). */
  detail: string;
  /** pin-cpu: the CPU. */
  cpu?: number;
}

export interface RunEnvironment {
  loadAvg1?: number;
  /** Fraction (0..1) of CPU time stolen by the hypervisor during the run. */
  stealFraction?: number;
}
