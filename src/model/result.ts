/** results.json: everything the report stage needs about one comparison of two commits. */
import type { Comparison, Verdict } from './comparison.js';
import type { EnvironmentNumbers } from './diagnostics.js';
import type { HostEnvironment } from './environment.js';
import type { JoinedShard, RefInfo, SkippedRun } from './log.js';
import type { Side } from './measurement.js';
import type { RunSettings } from './settings.js';
import type { Warning } from './warnings.js';

/** What `rounds: auto` did over the whole suite. */
export interface AdaptiveRun {
  /** decided: every benchmark closed; max-rounds or max-time: the budget ended the run; log-ended: the log stops early (killed, or a failed run). */
  stoppedBy: 'decided' | 'max-rounds' | 'max-time' | 'log-ended';
  /** The rounds a look was taken after. */
  looks: number[];
  /** Per round: how many benchmarks it asked for (null: the whole suite). */
  open: (number | null)[];
  /** What the reports should say about the filter (a fallback to whole-suite rounds), as plain sentences. */
  notes: string[];
  /** Benchmarks whose noise at the first look leaves no chance to fit ±threshold by max-rounds. */
  unreachable: string[];
}

/** A trusted label on the pull request that lets a failed gate pass; the report stays. */
export interface GateOverride {
  label: string;
  /** Login of whoever applied it last, when the API tells. */
  by: string | null;
}

export type OverallVerdict = 'pass' | 'fail' | 'inconclusive' | 'error';

export interface GeomeanChange {
  /** Geometric mean of head/base median ratios, as a percent change, with its interval. */
  changePct: number;
  ci: [number, number];
  benchmarks: number;
}

/** The header's machine facts plus the stability readings taken over the runs. */
export interface ResultEnvironment extends HostEnvironment {
  stability: EnvironmentNumbers;
}

export interface FailedRun {
  suite: string;
  side: Side;
  round: number;
  error: string;
}

/** A benchmark its harness reported failed (or that printed no values) in some runs of one side. */
export interface FailedBenchmark {
  suite: string;
  benchmark: string;
  metric: string;
  complexityN?: number;
  side: Side;
  /** How many runs of that side it failed in, and why the first did. */
  runs: number;
  first: string;
}

/** What went wrong, as the exit rule reads it (exit.ts): any of these makes the exit code 3. */
export interface Failures {
  /** Runs that failed (crash, timeout, unparsable output). */
  runs: FailedRun[];
  benchmarks: FailedBenchmark[];
  /** Why the job stopped, when no logged run shows it (a build, a warmup round): the log's end message. */
  stopped: string | null;
  /** No benchmark result was read from any run. */
  noResults: boolean;
}

/** Everything the report stage needs; results.json is this object. */
export interface ComparisonResult {
  /** SCHEMA_VERSION of the benchgate that wrote it; absent in a results.json before version 2. */
  schemaVersion?: number;
  tool: { name: 'benchgate'; version: string };
  base: RefInfo;
  head: RefInfo;
  seed: number;
  settings: RunSettings;
  rounds: { planned: number | null; completed: number };
  /** rounds auto: how the run stopped, where it looked, what it ran. */
  adaptive?: AdaptiveRun;
  comparisons: Comparison[];
  verdict: OverallVerdict;
  /** True when the gate (fail-on) fails: at least one gating regression, and no override label. */
  gateFailed: boolean;
  /** The pull request label that let the gate pass (an urgent merge), and who applied it. */
  override?: GateOverride;
  /** Verdicts of the gating comparisons (the others are counted in `informational`). */
  counts: Record<Verdict, number>;
  /** How many comparisons are shown but do not gate. */
  informational: number;
  geomean: GeomeanChange | null;
  warnings: Warning[];
  environment: ResultEnvironment;
  /** Joined shards: each shard, its benchmarks and its machine (the environment section lists them). */
  shards?: JoinedShard[];
  failures: Failures;
  /**
   * Main's slow creep, read at conclude time from the published `benchgate history --json`
   * (`--history-from`, trusted-only); absent without it or when main has not crept.
   */
  mainCreep?: MainCreep;
  /** skip-paths: the run measured nothing because no benchmarked file changed; the gate passes. */
  skipped?: SkippedRun;
}

/** The largest creep finding of main's history, as the PR comment quotes it (docs/history.md). */
export interface MainCreep {
  benchmark: string;
  changePct: number;
  interval: [number, number];
  /** How many recorded links (commits) the change is chained over. */
  links: number;
}
