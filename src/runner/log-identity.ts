/**
 * The comparison a results log measured, field by field: logs may be combined (pooled rounds,
 * or joined shards) only when every field agrees, since otherwise their runs measured different
 * things and one analysis of them would compare apples with pears. Gate settings (threshold,
 * alpha, fail-on, correction, what gates, the rounds policy) are not part of it: they never come
 * from a log (docs/architecture.md, decision 4).
 */
import type { LogHeader } from '../model.js';
import { LogError } from './log.js';

/** Each field of the identity, by the name an error message gives it, read from a header. */
const FIELDS: Record<string, (h: LogHeader) => unknown> = {
  'base SHA': (h) => h.base.sha,
  'head SHA': (h) => h.head.sha,
  bench: (h) => h.config.bench,
  build: (h) => h.config.build,
  // bench-from: head measured base with head's benchmark files (docs/bench-from.md).
  'bench-from': (h) => [h.config.benchFrom ?? 'base', ...(h.config.benchFiles ?? [])],
  'files copied from head': (h) => h.benchFiles?.copied ?? [],
  format: (h) => h.config.format,
  // Absent in logs written before these were recorded: their defaults.
  measure: (h) => h.config.measure ?? 'time',
  'working-directory': (h) => h.config.workingDirectory ?? '.',
  sampling: (h) => h.config.sampling,
  warmup: (h) => h.config.warmup,
  // What was asked for and whether it applied: a skipped no-fsync measured another machine state.
  'steady-machine options': (h) => (h.environment.steady ?? []).map((c) => `${c.option}${c.applied ? '' : ' (skipped)'}`).sort(),
  suite: (h) => h.config.suite,
};

function shown(value: unknown): string {
  const text = Array.isArray(value) ? (value.length === 0 ? 'none' : value.join(', ')) : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Throws a LogError naming the first field on which `other` measured another comparison than `first`. */
export function checkSameComparison(first: { file: string; header: LogHeader }, other: { file: string; header: LogHeader }): void {
  for (const [field, read] of Object.entries(FIELDS)) {
    const [a, b] = [read(first.header), read(other.header)];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    throw new LogError(
      `${other.file}: measured another comparison than ${first.file}: its ${field} is ${shown(b)}, not ${shown(a)}; only logs of the same comparison can be combined`,
    );
  }
}
