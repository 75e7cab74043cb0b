/**
 * `go test -bench` output (benchfmt text), and the same inside `go test -json` events.
 * Every result line is one sample. Benchmarks are named `<pkg>.<name>` once a `pkg:` line has
 * been seen, so the same name in two packages stays two benchmarks; the name itself is kept
 * exactly, GOMAXPROCS suffix (`-8`) included.
 */
import type { Better } from '../model.js';
import { isObject } from './json.js';
import { head, lines } from './lines.js';
import { type MetricKind, MeasurementSet } from './measurements.js';
import { parseDecimal, toSeconds } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'go';
const RESULT_START = /^Benchmark\S*[ \t]+\d+[ \t]/;
/** Go prints `--- FAIL: X` on its own line, or after the name when a later b.N fails (`X-8 \t--- FAIL: X-8`). */
const FAIL_MARKER = /^\s*(?:Benchmark\S*[ \t]+)?--- FAIL: (Benchmark\S*)/;
const PROCS_SUFFIX = /-\d+$/;

interface Target {
  metric: string;
  unit: string;
  better: Better;
  convert: (value: number) => number;
}

const same = (value: number) => value;

/** Go's units; any other (b.ReportMetric) unit is its own metric, higher-is-better only when per second. */
const UNITS: Record<string, Target> = {
  'ns/op': { metric: 'time', unit: 's', better: 'lower', convert: (value) => toSeconds(value, 'ns') },
  'sec/op': { metric: 'time', unit: 's', better: 'lower', convert: same },
  'B/op': { metric: 'bytes/op', unit: 'B', better: 'lower', convert: same },
  'allocs/op': { metric: 'allocs/op', unit: 'allocs', better: 'lower', convert: same },
  'MB/s': { metric: 'throughput', unit: 'B/s', better: 'higher', convert: (value) => value * 1e6 },
  'B/s': { metric: 'throughput', unit: 'B/s', better: 'higher', convert: same },
};

/** Time is what a Go benchmark measures; MB/s is SetBytes over that time; -benchmem and ReportMetric add the rest. */
function kindOf(metric: string): MetricKind {
  if (metric === 'time') return { role: 'primary' };
  return { role: metric === 'throughput' ? 'derived' : 'secondary' };
}

function targetFor(unit: string): Target {
  if (Object.hasOwn(UNITS, unit)) return UNITS[unit]!;
  return { metric: unit, unit, better: unit.endsWith('/s') ? 'higher' : 'lower', convert: same };
}

/** What the failures of one package are resolved against (see failureName). */
class PackageNames {
  /** Names with a sub-benchmark below them (`BenchmarkX` for `BenchmarkX/n=1-8`). */
  readonly parents = new Set<string>();
  /** The trailing `-N` of each result line's name (undefined for a name without one). */
  readonly suffixes = new Set<string | undefined>();
  readonly results = new Set<string>();
  readonly failures: string[] = [];

  addParents(name: string): void {
    for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) this.parents.add(name.slice(0, slash));
  }

  addResult(name: string): void {
    if (this.results.has(name)) return;
    this.results.add(name);
    this.suffixes.add(PROCS_SUFFIX.exec(name)?.[0]);
    this.addParents(name);
  }

  addFailure(name: string): void {
    this.failures.push(name);
    this.addParents(name);
  }

  /**
   * The name a failure is compared under, or undefined for a parent that only failed because a
   * sub-benchmark did. A benchmark failing on its first b.N=1 run is printed without the GOMAXPROCS
   * suffix (`--- FAIL: BenchmarkX` where its result reads `BenchmarkX-8`): it gets the suffix that
   * every result line of the package shares, so it meets the other side's results under one name.
   */
  failureName(name: string): string | undefined {
    if (this.parents.has(name)) return undefined;
    if (this.results.has(name) || this.suffixes.size !== 1) return name;
    const [suffix] = this.suffixes;
    return suffix === undefined || name.endsWith(suffix) ? name : name + suffix;
  }
}

const qualify = (pkgName: string | undefined, name: string) => (pkgName ? `${pkgName}.${name}` : name);

function namesOf(packages: Map<string | undefined, PackageNames>, pkgName: string | undefined): PackageNames {
  let names = packages.get(pkgName);
  if (!names) packages.set(pkgName, (names = new PackageNames()));
  return names;
}

