import type { Config } from '../config.js';
import type { ComparisonResult, GateOverride, ShardOf, Side } from '../model.js';
import type { RenderedViews, ViewName, WrittenReports } from '../report/index.js';
import type { CommentOptions, PlatformFacts } from '../report/view.js';
import type { CompareSpec } from '../refs.js';

export type { WrittenReports };

/** What a publisher is handed: the result (for its data), the files written into --out, and the views it asked for, rendered. */
export interface Shown {
  result: ComparisonResult;
  reports: WrittenReports;
  views: RenderedViews;
}

/** Where log lines go while benchgate works; each CI platform groups them its own way. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** Runs `fn`, synchronous or not, inside a collapsible log section (GitHub ::group::, GitLab section markers). */
  group<T>(title: string, fn: () => T | Promise<T>): Promise<T>;
  /** The run under way, for a live display (a terminal's status line); null when the rounds are over. */
  progress?(p: RunProgress | null): void;
}

/** Where the rounds are: what measure.ts tells a live display before each run and on each output line. */
export interface RunProgress {
  /** "round 3/10" or "warmup 1/2". */
  label: string;
  side: Side;
  /** Runs finished and planned, warm-up included (for the ETA). */
  runsDone: number;
  runsTotal: number;
  /** When the rounds began (Date.now()). */
  startedMs: number;
  /** The harness's latest output line, when it prints as it goes (the benchmark being run). */
  lastLine?: string;
}

/** What the CI event says: which commits it asks to compare, which shard this job is, whether a failed gate may pass. */
export interface EventSource {
  /** Which commits the CI event asks to compare, for when the user named none. */
  defaultComparison(): CompareSpec;
  /** The shard this job measures when --shard is not given (GitLab: a `parallel:` job's CI_NODE_INDEX/CI_NODE_TOTAL); null for none. */
  defaultShard?(): ShardOf | null;
  /** A trusted label on the pull request that lets a failed gate pass (analysis input), when the platform has one. */
  gateOverride?(): Promise<GateOverride | null>;
}

/**
 * Where results are shown: summary, annotations, comments, checks, outputs. It renders nothing
 * itself: the report registry (report/index.ts) renders the views it names, and it sends them.
 */
export interface Publisher {
  /** Takes the run's settings that shape what it shows (suite, working directory, source file). */
  configure?(config: Config): void;
  /** What the PR comment (comment.md) says that only the platform knows: its links, where the full report is. */
  commentOptions?(): CommentOptions;
  /** The views it shows, by name (`comment.md`: the text written there, absent when it was not written). */
  readonly views: readonly ViewName[];
  /** What those views need that the result does not say, read as it publishes (its links, where files are). */
  viewFacts?(result: ComparisonResult): PlatformFacts;
  /** Shows the result where people look. A PR comment or MR note posts comment.md as written, and none without it. */
  publish(shown: Shown): Promise<void>;
}

/** One CI system (or the local terminal), detected from the environment: its three parts, each with one job. */
export interface Platform {
  readonly name: string;
  readonly logger: Logger;
  readonly events: EventSource;
  readonly publisher: Publisher;
}
