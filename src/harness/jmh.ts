/** JMH: the include pattern is a Java regular expression matched against `pkg.Class.method`. */
import { anchoredAlternation, escapeWith, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

/** A backslash before any ASCII punctuation is that character. */
const javaQuote = escapeWith(/[!-/:-@[-`{-~]/g);

export const jmh: HarnessDescription = {
  format: 'jmh',
  normaliseName: sameName,
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
