/** pytest-benchmark: pytest >= 8.2 reads arguments from `@file`, one per line: node ids, which -k cannot select. */
import { nonEmptyLines, sameName, unique } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

export const pytestBenchmark: HarnessDescription = {
  format: 'pytest-benchmark',
  normaliseName: sameName,
  select: {
    wholeSuite: { argsFile: [] },
    build: (open) =>
      open.some((n) => /[\r\n]/.test(n))
        ? { kind: 'whole-suite', reason: 'unrepresentable' }
        : { kind: 'filter', filter: { argsFile: unique(open) } },
  },
  // Node ids, one a line, then a blank line and "N tests collected" (every test, benchmark or not).
  list: { args: ['--collect-only', '-q'], parse: (stdout) => nonEmptyLines(stdout).filter((l) => l.includes('::')) },
};
