/** Google Benchmark: `--benchmark_filter` is a POSIX extended regular expression (std::regex::extended / regcomp). */
import { anchoredAlternation, escapeWith, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

const ereQuote = escapeWith(/[\\.[()*+?{|^$]/g);

export const googleBenchmark: HarnessDescription = {
  format: 'google-benchmark',
  normaliseName: sameName,
  select: {
    wholeSuite: { value: '.' },
    build: (open) => anchoredAlternation(open, ereQuote, '('),
  },
};
