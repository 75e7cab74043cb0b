/**
 * The plain data that flows between benchgate's stages (docs/architecture.md, "The data model").
 * Nothing here does I/O; every stage takes and returns these shapes. The diagnostics' numbers
 * are typed by the modules that compute them, so a renamed field breaks the build of every
 * renderer that reads it instead of silently blanking a plot.
 */
import type { ComplexityNumbers } from './diagnostics/complexity.js';
import type { DriftNumbers } from './diagnostics/drift.js';
import type { EnvironmentNumbers } from './diagnostics/environment-stability.js';
import type { NormalityNumbers } from './diagnostics/normality.js';
import type { PercentileNumbers } from './diagnostics/percentiles.js';
import type { TooShortNumbers } from './diagnostics/too-short.js';
import type { RoundSeries } from './diagnostics/types.js';
import type { HostEnvironment } from './environment.js';

export type Side = 'base' | 'head';
export type Better = 'lower' | 'higher';

/** The longest name, metric, unit or other short string the results log and results.json hold (their schemas' maxLength). */
export const MAX_NAME_CHARS = 4096;

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

export interface RunEnvironment {
  loadAvg1?: number;
  /** Fraction (0..1) of CPU time stolen by the hypervisor during the run. */
  stealFraction?: number;
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

/** Where base's benchmark files come from (bench-from, docs/bench-from.md). */
export type BenchFrom = 'base' | 'head' | 'head-overwrite';

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

/**
 * One function in a profile: index into the profile's `files`, its name as the tool printed it
 * (inert data: a pull request chooses it), and its count at the small and the large work
 * (self instructions for cachegrind and callgrind, calls for cProfile).
 */
export type ProfiledFunction = [file: number, name: string, small: number, large: number];

/**
 * One call edge of a callgrind profile: caller and callee (indexes into the profile's
 * `functions`), calls at each work and the callee's inclusive instructions through this edge at
 * each work.
 */
export type ProfiledCall = [
  caller: number,
  callee: number,
  smallCalls: number,
  largeCalls: number,
  smallInclusive: number,
  largeInclusive: number,
];

/**
 * Per-function counts of one benchmark on one side, at the two works of one repetition (or of one
 * attribution pass). Only what differs between the two works is kept: a function with the same
 * count at both contributes exactly 0 per op. Bounded (decision 8): at most PROFILE_MAX_FUNCTIONS
 * functions, largest |large − small| first, the rest summed in `rest`.
 */
export interface BenchmarkProfile {
  /** The normalised name (as Run.benchmark). */
  benchmark: string;
  side: Side;
  /** The repetition of the count runs it comes from; 0 for an attribution pass (callgrind, cProfile, or after a timed verdict). */
  round: number;
  /** @minItems 2 @maxItems 2 */
  works: [number, number];
  tool: 'cachegrind' | 'callgrind' | 'cprofile';
  /** instructions: self instructions per function; calls: calls per Python function. */
  level: 'instructions' | 'calls';
  /** Source files: relative to the side's worktree when inside it (the benchmarked code), else as the tool printed them. */
  files: string[];
  functions: ProfiledFunction[];
  /** callgrind only: the call edges whose calls or inclusive cost differ between the works. */
  calls?: ProfiledCall[];
  /** What the functions not listed add up to at each work: those beyond the cap, and those that moved by under 0.01 per op. @minItems 2 @maxItems 2 */
  rest: [number, number];
  /** Counts the tool could not name (`???`: a binary without symbols) at each work. @minItems 2 @maxItems 2 */
  unnamed: [number, number];
}

/** At most this many functions in one profile line (decision 8's bound). */
export const PROFILE_MAX_FUNCTIONS = 200;

/**
 * Where a benchmark's change came from (results.json, decision 8): per-function differences per
 * op from the count runs' profiles, or from passes run after a timed verdict.
 */
export interface Attribution {
  /** instructions: self instructions per op (cachegrind); calls: Python function calls per op (cProfile). */
  level: 'instructions' | 'calls';
  /** counts: the count runs' own files; passes: attribution passes after the verdict ("where the instructions changed"). */
  source: 'counts' | 'passes';
  /** The benchmark's per-op total per side in the level's unit, and head − base. */
  total: { base: number; head: number; delta: number };
  /** Functions whose per-op change is beyond their spread over the repetitions, largest |delta| first. */
  functions: AttributedFunction[];
  /** The share of total.delta that `functions` explain together, percent; null when total.delta is 0. */
  explainedPct: number | null;
  /** Code moved by inlining: a function at 0 per op on one side while its caller grew. */
  inlined: InlinedFunction[];
  /** callgrind: the benchmarked code's function that carries the change, and how it was reached. */
  callPath: CallPath | null;
  /**
   * callgrind: the calls under the benchmark's own function, inclusive per op on each side, for the
   * differential icicle view. Bounded: at most 6 levels and 8 children a node, only callees whose
   * |Δ| is at least 1% of the total's.
   */
  callTree: CallTreeNode | null;
  /** One line each for people: a binary without symbols, a harness with no useful level, counts-can-miss. */
  notes: string[];
}

export interface AttributedFunction {
  file: string;
  name: string;
  /** Per op, pooled over the repetitions as the count rule pools totals. */
  base: number;
  head: number;
  delta: number;
  /** delta's interval at the comparison's level; null with one repetition a side (exact counts: no spread to judge). */
  interval: [number, number] | null;
  /** delta over the benchmark's total delta, percent; null when that is 0. */
  sharePct: number | null;
}

export interface InlinedFunction {
  file: string;
  name: string;
  /** Which side it vanished on, and its per op count on the other. */
  goneOn: Side;
  perOp: number;
  into: { file: string; name: string; base: number; head: number };
}

/** A function on a call path, inclusive per op on each side. */
export interface CallPathStep {
  file: string;
  name: string;
  base: number;
  head: number;
  /** Calls per op from the step above (absent on the first step). */
  calls?: { base: number; head: number };
}

/** A node of the call tree: a function inclusive per op on each side, and its callees. */
export interface CallTreeNode extends CallPathStep {
  children: CallTreeNode[];
}

export interface CallPath {
  /** The benchmarked code's function that carries the change: runtime and library costs charged to it (its inclusive per op). */
  owner: CallPathStep;
  /** From the benchmark's own function down to the top contributor. */
  steps: CallPathStep[];
  /** What changed directly under the owner outside the benchmarked code, largest |Δ| first (at most 5). */
  under: CallPathStep[];
}

/** The knobs of the analysis stage: everything `benchgate analyze` may override. */
export interface AnalysisSettings {
  /**
   * Family-wise / false-discovery level for the gate.
   * @exclusiveMinimum 0
   * @exclusiveMaximum 1
   */
  alpha: number;
  /**
   * Practical threshold in percent: smaller changes are never a regression.
   * @minimum 0
   */
  thresholdPct: number;
  /** How raw p-values are adjusted for the number of comparisons. */
  correction: 'holm' | 'bh' | 'none';
  /** "run": each run contributes one sample (its median); "pooled": every iteration is a sample. */
  sampling: 'run' | 'pooled';
  /**
   * What gates (analysis/gating.ts); each is absent in a log written before it existed, which
   * means its default. Metric names that gate besides each benchmark's primary metric (a
   * secondary one such as "allocs/op", or a process-cost one such as "max-rss").
   */
  gateMetrics?: string[];
  /** Whether the "(process)" cost rows gate (command mode turns it on); absent: no. */
  gateProcess?: boolean;
  /** Globs on benchmark names as the reports show them: those are reported, never gate. */
  ignore?: string[];
  /** Thresholds for some benchmarks; the first glob that matches replaces `thresholdPct`. */
  thresholds?: GlobThreshold[];
}

/** A practical threshold for the benchmarks a glob matches (`.benchgate.yml` `thresholds:`). */
export interface GlobThreshold {
  glob: string;
  /** @minimum 0 */
  pct: number;
}

/** Why a comparison does not gate: its role, the process cost, or the ignore list. */
export type NotGating = 'secondary' | 'derived' | 'process' | 'ignored';

/** What fails the gate: a regression, a removed gating benchmark. */
export type FailOnItem = 'regression' | 'removed';

/** The list (empty: report only); `regression` or `none` in files written before it was a list. */
export type FailOn = FailOnItem[] | 'regression' | 'none';

/**
 * The gate settings: what `analyze` and `merge` take from their own trusted config (flags, the
 * config file), never from a log, which anyone who can hand over a file could have written.
 */
export type AnalysisGate = Pick<
  RunSettings,
  'alpha' | 'thresholdPct' | 'correction' | 'failOn' | 'gateMetrics' | 'gateProcess' | 'ignore' | 'thresholds'
>;

/**
 * The settings of one comparison as the results log records them (its header's `config`) and
 * results.json repeats them (`settings`, with `benchgate analyze`'s overrides applied): the same
 * keys whichever command wrote them, and nothing local to the machine (no paths).
 */
export interface RunSettings extends AnalysisSettings {
  /** What fails the gate (regression, removed); empty or "none": report only. */
  failOn: FailOn;
  /** Measured rounds planned; null when unknown (a log merged from several). */
  rounds: number | null;
  warmup: number;
  /** Parser name, "auto", or "command" (time the whole process). */
  format: string;
  suite: string;
  bench: string;
  /** bench-from: head (docs/bench-from.md); absent: base's own benchmark files. */
  benchFrom?: Exclude<BenchFrom, 'base'>;
  benchFiles?: string[];
  build: string | null;
  /** Per-run time limit in seconds; 0 = none. */
  timeoutSec: number;
  /** The directory inside the repository the commands ran in (absent in logs before it was recorded: "."). */
  workingDirectory?: string;
  /** What a run measured: its time (absent in logs before instruction mode), or its instruction count. */
  measure?: 'time' | 'instructions';
  /**
   * measure: instructions: `benchmark`, one count per benchmark from the harness's own binary
   * (src/runner/counts.ts), `process`, the whole command's count per run, or `harness`, the counts
   * a harness prints itself (iai-callgrind, QTestLib, nanobench), read as they are and decided by
   * the count rule. Absent: process.
   */
  countScope?: 'benchmark' | 'process' | 'harness';

