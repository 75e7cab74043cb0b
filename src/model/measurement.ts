/** What a format parser returns for one benchmark in one run, and the words every stage shares for it. */

/** The longest name, metric, unit or other short string the results log and results.json hold (their schemas' maxLength). */
export const MAX_NAME_CHARS = 4096;

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
