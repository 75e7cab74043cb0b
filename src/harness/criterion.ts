/** Criterion.rs: the filter is a Rust regular expression (regex::escape quotes a name). */
import { anchoredAlternation, escapeWith, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

const rustQuote = escapeWith(/[\\.+*?()|[\]{}^$#&\-~]/g);

export const criterion: HarnessDescription = {
  format: 'criterion',
  normaliseName: sameName,
  countsMissing:
    "Criterion.rs selects one benchmark by its filter but cannot run a fixed number of iterations: it warms up for --warm-up-time and derives every sample's iteration count from that warm-up's timing (only --sample-size, --warm-up-time and --measurement-time can be set, and --profile-time runs for a time, not a count)",
  select: {
    wholeSuite: { value: '' },
    build: (open) => anchoredAlternation(open, rustQuote),
  },
  // `name: benchmark` a line (libtest's list format; `: test` lines are tests, not benchmarks).
  list: {
    args: ['--list'],
    parse: (stdout) => stdout.split('\n').flatMap((line) => (line.endsWith(': benchmark') ? [line.slice(0, -': benchmark'.length)] : [])),
  },
};
