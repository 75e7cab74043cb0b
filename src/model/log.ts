/** The results log (results.jsonl): its header, one line per run, the profile lines and the end line. */
import type { HostEnvironment, RunEnvironment } from './environment.js';
import type { Measurement, Side } from './measurement.js';
import type { BenchmarkProfile } from './profile.js';
import type { BenchFrom, RunSettings } from './settings.js';
import type { Warning } from './warnings.js';

/**
 * The version of the results log and results.json this benchgate writes (`schemaVersion`).
 * Readers accept every version up to their own; a newer one is refused (exit 2). docs/formats.md
 * lists each version and its reader policy. 1: the header's `schema: 1`; 2: per-benchmark count
 * runs (Run.benchmark, Run.work) and the header's countPlan; 3: shards (the header's `shard` in a
 * shard's log; `shards` and Run.shard in a log joined from them; results.json's `shards`); 4: a
 * run skipped by skip-paths (the header's and results.json's `skipped`), and results.json's
 * Comparison.test is the TestOutcome (src/analysis/decision.ts), uBase/uHead gone; 5: the log's
 * `profile` lines (per-function counts, docs/architecture.md decision 8) and results.json's
 * Comparison.attribution.
 */
export const SCHEMA_VERSION = 5;

/** One shard of a sharded run (`--shard I/N`, docs/shards.md): which of how many. */
export interface ShardOf {
  /**
   * 1-based.
   * @minimum 1
   */
  index: number;
  /** @minimum 1 */
  total: number;
}

/** What a shard's log header records: its place, and the benchmarks it owns (normalised names) among those it listed. */
export interface ShardHeader extends ShardOf {
  benchmarks: string[];
  /**
   * How many benchmarks the warm-up listed on base and head together (every shard's).
   * @minimum 0
   */
  listed: number;
  /**
   * The digest of the shard plan (`shard-plan`) that chose the benchmarks, when one did: they are
   * then the shard's by the plan, not by the hash, and the shards of one run share the digest.
   */
  plan?: string;
}

/** A shard of a joined log: its header's shard, and the machine it ran on. */
export interface JoinedShard extends ShardHeader {
  seed: number;
  startedAt: string;
  environment: HostEnvironment;
}

/** How often the runner reads the process tree's peak RSS (VmHWM) from /proc. */
export const RSS_SAMPLE_MS = 25;

/** One execution of the benchmark command for one side in one round. */
export interface Run {
  suite: string;
  side: Side;
  /** 1-based; warmup rounds are not recorded. */
  round: number;
  /** 0 when this side ran first in its round, 1 when second. */
  position: number;
  startedAt: string;
  wallMs: number;
  /** CPU time and peak RSS of the benchmark process tree; null where the OS cannot tell. */
  cpuUserMs: number | null;
  cpuSysMs: number | null;
  /** Sampled every RSS_SAMPLE_MS while the run lasts: a short run can miss its peak. */
  maxRssKb: number | null;
  exitCode: number | null;
  /** Signal that ended the process, when one did (e.g. SIGKILL after a timeout). */
  signal?: string | null;
  timedOut?: boolean;
  /** Why the run produced no usable measurements (crash, timeout, parse error). */
  error?: string;
  /**
   * rounds auto: the benchmarks this run was asked for (BENCHGATE_FILTER), when it was a round
   * after a look that ran only the open ones; absent when it ran the whole suite.
   */
  open?: string[];
  measurements: Measurement[];
  /** Environment readings taken around this run (load, steal); filled by the runner when readable. */
  env?: RunEnvironment;
  /**
   * A per-benchmark count run (measure: instructions with a counted harness, schemaVersion 2):
   * the benchmark it was asked for (its normalised name), and `work`, the fixed iteration count
   * it ran. `round` is then the repetition. Absent: a whole-suite run. Such runs are keyed by
   * (suite, side, round, benchmark, work) and appended in the order they finish.
   */
  benchmark?: string;
  /** @minimum 1 */
  work?: number;
  /**
   * In a log joined from shards (schemaVersion 3): the shard that ran it. Runs of different
   * shards share round numbers: they are keyed by (shard, suite, side, round).
   * @minimum 1
   */
  shard?: number;
}

/** The two fixed work sizes one benchmark's count runs use (calibrated once, on base). */
export interface CountWork {
  /** @minimum 1 */
  small: number;
  /** @minimum 1 */
  large: number;
}

export interface RefInfo {
  ref: string;
  sha: string;
  /** Set by a CI event: why these commits were compared, and a pull request's own head (where its check runs go). */
  chosen?: { why: string; pullRequestHead?: string };
}

/** First line of results.jsonl. */
export interface LogHeader {
  type: 'header';
  /** Logs before schemaVersion 2 say `schema: 1` instead. */
  schema?: 1;
  /**
   * SCHEMA_VERSION of the benchgate that wrote it.
   * @minimum 2
   */
  schemaVersion?: number;
  tool: { name: 'benchgate'; version: string };
  base: RefInfo;
  head: RefInfo;
  seed: number;
  config: RunSettings;
  environment: HostEnvironment;
  startedAt: string;
  /** Said before any run: config values a pull request's side could not set, CI files it changes (src/trust.ts). */
  warnings?: Warning[];
  /** Per-benchmark counts: the work each benchmark (normalised name) runs at, the same on both sides. */
  countPlan?: Record<string, CountWork>;
  /** A shard's log (`--shard I/N`): which shard, and the benchmarks it owns. */
  shard?: ShardHeader;
  /** A log joined from shards (benchgate merge): every shard, with its machine; the header's own environment is the first shard's. */
  shards?: JoinedShard[];
  /** skip-paths (schemaVersion 4): every changed file matched, so nothing was built or run; the log has no runs. */
  skipped?: SkippedRun;
  /** bench-from: head copied files (none copied: absent). */
  benchFiles?: BenchFilesHeader;
}

/** Why a pull request's run measured nothing: every file it changes matches `skip-paths`. */
export interface SkippedRun {
  /** The merge base of base and head, which the changed files are counted from. */
  mergeBase: string;
  /**
   * How many files changed.
   * @minimum 0
   */
  changedFiles: number;
  /**
   * The first few of them, as git names them.
   * @maxItems 20
   */
  files: string[];
}

/** bench-from: head: the files of head copied into base before its build, and what base had without them. */
export interface BenchFilesHeader {
  from: Exclude<BenchFrom, 'base'>;
  /** Paths from the repository root, sorted. */
  copied: string[];
  /** Those of `copied` base had its own version of (head-overwrite). */
  replaced: string[];
  /**
   * The benchmarks base printed before the copy, in one run of its own (names as printed); null
   * when that run failed, so which rows the copy brought is not known.
   */
  baseOwn: string[] | null;
}

export interface LogRunLine {
  type: 'run';
  run: Run;
}

/** Last line of results.jsonl; absent when the job was killed. */
export interface LogEnd {
  type: 'end';
  endedAt: string;
  status: 'completed' | 'failed' | 'cancelled';
  message?: string;
}

/**
 * Per-function counts of one benchmark on one side at its two works (schemaVersion 5; decision 8
 * in docs/architecture.md): appended once both runs it comes from have ended.
 */
export interface LogProfileLine {
  type: 'profile';
  profile: BenchmarkProfile;
}

export type LogLine = LogHeader | LogRunLine | LogProfileLine | LogEnd;
