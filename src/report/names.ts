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

/** What a displayed name is made of: a comparison's identity, or a history series' (src/history/series.ts). */
export interface NamedBenchmark {
  suite: string;
  benchmark: string;
  metric: string;
  complexityN?: number;
}

/**
 * The benchmark with its size and metric where they tell rows apart: nanobench repeats one name
 * at every complexityN ("sort [n=800]"); Google Benchmark's "BM_sort/800" already carries it.
 */
function withSizeAndMetric(name: string, b: NamedBenchmark): string {
  const n = b.complexityN;
  const size = n === undefined || b.benchmark.endsWith(`/${n}`) ? '' : ` [n=${n}]`;
  return `${name}${size}${b.metric === 'time' ? '' : ` [${b.metric}]`}`;
}

export interface Names<T = Comparison> {
  /** The package a comparison's row is grouped under (markdown and terminal headings). */
  pkg(c: T): string | undefined;
  /** The name under its package heading. */
  short(c: T): string;
  /** The name where no heading says the package: with it as a suffix when its suite has several. */
  full(c: T): string;
}

/** The display names of benchmarks shown together: whether a package suffix is needed depends on the others. */
export function displayNames(benchmarks: readonly NamedBenchmark[]): Names<NamedBenchmark> {
  const packages = new Map<string, Set<string | undefined>>();
  for (const b of benchmarks) {
    // The process-cost rows belong to no package: they must not make a one-package suite look like two.
    if (b.benchmark === PROCESS_BENCHMARK) continue;
    const set = packages.get(b.suite) ?? new Set();
    set.add(splitName(b.benchmark).pkg);
    packages.set(b.suite, set);
  }
  return {
    pkg: (b) => splitName(b.benchmark).pkg,
    short: (b) => withSizeAndMetric(splitName(b.benchmark).name, b),
    full: (b) => {
      const { pkg, name } = splitName(b.benchmark);
      const suffix = pkg !== undefined && (packages.get(b.suite)?.size ?? 0) > 1 ? ` (${pkg})` : '';
      return withSizeAndMetric(name, b) + suffix;
    },
  };
}

/** The display names of one result's comparisons. */
export function namesOf(result: Pick<ComparisonResult, 'comparisons'>): Names {
  const named = (c: Comparison): NamedBenchmark => {
    const n = complexityNOf(c);
    return { suite: c.suite, benchmark: c.benchmark, metric: c.metric, ...(n !== undefined && { complexityN: n }) };
  };
  const names = displayNames(result.comparisons.map(named));
  return { pkg: (c) => names.pkg(named(c)), short: (c) => names.short(named(c)), full: (c) => names.full(named(c)) };
}
