/** benchgate's own JSON format: a custom harness reads the exact names from a JSON array in BENCHGATE_FILTER; empty means all. */
import { filter, sameName, unique } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

export const benchgateJson: HarnessDescription = {
  format: 'benchgate',
  normaliseName: sameName,
  countsMissing: "benchgate's JSON format has no agreed way yet to tell a harness an iteration count",
  select: {
    wholeSuite: { value: '' },
    build: (open) => filter(JSON.stringify(unique(open))),
  },
};