/** A result line's fields: name, iterations, then value-unit pairs, each a sample of its metric. */
function addResult(set: MeasurementSet, names: PackageNames, pkg: string | undefined, fields: string[], lineNumber: number): void {
  if ((fields.length - 2) % 2 !== 0 || fields.length < 4) {
    throw new FormatError(NAME, `expected "<name> <iterations> <value> <unit> ..." pairs after the iteration count`, lineNumber);
  }
  names.addResult(fields[0]!);
  const name = qualify(pkg, fields[0]!);
  for (let i = 2; i < fields.length; i += 2) {
    const value = parseDecimal(fields[i]!);
    if (value === undefined) {
      throw new FormatError(NAME, `expected a number before unit "${fields[i + 1]}", got "${fields[i]}"`, lineNumber);
    }
    const target = targetFor(fields[i + 1]!);
    set.add(name, target.metric, target.unit, target.better, target.convert(value), lineNumber);
  }
}

/** Failures are named last: the GOMAXPROCS suffix and the sub-benchmarks are known only then. */
function addFailures(set: MeasurementSet, packages: Map<string | undefined, PackageNames>): void {
  for (const [pkgName, names] of packages) {
    for (const failure of names.failures) {
      const name = names.failureName(failure);
      if (name !== undefined) set.fail(qualify(pkgName, name), 'go test reported FAIL');
    }
  }
}

/** Parses benchfmt text into `set`; `pkg` is the package already known (from -json events). */
function parseText(set: MeasurementSet, text: string, pkg?: string): void {
  const packages = new Map<string | undefined, PackageNames>();
  for (const line of lines(text)) {
    const content = line.text;
    if (content.startsWith('pkg:')) {
      pkg = content.slice(4).trim();
      continue;
    }
    const failure = FAIL_MARKER.exec(content);
    if (failure) namesOf(packages, pkg).addFailure(failure[1]!);
    // Name-only lines (-v), log output and prose are not results.
    else if (RESULT_START.test(content)) addResult(set, namesOf(packages, pkg), pkg, content.trim().split(/\s+/), line.number);
  }
  addFailures(set, packages);
}

/**
 * test2json events: the output of each package is concatenated (an event may hold half a line)
 * and parsed as text; line numbers in errors then count within that package's output.
 */
function parseEvents(set: MeasurementSet, text: string): void {
  const outputByPackage = new Map<string, string[]>();
  for (const line of lines(text)) {
    if (!line.text.startsWith('{')) continue; // build errors and stderr mixed into the stream
    let event: unknown;
    try {
      event = JSON.parse(line.text);
    } catch {
      throw new FormatError(NAME, 'expected one go test -json event per line', line.number);
    }
    if (!isObject(event)) throw new FormatError(NAME, 'expected a JSON object event', line.number);
    if (event.Action !== 'output' || typeof event.Output !== 'string') continue;
    const pkg = typeof event.Package === 'string' ? event.Package : '';
    const chunks = outputByPackage.get(pkg) ?? [];
    chunks.push(event.Output);
    outputByPackage.set(pkg, chunks);
  }
  for (const [pkg, chunks] of outputByPackage) parseText(set, chunks.join(''), pkg || undefined);
}

/** A complete benchfmt result line: name, iterations, then (number, unit) pairs. */
function isResultLine(text: string): boolean {
  if (!RESULT_START.test(text)) return false;
  const fields = text.trim().split(/\s+/);
  if (fields.length < 4 || fields.length % 2 !== 0) return false;
  for (let i = 2; i < fields.length; i += 2) if (parseDecimal(fields[i]!) === undefined) return false;
  return true;
}

function isEventStream(text: string): boolean {
  const first = /^\s*(\{[^\n]*)/.exec(head(text, 4096));
  return first !== null && first[1]!.includes('"Action":"');
}

export const go: FormatParser = {
  name: NAME,
  description: 'go test -bench output (text, or -json events)',

  detect(text) {
    if (isEventStream(text)) return true;
    for (const line of lines(head(text))) if (isResultLine(line.text)) return true;
    return false;
  },

  parse(text) {
    const set = new MeasurementSet(NAME, kindOf);
    if (isEventStream(text)) parseEvents(set, text);
    else parseText(set, text);
    return set.toArray();
  },
};
