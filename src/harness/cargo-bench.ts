/** libtest (`cargo bench`): keeps a benchmark whose name contains the filter (unless --exact), so one substring. */
import { narrower, sameName, unique } from './filter-syntax.js';
import type { HarnessDescription } from './types.js';

/** The longest string contained in every name. */
export function longestCommonSubstring(names: readonly string[]): string {
  const [shortest, ...others] = [...names].sort((a, b) => a.length - b.length);
  if (shortest === undefined) return '';
  for (let length = shortest.length; length > 0; length--) {
    for (let start = 0; start + length <= shortest.length; start++) {
      const candidate = shortest.slice(start, start + length);
      if (others.every((n) => n.includes(candidate))) return candidate;
    }
  }
  return '';
}

export const cargoBench: HarnessDescription = {
  format: 'cargo-bench',
  normaliseName: sameName,
  countsMissing: "libtest's #[bench] picks Bencher::iter's iteration count by timing and has no flag to fix it",
  select: {
    subsetLimit: 'libtest takes one substring, which cannot select an arbitrary subset of the benchmarks',
    wholeSuite: { value: '' },
    build(open, all) {
      const common = longestCommonSubstring(unique(open));
      return narrower((n) => n.includes(common), all, common);
    },
  },
};
