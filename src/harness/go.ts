/**
 * `go test -bench`. Benchgate names a Go benchmark `<import path>.BenchmarkX/sub-N`; `-N` is the
 * GOMAXPROCS suffix Go adds when GOMAXPROCS > 1, so the normalised name drops it and one
 * benchmark keeps one identity across runner sizes (and under the count runner's GOMAXPROCS=1).
 */
import { escapeWith, filter, FILTER_PLACEHOLDER, unique } from './filter-syntax.js';
import type { CountTarget, HarnessDescription, ShellWord } from './types.js';

const PROCS_SUFFIX = /-\d+$/;

/** Go's regexp.QuoteMeta. */
const goQuote = escapeWith(/[\\.+*?()|[\]{}^$]/g);

/** `example.com/m/pkg.BenchmarkX/a.b-8` -> `BenchmarkX/a.b-8`: the Go name starts at the first `.Benchmark` whose top level has no dot. */
export function withoutGoPackage(name: string): string {
  for (let i = name.indexOf('Benchmark'); i >= 0; i = name.indexOf('Benchmark', i + 1)) {
    if ((i === 0 || name[i - 1] === '.') && !name.slice(i).split('/')[0]!.includes('.')) return name.slice(i);
  }
  return name;
}

/**
 * The -bench pattern for one name: split on unbracketed `/` into one regexp per sub-benchmark
 * level (testing/match.go splitRegexp), each level anchored. The pattern never sees the package,
 * and Go adds the `-N` suffix after matching: the last level accepts the name with or without it.
 */
function goPattern(name: string): string {
  const levels = withoutGoPackage(name).split('/');
  return levels
    .map((level, i) => {
      const suffix = i === levels.length - 1 ? PROCS_SUFFIX.exec(level) : null;
      if (!suffix) return `^${goQuote(level)}$`;
      return `^${goQuote(level.slice(0, suffix.index))}(?:${suffix[0]})?$`;
    })
    .join('/');
}

/** `go test` flags that take a value, and those of them `go test -c` needs (the rest only steer the run). */
const BUILD_VALUE_FLAGS = new Set(['tags', 'ldflags', 'gcflags', 'asmflags', 'mod', 'modfile', 'pgo', 'overlay']);
const BUILD_BOOL_FLAGS = new Set(['race', 'msan', 'asan', 'trimpath', 'cover']);
const RUN_VALUE_FLAGS = new Set(['bench', 'run', 'benchtime', 'count', 'cpu', 'timeout', 'p', 'parallel', 'shuffle', 'skip']);
const RUN_BOOL_FLAGS = new Set(['benchmem', 'v', 'short', 'failfast', 'json']);

/**
 * `go test [flags] [packages]`, every word plain (no operator, variable or glob), flags among
 * those above; null for anything else (`-args`, `-C`, `-exec`, `-c`, `-o`: they change what runs).
 */
function recogniseGoTest(words: readonly ShellWord[]): CountTarget | null {
  if (!words.every((w): w is string => typeof w === 'string')) return null;
  const [go, test, ...rest] = words as string[];
  if (go !== 'go' || test !== 'test') return null;
  const packages: string[] = [];
  const buildFlags: string[] = [];
  let pattern: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const flag = /^--?([a-z]+)(?:=([\s\S]*))?$/.exec(word);
    if (!word.startsWith('-')) {
      packages.push(word);
      continue;
    }
    if (!flag) return null;
    const [, name, inline] = flag as unknown as [string, string, string | undefined];
    if (BUILD_BOOL_FLAGS.has(name)) buildFlags.push(word);
    else if (RUN_BOOL_FLAGS.has(name)) continue;
    else if (BUILD_VALUE_FLAGS.has(name) || RUN_VALUE_FLAGS.has(name)) {
      const value = inline ?? rest[++i];
      if (value === undefined) return null;
      if (BUILD_VALUE_FLAGS.has(name)) buildFlags.push(`-${name}=${value}`);
      if (name === 'bench') pattern = value;
    } else return null;
  }
  if (pattern === null || pattern === '') return null;
  return { packages: packages.length > 0 ? packages : ['.'], pattern, buildFlags };
}

/** -bench patterns that select every benchmark: each Go benchmark's name starts with "Benchmark". */
const WHOLE_SUITE = new Set(['.', '.*', 'Benchmark', '^Benchmark']);

/** `go test ... -bench .` with `{filter}` as -bench's value; null unless a direct call whose -bench selects every benchmark. */
function placeGoFilter(words: readonly ShellWord[]): ShellWord[] | null {
  const target = recogniseGoTest(words);
  if (!target || !WHOLE_SUITE.has(target.pattern)) return null;
  const out = [...(words as string[])];
  for (let i = 2; i < out.length; i++) {
    const flag = /^(--?bench)(=|$)/.exec(out[i]!);
    if (!flag) continue;
    if (flag[2] === '=') out[i] = `${flag[1]}=${FILTER_PLACEHOLDER}`;
    else out[++i] = FILTER_PLACEHOLDER;
  }
  return out;
}

export const go: HarnessDescription = {
  format: 'go',
  normaliseName: (raw) => raw.replace(PROCS_SUFFIX, ''),
  select: {
    wholeSuite: { value: '.' },
    build: (open) => filter(unique(open.map(goPattern)).join('|')),
  },
  // A top-level name has no `-` (a Go identifier), so a GOMAXPROCS suffix left on it is dropped here too.
  splitUnit: (name) => withoutGoPackage(name).split('/')[0]!.replace(PROCS_SUFFIX, ''),
  // `go test` and a test binary both take -test.list: it prints the matching top-level names and runs nothing
  // (with `go test`, an "ok" line per package follows them).
  list: {
    args: ['-test.list', '^Benchmark'],
    parse: (stdout) => stdout.split('\n').filter((line) => /^Benchmark\S*$/.test(line)),
  },
  call: { placeFilter: placeGoFilter },
  counts: {
    fixWork: (n) => [`-test.benchtime=${n}x`],
    // One thread: the runtime's idle and spinning threads are counted too (500× spread otherwise); no GC pacing by time;
    // no asynchronous preemption: its SIGURG, sent by time, trips callgrind's signal bookkeeping (an assertion in
    // threads.c ends the run under load) and adds handler instructions at moments the load chooses.
    env: { GOMAXPROCS: '1', GOGC: 'off', GODEBUG: 'asyncpreemptoff=1' },
    recognise: recogniseGoTest,
    instead:
      'set count-packages to the packages to count (e.g. ./...), or count-binary to a test binary your build command makes (go test -c -o bench.test ./pkg); or use bench-command to count the whole command once per run',
    commandShape: 'a direct "go test -bench PATTERN [packages]" call',
    selectOne: (name) => ['-test.run=^$', `-test.bench=${goPattern(name)}`],
    discover: (target) => ['-test.run=^$', `-test.bench=${target.pattern}`, '-test.benchtime=1x'],
    units: {
      // Packages with test files only: go test -c writes no binary for the others. A tab cannot be in an import path or (here) a directory.
      list: (target) => [
        'go',
        'list',
        ...target.buildFlags,
        '-f',
        '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}\t{{.Dir}}{{end}}',
        '--',
        ...target.packages,
      ],
      parse: (stdout) =>
        stdout
          .split('\n')
          .filter((line) => line.includes('\t'))
          .map((line) => {
            const [name, dir] = line.split('\t') as [string, string];
            return { name, dir };
          }),
      build: (target, unit, out) => ['go', 'test', '-c', '-o', out, ...target.buildFlags, '--', unit.name],
    },
  },
};
