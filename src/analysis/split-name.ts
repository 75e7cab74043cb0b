/**
 * A benchmark's package and its name as the reports show it (report/names.ts, docs/formats.md
 * "Naming"). Here, below the reports, because the gate's globs match that shown name too
 * (analysis/gating.ts).
 */
export interface SplitName {
  /** The package (Go import path, pytest file, Java package), when the name has one. */
  pkg?: string;
  name: string;
}

/** `Benchmark` then anything but a lowercase letter (Go's rule for benchmark functions); the package is lazy so the first match wins. */
const GO = /^(?:(\S+?)\.)?Benchmark([^a-z].*)$/s;
const PYTEST = /^(\S+?\.py)::(.+)$/s;
const JAVA = /^((?:[a-z_][a-z0-9_]*\.)+)([A-Z][\w$]*\..+)$/s;

export function splitName(raw: string): SplitName {
  const go = GO.exec(raw);
  // `BenchmarkFoo-2` -> `Foo-2`; a function named `Benchmark` alone (`Benchmark-8`) keeps its name.
  if (go && !/^[-/]/.test(go[2]!)) return go[1] ? { pkg: go[1], name: go[2]! } : { name: go[2]! };
  const pytest = PYTEST.exec(raw);
  if (pytest) return { pkg: pytest[1]!, name: pytest[2]! };
  const java = JAVA.exec(raw);
  if (java) return { pkg: java[1]!.slice(0, -1), name: java[2]! };
  return { name: raw };
}
