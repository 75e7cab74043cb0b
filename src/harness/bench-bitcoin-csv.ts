/** bench_bitcoin: `-filter` is an ECMAScript regular expression (std::regex), matched in full. */
import { anchoredAlternation, escapeWith, sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

const ecmaQuote = escapeWith(/[\\^$.*+?()[\]{}|/]/g);

export const benchBitcoinCsv: HarnessDescription = {
  format: 'bench-bitcoin-csv',
  normaliseName: sameName,
  countsMissing:
    'bench_bitcoin selects by -filter but its nanobench core picks epochs and iterations by time (-min-time); it has no fixed iteration count',
  select: {
    wholeSuite: { value: '.*' },
    build: (open) => anchoredAlternation(open, ecmaQuote, '('),
  },
};
