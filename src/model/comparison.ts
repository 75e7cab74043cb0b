/** One comparison of results.json: both sides' summaries, the test that decided it, its verdict. */
import type { ComparisonDiagnostics } from './diagnostics.js';
import type { Better } from './measurement.js';
import type { Attribution } from './profile.js';
import type { NotGating } from './settings.js';
import type { Warning } from './warnings.js';

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

/** A decided change, either way: the verdicts a report flags and attribution explains. */
export const isChange = (c: { verdict: Verdict }): boolean => c.verdict === 'regression' || c.verdict === 'improvement';

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
