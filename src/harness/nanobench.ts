/** nanobench: with perf counters available it prints instructions per unit (`ins/op`, `ins/byte`) beside the time. */
import { sameName } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

export const nanobench: HarnessDescription = {
  format: 'nanobench',
  normaliseName: sameName,
  printsCounts: { metric: /^ins\// },
};
