/**
 * The filter that makes a harness run only the benchmarks still open, in each harness's own
 * selection syntax. The bench command receives it as BENCHGATE_FILTER in its environment;
 * `{filter}` in the command expands to a quoted reference to that variable
 * ("$BENCHGATE_FILTER"), never to the names themselves, so no benchmark name ever passes through
 * a shell. Benchmark names come from the harness's output (a pull request controls them): every
 * syntax below escapes them so that they only ever match themselves.
 *
 * A filter may select more than the open benchmarks (a harness without alternation, Go's
 * GOMAXPROCS suffix, libtest's substring match); the extra results are not used. It must never
 * select fewer: the driver checks every filtered round and falls back to whole-suite rounds.
 * Whole-suite rounds set BENCHGATE_FILTER to the harness's "everything" value (`wholeSuite`),
 * never to an empty pattern that would mean "nothing" (Go's `-bench ''` runs no benchmark).
 */
import { Buffer } from 'node:buffer';

/** What BENCHGATE_FILTER holds: one argument, or (pytest) the lines of an `@file` of arguments. */
export type HarnessFilter = { value: string } | { argsFile: string[] };

export type FilterOutcome =
  | { kind: 'filter'; filter: HarnessFilter }
  | {
      kind: 'whole-suite';
      /**
       * unsupported: the harness cannot select benchmarks (or benchgate does not know how);
       * too-long: longer than one argument may be (FILTER_MAX_BYTES);
       * no-narrower: the only filter the syntax allows selects every benchmark anyway;
       * unrepresentable: a name the syntax cannot express (a newline in a pytest node id).
       */
      reason: 'unsupported' | 'too-long' | 'no-narrower' | 'unrepresentable';
    };

/**
 * The longest filter passed as one argument and one environment variable. Linux limits each
 * argument and each NAME=value string to 128 KiB (MAX_ARG_STRLEN, with its NUL); Windows a whole
 * command line and a variable's value to 32,767 characters. Longer filters fall back to
 * whole-suite rounds (reason too-long); pytest's argument file has no such limit.
 */
export const FILTER_MAX_BYTES = process.platform === 'win32' ? 32_000 : 128 * 1024 - 1 - 'BENCHGATE_FILTER='.length;

export const FILTER_PLACEHOLDER = '{filter}';

/** The bench command with `{filter}` replaced by a quoted reference to BENCHGATE_FILTER. */
export function expandFilterPlaceholder(command: string): string {
  return command.split(FILTER_PLACEHOLDER).join('"$BENCHGATE_FILTER"');
}

interface Syntax {
  /** BENCHGATE_FILTER for a whole-suite round. */
  wholeSuite: HarnessFilter;
  /** The filter for these open names among all names. */
  build(open: readonly string[], all: readonly string[]): FilterOutcome;
}

const filter = (value: string): FilterOutcome => ({ kind: 'filter', filter: { value } });

/** One alternation of anchored, escaped names. */
const anchoredAlternation = (open: readonly string[], escape: (s: string) => string, group = '(?:') =>
  filter(`^${group}${unique(open).map(escape).join('|')})$`);

const unique = (names: readonly string[]) => [...new Set(names)];

const escapeWith = (special: RegExp) => (s: string) => s.replace(special, (c) => `\\${c}`);

