/**
 * What a view is rendered from and to (docs/architecture.md, "How to add … a renderer"): one
 * context object, so that a renderer needing one more thing finds it here instead of in a new
 * positional parameter, and the shapes a publisher is handed. With index.ts, the only part of
 * report/ that platforms/ may import: a publisher sends what the registry rendered.
 */
import type { ComparisonResult } from '../model.js';
import type { CommentOptions } from './comment.js';
import type { MarkdownLink } from './links.js';
import type { TerminalColors } from './terminal.js';

export type { CommentOptions, CommentSection } from './comment.js';
export type { MarkdownLink } from './links.js';
export type { TerminalColors } from './terminal.js';

export interface RenderContext {
  result: ComparisonResult;
  /** What the platform adds to the PR comment (its links, where the full report is); the other renderers ignore it. */
  comment: CommentOptions;
  /** What the platform showing a view knows as it publishes; absent for the files written into --out. */
  platform?: PlatformFacts;
}

/** What a platform's views need that the result does not say. */
export interface PlatformFacts {
  /** The CI run's links (its page, its artifacts). */
  links?: MarkdownLink[];
  /** The terminal's colours, where it has them. */
  colors?: TerminalColors;
  /** What the check run is named after: the configured suite, else the result's suites. */
  suite?: string;
  annotations?: AnnotationFacts;
}

/** Maps a path named by a benchmark to its repository-relative path, or undefined when no such file exists. */
export type Locate = (file: string) => string | undefined;

export interface SourcePlace {
  file: string;
  line?: number;
}

/** Where GitHub's annotations can point, and how many of the step's warnings are taken already. */
export interface AnnotationFacts {
  locate: Locate;
  /** Where a benchmark whose name names no file points (the config's `source`). */
  fallback?: SourcePlace;
  /** Warnings the step printed before the annotations: GitHub counts them against the same limit. */
  warningsPrinted: number;
}

export type AnnotationKind = 'error' | 'warning' | 'notice';

export interface Annotation {
  kind: AnnotationKind;
  title: string;
  message: string;
  /** Repository-relative source file the benchmark name points at, when it points at one. */
  file?: string;
  line?: number;
}

/** A GitHub check run's texts. */
export interface CheckText {
  name: string;
  title: string;
  summary: string;
}

/** The most a view may hold where it is shown, declared beside its renderer. */
export interface ViewLimit {
  max: number;
  unit: 'bytes' | 'characters' | 'annotations of each kind';
  /** Whose limit it is: where the view is shown. */
  of: string;
}
