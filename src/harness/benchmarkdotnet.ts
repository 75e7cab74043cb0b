/**
 * BenchmarkDotNet: one `--filter` argument is one glob (`*` and `?` the only wildcards, matched
 * case-insensitively): the open names' common prefix and suffix around `*`.
 */
import { narrower, sameName, unique } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

function globMatcher(glob: string): (name: string) => boolean {
  const source = glob
    .replace(/[\\^$.+()[\]{}|]/g, (c) => `\\${c}`)
    .replace(/\*/g, '[\\s\\S]*')
    .replace(/\?/g, '[\\s\\S]');
  const re = new RegExp(`^${source}$`, 'i');
  return (name) => re.test(name);
}

const commonPrefix = (names: readonly string[]) =>
  names.reduce((p, n) => {
    let i = 0;
    while (i < p.length && i < n.length && p[i] === n[i]) i++;
    return p.slice(0, i);
  });

const reverse = (s: string) => [...s].reverse().join('');

export const benchmarkDotNet: HarnessDescription = {
  format: 'benchmarkdotnet',
  normaliseName: sameName,
  countsMissing:
    "benchgate does not build BenchmarkDotNet's fixed-work command (--iterationCount and --invocationCount per benchmark), and the .NET runtime's tiered JIT and background threads are not known to count repeatably under valgrind",
  select: {
    subsetLimit: "BenchmarkDotNet's --filter is one glob here, which cannot select an arbitrary subset of the benchmarks",
    wholeSuite: { value: '*' },
    build(open, all) {
      const names = unique(open.map((n) => n.replace(/ \[[^\]]*\]$/, '')));
      if (names.length === 1) return narrower(globMatcher(names[0]!), all, names[0]!);
      const prefix = commonPrefix(names);
      const suffix = reverse(commonPrefix(names.map((n) => reverse(n.slice(prefix.length)))));
      const glob = `${prefix}*${suffix}`;
      return narrower(globMatcher(glob), all, glob);
    },
  },
};
