/**
 * The plain data that flows between benchgate's stages (see DESIGN.md).
 * Nothing here does I/O; every stage takes and returns these shapes.
 */

export type Side = 'base' | 'head';
export type Better = 'lower' | 'higher';

/** What a format parser returns for one benchmark in one run. */
export interface Measurement {
  /** The benchmark's name exactly as the harness printed it (never trimmed or normalised). */
  benchmark: string;
  /** "time" unless the harness reports something else ("throughput", "bytes/op", "allocs/op", ...). */
  metric: string;
  /** The unit of `values` after normalisation: "s" for time, "B" for bytes, "ops/s", or the harness's own. */
  unit: string;
  better: Better;
  /** Per-iteration or per-repetition values the harness printed; a summary-only harness gives one. */
  values: number[];
  /** Set when the harness itself reported this benchmark as failed (values is then empty). */
  failed?: string;
  /** Complexity parameter (nanobench complexityN, Google Benchmark range arg, benchgate JSON `n`). */
  complexityN?: number;
  /**
   * How this metric stands among the benchmark's others (absent: 'primary').
   * 'primary' gates by default; 'secondary' is compared and reported, and gates only when the
   * user chooses it; 'derived' is a function of another metric of the same run (Go's MB/s from
   * SetBytes, Google Benchmark's bytes_per_second): shown, never tested, so it is not counted twice.
   */
  role?: MetricRole;
  /** A count the machine's noise cannot move (instructions): judged by the deterministic rule. */
  deterministic?: boolean;
}

export type MetricRole = 'primary' | 'secondary' | 'derived';

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
  measurements: Measurement[];
  /** Environment readings taken around this run (load, steal); filled by the runner when readable. */
  env?: RunEnvironment;
}

export interface RunEnvironment {
  loadAvg1?: number;
  /** Fraction (0..1) of CPU time stolen by the hypervisor during the run. */
  stealFraction?: number;
}

export interface RefInfo {
  ref: string;
  sha: string;
}

/** First line of results.jsonl. */
export interface LogHeader {
  type: 'header';
  schema: 1;
  tool: { name: 'benchgate'; version: string };
  base: RefInfo;
  head: RefInfo;
  seed: number;
  config: AnalysisSettings & Record<string, unknown>;
  environment: Record<string, unknown>;
  startedAt: string;
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

export type LogLine = LogHeader | LogRunLine | LogEnd;

/** The knobs of the analysis stage: everything `benchgate analyze` may override. */
export interface AnalysisSettings {
  /** Family-wise / false-discovery level for the gate. */
  alpha: number;
  /** Practical threshold in percent: smaller changes are never a regression. */
  thresholdPct: number;
  /** How raw p-values are adjusted for the number of comparisons. */
  correction: 'holm' | 'bh' | 'none';
  /** "run": each run contributes one sample (its median); "pooled": every iteration is a sample. */
  sampling: 'run' | 'pooled';
}

/** n, centre and spread of one side's samples. Percentiles use numpy's default (linear) definition. */
export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  p90: number;
  p99: number;
  mad: number;
  iqr: number;
  /** Coefficient of variation, robust form: MAD * 1.4826 / median. */
  cv: number;
}

export type Verdict =
  | 'regression'
  | 'improvement'
  | 'unchanged'
  | 'inconclusive'
  | 'added'
  | 'removed'
  | 'failed';

/** A diagnostic that travels with the data; renderers decide how to show it. */
export interface Warning {
  code: string;
  message: string;
}

/** One per suite x benchmark x metric. */
export interface Comparison {
  suite: string;
  benchmark: string;
  metric: string;
  unit: string;
  better: Better;
  /** Deterministic counts (Measurement.deterministic): judged by the deterministic rule first. */
  deterministic?: boolean;
  base: Summary | null;
  head: Summary | null;
  /** The samples the statistics saw, in round order (for plots and re-analysis). */
  baseSamples: number[];
  headSamples: number[];
  /** Percent change of head vs base (positive = larger value), with its confidence interval. */
  changePct: number | null;
  changeCi: [number, number] | null;
  /** Hodges-Lehmann shift head - base in `unit`, with its confidence interval. */
  shift: number | null;
  shiftCi: [number, number] | null;
  test: string | null;
  /** Mann-Whitney U for base and for head (uBase + uHead = nBase * nHead). */
  uBase: number | null;
  uHead: number | null;
  p: number | null;
  pAdjusted: number | null;
  verdict: Verdict;
  /** For inconclusive comparisons: rounds per side estimated to detect the threshold. */
  roundsNeeded: number | null;
  warnings: Warning[];
  /** Extra numbers from diagnostics (normality, drift, percentiles, complexity...). */
  diagnostics?: Record<string, unknown>;
}

export type OverallVerdict = 'pass' | 'fail' | 'inconclusive' | 'error';

export interface GeomeanChange {
  /** Geometric mean of head/base median ratios, as a percent change, with its interval. */
  changePct: number;
  ci: [number, number];
  benchmarks: number;
}

/** Everything the report stage needs; results.json is this object. */
export interface ComparisonResult {
  tool: { name: 'benchgate'; version: string };
  base: RefInfo;
  head: RefInfo;
  seed: number;
  settings: AnalysisSettings;
  rounds: { planned: number | null; completed: number };
  comparisons: Comparison[];
  verdict: OverallVerdict;
  /** True when the gate (fail-on) fails: at least one regression. */
  gateFailed: boolean;
  counts: Record<Verdict, number>;
  geomean: GeomeanChange | null;
  warnings: Warning[];
  environment: Record<string, unknown>;
  /** Runs that failed (crash, timeout, unparsable), so reports can say so. */
  failedRuns: { suite: string; side: Side; round: number; error: string }[];
}
