/**
 * What a renderer is given (docs/architecture.md, "How to add … a renderer"): one context object,
 * so that a renderer needing one more thing finds it here instead of a new positional parameter.
 */
import type { ComparisonResult } from '../model.js';
import type { CommentOptions } from './comment.js';

export interface RenderContext {
  result: ComparisonResult;
  /** What the platform adds to the PR comment (its links, where the full report is); the other renderers ignore it. */
  comment: CommentOptions;
}
