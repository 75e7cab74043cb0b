/** Catch2: test specs select test cases; benchgate names Catch2 benchmarks `<test case> / <section> / ... / <benchmark>`. */
import { filter, nonEmptyLines, sameName, unique } from './filter-syntax.js';
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
  select: {
    wholeSuite: { value: '' },
    build: (open) => filter(catch2Spec(open)),
  },
  // The test case: test specs select test cases, and --list-tests lists them.
  splitUnit: (name) => name.split(' / ')[0]!,
  // Catch2 v3, quiet: one test case a line; louder output's tag lines and count line are dropped.
  list: {
    args: ['--list-tests', '--verbosity', 'quiet'],
    parse: (stdout) =>
      nonEmptyLines(stdout).filter(
        (l) => l !== 'All available test cases:' && !/^\[.*\]$/.test(l) && !/^\d+ (matching )?test cases?$/.test(l),
      ),
  },
};
