/** pytest-benchmark: pytest >= 8.2 reads arguments from `@file`, one per line: node ids, which -k cannot select. */
import { sameName, unique } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

export const pytestBenchmark: HarnessDescription = {
  format: 'pytest-benchmark',
  normaliseName: sameName,
  countsMissing: 'benchgate does not yet run one pytest-benchmark test per process at a fixed work (rounds x iterations)',
  select: {
    wholeSuite: { argsFile: [] },
    build: (open) =>
      open.some((n) => /[\r\n]/.test(n))
        ? { kind: 'whole-suite', reason: 'unrepresentable' }
        : { kind: 'filter', filter: { argsFile: unique(open) } },
  },
};