  /** rounds auto (src/adaptive/): when to look and when to stop; `rounds` is then max-rounds. */
  adaptive?: AdaptiveSettings;
}

/** The sequential design of `rounds: auto` (src/adaptive/design.ts), as the log records it. */
export interface AdaptiveSettings {
  /**
   * The first look; every benchmark runs this many rounds.
   * @minimum 2
   */
  minRounds: number;
  /**
   * Rounds between later looks.
   * @minimum 1
   */
  lookEvery: number;
  /**
   * The last look.
   * @minimum 2
   */
  maxRounds: number;
  /**
   * Time budget of the measured rounds in seconds; 0 = none.
   * @minimum 0
   */
  maxTimeSec: number;
  /** How the level is spent over the looks (src/adaptive/boundaries.ts). */
  spending: 'obrien-fleming' | 'pocock';
  /** The test each look applies (src/adaptive/statistics.ts). */
  test: 'mann-whitney' | 'signed-rank';
  /** Whether rounds after a look may run only the open benchmarks (the bench command takes {filter}). */
  filter: boolean;
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

export type Verdict = 'regression' | 'improvement' | 'unchanged' | 'inconclusive' | 'added' | 'removed' | 'failed';

/**
 * Every warning benchgate can raise, in one closed list (like hyperfine's `enum Warnings`):
 * renderers decide how to show them; no decision (verdict, exit code) reads them.
 */
export const WARNING_CODES = [
  // compare: one comparison
  'failed-runs',
  'too-few-samples',
  'no-percent-change',
  'below-threshold',
  // the count rule (src/stats/count-rule.ts): counts that do not repeat fell back to Mann-Whitney
  'counts-do-not-repeat',
  // the whole result
  'run-failed',
  'no-benchmarks',
  // measure: instructions: what a count cannot see (I/O, waiting, cache and memory, parallelism)
  'counts-can-miss',
  // the settings: an ignore or thresholds glob no benchmark's name matches
  'glob-matches-nothing',
  // the settings: the planned rounds cannot reach the level (the smallest p the test can give is above it)
  'gate-cannot-fail',
  // the setup: on a pull or merge request, what its side could not change (src/trust.ts)
  'config-ignored',
  'config-clamped',
  'ci-files-changed',
  // bench-from: head (docs/bench-from.md): head's benchmark files copied into base, and the rows only they brought
  'bench-files-copied',
  'benchmark-from-head',
  // diagnostics: the machine
  'cpu-steal',
  'high-load',
  'cpu-governor',
  'turbo',
  'cost-too-coarse',
  // rounds auto: the noise at the first look leaves benchmarks no chance within max-rounds
  'threshold-unreachable',
  // diagnostics: one comparison's data
  'tail-regression',
  'welch-disagrees',
  'bimodal-or-outliers',
  'drift',
  'drift-unprotected',
  'timer-resolution',
  'never-significant',
  'complexity-change',
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];

/** A diagnostic that travels with the data; renderers decide how to show it. */
export interface Warning {
  code: WarningCode;
  message: string;
}

/** The numbers behind a comparison's diagnostics; each part is typed by the module that computes it. */
export interface ComparisonDiagnostics {
  /** Complexity parameter this comparison was measured at (part of its identity, see analysis/identity.ts). */
  complexityN?: number;
  /** Each side's per-run values in round order (drift, sparklines, the round-order plot). */
  rounds?: Record<Side, RoundSeries>;
  percentiles?: PercentileNumbers;
  normality?: NormalityNumbers;
  drift?: DriftNumbers;
  tooShort?: TooShortNumbers;
  /** The Big-O fit of the family this size belongs to (shared by every size of the family). */
  complexity?: ComplexityNumbers;
  /** For inconclusive comparisons: the smallest change the data could have shown (null: none at this n). */
  minDetectableEffectPct?: number | null;
}

/**
 * What one comparison's test decided (docs/architecture.md, decision 3; the interfaces that
 * produce it are in src/analysis/decision.ts): a test names itself, its statistic, p (null where
 * it has none), its interval and what it assumes, so reports can say why without knowing which
 * test ran; the level comes from the family and the looks, never from one test.
 */
export interface TestOutcome {
  /** signed-rank: the closing look of `rounds: auto` when the design pairs rounds. */
  name: 'mann-whitney' | 'signed-rank' | 'count-rule' | 'exact-count' | 'zero-base';
  /** U of base; |Δ| − k·s; … (null when the test has none). */
  statistic: { name: string; value: number } | null;
  /** Null where the test has no p (the count rule). */
  p: number | null;
  /** Percent change head vs base, at `level`. */
  interval: [number, number] | null;
  /** The level this comparison was held to. */
  level: number;
  /** One sentence for the reports. */
  assumes: string;
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
  /**
   * Set in results.json when the samples above are an evenly spaced subset of those the
   * statistics saw (`base.n`, `head.n`): the file keeps at most MAX_STORED_SAMPLES in all, so that
   * a run of millions of iterations still fits the fork relay's 32 MiB (src/report/json.ts).
   */
  samplesThinned?: boolean;
  /** Percent change of head vs base (positive = larger value), with its confidence interval. */
  changePct: number | null;
  changeCi: [number, number] | null;
  /** Hodges-Lehmann shift head - base in `unit`, with its confidence interval. */
  shift: number | null;
  shiftCi: [number, number] | null;
  /**
   * The test that decided it: its name, statistic, p, interval, the level it was held to (from
   * the family and the looks) and what it assumes (src/analysis/decision.ts). Null: not tested
   * (fewer than 2 samples a side, failed, added, removed).
   */
  test: TestOutcome | null;
  /** The test's p (for `rounds: auto`, the closing look's); `pAdjusted` is the family's. */
  p: number | null;
  pAdjusted: number | null;
  verdict: Verdict;
  /**
   * For inconclusive comparisons: rounds per side estimated to detect the change that matters
   * (the threshold, or the observed change when larger).
   */
  roundsNeeded: number | null;
  /**
   * Whether this comparison can fail the gate. Only gating comparisons enter the correction
   * family; the others keep their uncorrected p (`pAdjusted` null) and an informational verdict.
   */
  gating: boolean;
  /** Why it does not gate (absent when it gates). */
  notGating?: NotGating;
  /** The threshold it was held to (a per-glob one, or the settings' `thresholdPct`). */
  thresholdPct: number;
  /** rounds auto: how the sequential design decided it (its verdict is the design's, not `pAdjusted`'s). */
  sequential?: SequentialDecision;
  /** Fixed rounds, a log that ended early (killed, cancelled, failed): its verdict stands on fewer rounds than planned. */
  endedEarly?: boolean;
  warnings: Warning[];
  /** Extra numbers from diagnostics (normality, drift, percentiles, complexity...). */
  diagnostics?: ComparisonDiagnostics;
  /** Where the change came from, per function (decision 8): for changed benchmarks with profiles in the log. */
  attribution?: Attribution;
}

/** How `rounds: auto` closed one gating comparison (src/adaptive/driver.ts). */
export interface SequentialDecision {
  /**
   * decided: a look's boundary was crossed beyond the threshold; equivalence: the interval fit
   * inside ±threshold; budget: max-rounds or max-time came first; untestable: failed, added,
   * removed, or first seen after the first look; incomplete: the log ended early (killed,
   * cancelled, failed) with it still open.
   */
  stop: 'decided' | 'equivalence' | 'budget' | 'untestable' | 'incomplete';
  /** Rounds of data the decision used (later rounds of this benchmark are not used). */
  rounds: number;
  /** The round of the look that closed it. */
  closedAt: number;
  /** The two-sided p the last look had to reach (its share of alpha, spent over the looks); null when never tested. */
  nominalP: number | null;
}

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
