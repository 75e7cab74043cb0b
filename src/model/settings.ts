/** The settings of one comparison, as the results log records them and results.json repeats them. */

/** Where base's benchmark files come from (bench-from, docs/bench-from.md). */
export type BenchFrom = 'base' | 'head' | 'head-overwrite';

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
