/** Google Benchmark: `--benchmark_filter` is a POSIX extended regular expression (std::regex::extended / regcomp). */
import { anchoredAlternation, escapeWith, nonEmptyLines, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

const ereQuote = escapeWith(/[\\.[()*+?{|^$]/g);

export const googleBenchmark: HarnessDescription = {
  format: 'google-benchmark',
  normaliseName: sameName,
  select: {
    wholeSuite: { value: '.' },
    build: (open) => anchoredAlternation(open, ereQuote, '('),
  },
  // One name a line, as the runs name them (the filter in the command applies).
  list: { args: ['--benchmark_list_tests=true'], parse: nonEmptyLines },
};
