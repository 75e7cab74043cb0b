/** Catch2: test specs select test cases; benchgate names Catch2 benchmarks `<test case> / <section> / ... / <benchmark>`. */
import { filter, sameName, unique } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

function catch2Spec(open: readonly string[]): string {
  const quote = (s: string) => `"${s.replace(/[\\",]/g, (c) => `\\${c}`)}"`;
  // The test case is the first segment, or longer when its own name contains " / ": both forms.
  const testCases = unique(open.map((n) => n.split(' / ')[0]!));
  return testCases.flatMap((t) => [quote(t), quote(`${t} / *`)]).join(',');
}

export const catch2: HarnessDescription = {
  format: 'catch2',
  normaliseName: sameName,
  countsMissing:
    "Catch2's BENCHMARK estimates its iteration count from the clock's resolution; --benchmark-samples fixes the samples, not the iterations",
  select: {
    wholeSuite: { value: '' },
    build: (open) => filter(catch2Spec(open)),
  },
  // The test case: test specs select test cases.
  splitUnit: (name) => name.split(' / ')[0]!,
  // No list mode for shards: `--list-tests` lists every test case, with a benchmark or not, so a
  // shard could own only test cases that print no benchmark (an error); the warm-up lists them.
};
