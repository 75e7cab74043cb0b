/** pytest-benchmark: pytest >= 8.2 reads arguments from `@file`, one per line: node ids, which -k cannot select. */
import { sameName, unique } from './filter-syntax.js';
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
  // No list mode for shards: `--collect-only` lists every test, benchmark or not, so a shard could
  // own only plain tests, whose run prints no benchmark (an error); the warm-up lists the benchmarks.
};