/** Go's regexp.QuoteMeta. */
const goQuote = escapeWith(/[\\.+*?()|[\]{}^$]/g);
/** POSIX extended regular expressions (Google Benchmark's std::regex::extended / regcomp). */
const ereQuote = escapeWith(/[\\.[()*+?{|^$]/g);
/** ECMAScript regular expressions (bench_bitcoin's std::regex). */
const ecmaQuote = escapeWith(/[\\^$.*+?()[\]{}|/]/g);
/** Java regular expressions (JMH): a backslash before any ASCII punctuation is that character. */
const javaQuote = escapeWith(/[!-/:-@[-`{-~]/g);
/** Rust's regex::escape (criterion). */
const rustQuote = escapeWith(/[\\.+*?()|[\]{}^$#&\-~]/g);

/**
 * go test -bench: the pattern is split on unbracketed `/` into one regexp per sub-benchmark
 * level and on top-level `|` into alternatives (testing/match.go splitRegexp), each level
 * matched unanchored. Names in benchgate carry the package (`pkg.BenchmarkX/sub-8`), which the
 * pattern never sees, and the `-N` GOMAXPROCS suffix, which Go adds after matching: the last
 * level accepts the name with or without it.
 */
function goPattern(name: string): string {
  const bare = withoutGoPackage(name);
  const levels = bare.split('/');
  return levels
    .map((level, i) => {
      const suffix = i === levels.length - 1 ? /-\d+$/.exec(level) : null;
      if (!suffix) return `^${goQuote(level)}$`;
      return `^${goQuote(level.slice(0, suffix.index))}(?:${suffix[0]})?$`;
    })
    .join('/');
}

/** `example.com/m/pkg.BenchmarkX/a.b-8` -> `BenchmarkX/a.b-8`: the Go name starts at the first `.Benchmark` whose top level has no dot. */
function withoutGoPackage(name: string): string {
  for (let i = name.indexOf('Benchmark'); i >= 0; i = name.indexOf('Benchmark', i + 1)) {
    if ((i === 0 || name[i - 1] === '.') && !name.slice(i).split('/')[0]!.includes('.')) return name.slice(i);
  }
  return name;
}

/** The longest string contained in every name (libtest and BenchmarkDotNet take one pattern). */
function longestCommonSubstring(names: readonly string[]): string {
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

const narrower = (selects: (name: string) => boolean, all: readonly string[], value: string): FilterOutcome =>
  all.every(selects) ? { kind: 'whole-suite', reason: 'no-narrower' } : filter(value);

/** BenchmarkDotNet globs: `*` and `?` are the only wildcards, matching is case-insensitive. */
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

/** Catch2 test specs select test cases; benchgate names Catch2 benchmarks `<test case> / <section> / ... / <benchmark>`. */
function catch2Spec(open: readonly string[]): string {
  const quote = (s: string) => `"${s.replace(/[\\",]/g, (c) => `\\${c}`)}"`;
  // The test case is the first segment, or longer when its own name contains " / ": both forms.
  const testCases = unique(open.map((n) => n.split(' / ')[0]!));
  return testCases.flatMap((t) => [quote(t), quote(`${t} / *`)]).join(',');
}

const SYNTAXES: Record<string, Syntax> = {
  go: {
    wholeSuite: { value: '.' },
    build: (open) => filter(unique(open.map(goPattern)).join('|')),
  },
  'google-benchmark': {
    wholeSuite: { value: '.' },
    build: (open) => anchoredAlternation(open, ereQuote, '('),
  },
  'bench-bitcoin-csv': {
    wholeSuite: { value: '.*' },
    build: (open) => anchoredAlternation(open, ecmaQuote, '('),
  },
  jmh: {
    wholeSuite: { value: '.*' },
    // JMH matches the include regexp against `pkg.Class.method`; benchgate appends `(params)`.
    build: (open) =>
      anchoredAlternation(
        open.map((n) => n.replace(/(?<=.)\(.*$/s, '')),
        javaQuote,
      ),
  },
  criterion: {
    wholeSuite: { value: '' },
    build: (open) => anchoredAlternation(open, rustQuote),
  },
  'cargo-bench': {
    wholeSuite: { value: '' },
    // libtest keeps a benchmark whose name contains the filter (unless --exact): one substring.
    build(open, all) {
      const common = longestCommonSubstring(unique(open));
      return narrower((n) => n.includes(common), all, common);
    },
  },
  benchmarkdotnet: {
    wholeSuite: { value: '*' },
    // One --filter argument is one glob: the open names' common prefix and suffix around `*`.
    build(open, all) {
      const names = unique(open.map((n) => n.replace(/ \[[^\]]*\]$/, '')));
      if (names.length === 1) return narrower(globMatcher(names[0]!), all, names[0]!);
      const prefix = commonPrefix(names);
      const suffix = reverse(commonPrefix(names.map((n) => reverse(n.slice(prefix.length)))));
      const glob = `${prefix}*${suffix}`;
      return narrower(globMatcher(glob), all, glob);
    },
  },
  catch2: {
    wholeSuite: { value: '' },
    build: (open) => filter(catch2Spec(open)),
  },
  'pytest-benchmark': {
    // pytest >= 8.2 reads arguments from `@file`, one per line: node ids, which -k cannot select.
    wholeSuite: { argsFile: [] },
    build: (open) =>
      open.some((n) => /[\r\n]/.test(n))
        ? { kind: 'whole-suite', reason: 'unrepresentable' }
        : { kind: 'filter', filter: { argsFile: unique(open) } },
  },
  benchgate: {
    // A custom harness reads the exact names from a JSON array; empty means all.
    wholeSuite: { value: '' },
    build: (open) => filter(JSON.stringify(unique(open))),
  },
};

/** Formats whose harness can be told which benchmarks to run. */
export const FILTER_FORMATS = Object.keys(SYNTAXES);

/** BENCHGATE_FILTER for a whole-suite round; null when the format has no filter. */
export function wholeSuiteFilter(format: string): HarnessFilter | null {
  return SYNTAXES[format]?.wholeSuite ?? null;
}

/**
 * The filter selecting `open` (names as benchgate read them) out of `all`, or why the round
 * must run the whole suite. An empty `open` is a caller error: with nothing open there is no
 * round to run.
 */
export function buildFilter(format: string, open: readonly string[], all: readonly string[], maxBytes = FILTER_MAX_BYTES): FilterOutcome {
  if (open.length === 0) throw new RangeError('buildFilter: no open benchmark (an empty filter would select everything, or nothing)');
  const syntax = SYNTAXES[format];
  if (!syntax) return { kind: 'whole-suite', reason: 'unsupported' };
  const out = syntax.build(open, all);
  if (out.kind === 'filter' && 'value' in out.filter && Buffer.byteLength(out.filter.value) > maxBytes) {
    return { kind: 'whole-suite', reason: 'too-long' };
  }
  return out;
}
