/** JMH: the include pattern is a Java regular expression matched against `pkg.Class.method`. */
import { anchoredAlternation, escapeWith, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

/** A backslash before any ASCII punctuation is that character. */
const javaQuote = escapeWith(/[!-/:-@[-`{-~]/g);

export const jmh: HarnessDescription = {
  format: 'jmh',
  normaliseName: sameName,
  countsMissing:
    "JMH's iterations run for a time (-r), not a count; single-shot mode with a batch size (-bm ss -bs N) would fix the work, but the JVM's JIT and GC threads make counts under valgrind not repeat, and benchgate does not build that command",
  select: {
    wholeSuite: { value: '.*' },
    // benchgate appends `(params)` to the method; JMH never sees it.
    build: (open) =>
      anchoredAlternation(
        open.map((n) => n.replace(/(?<=.)\(.*$/s, '')),
        javaQuote,
      ),
  },
};
