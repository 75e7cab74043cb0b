import type { Config } from '../config.js';
import type { ComparisonResult, GateOverride } from '../model.js';
import type { WrittenReports } from '../report/index.js';

export type { WrittenReports };

/** Where log lines go while benchgate works; each CI platform groups them its own way. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** Runs `fn` inside a collapsible log section (GitHub ::group::, GitLab section markers). */
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
}

/** One CI system (or the local terminal): where refs come from and where results are shown. */
export interface Platform extends Logger {
  readonly name: string;
  /** Takes the run's settings that shape what it shows (suite, working directory, source file). */
  configure?(config: Config): void;
  /** Base and head the CI event provides, for when the user named none. */
  defaultRefs(): { base?: string; head?: string };
  /** A trusted label on the pull request that lets a failed gate pass (analysis input), when the platform has one. */
  gateOverride?(): Promise<GateOverride | null>;
  /** Shows the result where people look: summary, annotations, comments, checks, outputs. */
  publish(result: ComparisonResult, reports: WrittenReports): Promise<void>;
}
