/** QTestLib: with `-callgrind` each benchmark runs under callgrind and the log carries its instruction reads. */
import { sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

export const qtestlib: HarnessDescription = {
  format: 'qtestlib',
  normaliseName: sameName,
  printsCounts: { metric: /^instructions$/ },
};
