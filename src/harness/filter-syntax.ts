/**
 * Pieces the harnesses' filter syntaxes share. Benchmark names come from the harness's output
 * (a pull request controls them): every syntax escapes them so that they only ever match
 * themselves.
 */
import type { FilterOutcome } from './types.js';

/** Where the bench command takes the filter (index.ts says how it expands). */
export const FILTER_PLACEHOLDER = '{filter}';

export const filter = (value: string): FilterOutcome => ({ kind: 'filter', filter: { value } });

export const unique = (names: readonly string[]) => [...new Set(names)];

/** One alternation of anchored, escaped names. */
export const anchoredAlternation = (open: readonly string[], escape: (s: string) => string, group = '(?:') =>
  filter(`^${group}${unique(open).map(escape).join('|')})$`);

export const escapeWith = (special: RegExp) => (s: string) => s.replace(special, (c) => `\\${c}`);

/** A filter that selects `value`, unless it selects every name anyway. */
export const narrower = (selects: (name: string) => boolean, all: readonly string[], value: string): FilterOutcome =>
  all.every(selects) ? { kind: 'whole-suite', reason: 'no-narrower' } : filter(value);

/** A list mode's output: its lines, trimmed, empty ones dropped. */
export const nonEmptyLines = (stdout: string): string[] =>
  stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The harness prints names as they are: they are their own identity. */
export const sameName = (raw: string) => raw;
