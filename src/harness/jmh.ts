/** JMH: the include pattern is a Java regular expression matched against `pkg.Class.method`. */
import { anchoredAlternation, escapeWith, nonEmptyLines, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

/** `pkg.Class.method(a=1)` -> `pkg.Class.method`. */
const withoutParams = (name: string) => name.replace(/(?<=.)\(.*$/s, '');

/** A backslash before any ASCII punctuation is that character. */
const javaQuote = escapeWith(/[!-/:-@[-`{-~]/g);

export const jmh: HarnessDescription = {
  format: 'jmh',
  normaliseName: sameName,
  countsMissing:
    "JMH's iterations run for a time (-r), not a count; single-shot mode with a batch size (-bm ss -bs N) would fix the work, but the JVM's JIT and GC threads make counts under valgrind not repeat, and benchgate does not build that command",
  // The method: JMH selects and lists methods, never one parameter set.
  splitUnit: withoutParams,
  // `-l`: "Benchmarks:" and then one `pkg.Class.method` a line.
  list: {
    args: ['-l'],
    parse: (stdout) => {
      const lines = nonEmptyLines(stdout);
      const at = lines.indexOf('Benchmarks:');
      return at < 0 ? [] : lines.slice(at + 1);
    },
  },
  select: {
    wholeSuite: { value: '.*' },
    // benchgate appends `(params)` to the method; JMH never sees it.
    build: (open) => anchoredAlternation(open.map(withoutParams), javaQuote),
  },
};
