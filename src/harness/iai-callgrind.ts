/** gungraun / iai-callgrind: runs each benchmark under its own callgrind and prints its instruction count. */
import { sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

export const iaiCallgrind: HarnessDescription = {
  format: 'iai-callgrind',
  normaliseName: sameName,
  printsCounts: { metric: /^instructions$/ },
};
