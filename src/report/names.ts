/**
 * How every report names a benchmark (docs/formats.md, "Naming"). The harness's raw name stays
 * the identity that filters, logs and results.json use; reports show it shorter, the way
 * benchstat does: `example.com/pkg.BenchmarkFoo-2` is `Foo-2` under a `pkg: example.com/pkg`
 * heading, or `Foo-2 (example.com/pkg)` where there is no heading and the suite holds several
 * packages. Only three name shapes have a package, so the rule stays predictable:
 *
 * - Go: `[<import path>.]Benchmark<Name>`: the package is the import path, the name drops `Benchmark`;
 * - pytest node ids: `<file>.py::<test>`: the package is the file;
 * - Java (JMH): `<lowercase.package>.<Class>.<method>`: the package is the lowercase prefix.
 *
 * Anything else (criterion `group/fn`, Google Benchmark `BM_x/8`, BenchmarkDotNet, JS) is shown as written.
 */
import { complexityNOf } from '../analysis/identity.js';
import { splitName } from '../analysis/split-name.js';
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import type { Comparison, ComparisonResult } from '../model.js';

export { splitName, type SplitName } from '../analysis/split-name.js';

/**
 * The benchmark with its size and metric where they tell rows apart: nanobench repeats one name
 * at every complexityN ("sort [n=800]"); Google Benchmark's "BM_sort/800" already carries it.
 */
function withSizeAndMetric(name: string, c: Comparison): string {
  const n = complexityNOf(c);
  const size = n === undefined || c.benchmark.endsWith(`/${n}`) ? '' : ` [n=${n}]`;
  return `${name}${size}${c.metric === 'time' ? '' : ` [${c.metric}]`}`;
}

export interface Names {
  /** The package a comparison's row is grouped under (markdown and terminal headings). */
  pkg(c: Comparison): string | undefined;
  /** The name under its package heading. */
  short(c: Comparison): string;
  /** The name where no heading says the package: with it as a suffix when its suite has several. */
  full(c: Comparison): string;
}

/** The display names of one result's comparisons: whether a package suffix is needed depends on the others. */
export function namesOf(result: Pick<ComparisonResult, 'comparisons'>): Names {
  const packages = new Map<string, Set<string | undefined>>();
  for (const c of result.comparisons) {
    // The process-cost rows belong to no package: they must not make a one-package suite look like two.
    if (c.benchmark === PROCESS_BENCHMARK) continue;
    const set = packages.get(c.suite) ?? new Set();
    set.add(splitName(c.benchmark).pkg);
    packages.set(c.suite, set);
  }
  return {
    pkg: (c) => splitName(c.benchmark).pkg,
    short: (c) => withSizeAndMetric(splitName(c.benchmark).name, c),
    full: (c) => {
      const { pkg, name } = splitName(c.benchmark);
      const suffix = pkg !== undefined && (packages.get(c.suite)?.size ?? 0) > 1 ? ` (${pkg})` : '';
      return withSizeAndMetric(name, c) + suffix;
    },
  };
}
