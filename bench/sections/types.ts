/** What every section of the bench hands back to bench/index.ts. */
export interface SectionOutput {
  /** Markdown: a heading, a line on the method, tables. */
  markdown: string;
  /** Headline inequalities checked (empty for sections that only measure). */
  checks: Check[];
}

export interface Check {
  claim: string;
  holds: boolean;
  detail: string;
}

export interface SectionOptions {
  quick: boolean;
  /** count-jobs: runs per condition (`--count-jobs-repetitions`; 2 when not given). */
  countJobsRepetitions?: number;
  /** real-counts: runs per (suite, mode) (`--real-counts-repetitions`; 1 when not given). */
  realCountsRepetitions?: number;
  /** real-counts: the suites to measure and show (`--real-counts-suites a,b`; all when not given). */
  realCountsSuites?: string[];
}
