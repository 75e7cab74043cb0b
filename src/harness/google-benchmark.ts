/**
 * Google Benchmark: `--benchmark_filter` is a POSIX extended regular expression (std::regex::extended / regcomp).
 * Counted per benchmark from the binary the user's build makes: one benchmark by an anchored,
 * escaped filter, its work fixed by `--benchmark_min_time=Nx` (exactly N iterations, no
 * calibration by time; Google Benchmark 1.8.0 or later).
 */
import { anchoredAlternation, escapeWith, FILTER_PLACEHOLDER, nonEmptyLines, sameName } from './filter-syntax.js';
import type { CountTarget, DirectCall, HarnessDescription, ShellWord } from './types.js';

const ereQuote = escapeWith(/[\\.[()*+?{|^$]/g);

/** JSON on stdout, one repetition, no warm-up: the runs the count runner reads and differences. */
const ONE_RUN = ['--benchmark_format=json', '--benchmark_repetitions=1', '--benchmark_min_warmup_time=0'];

/**
 * `PATH/TO/BINARY [--benchmark_*=VALUE ...]`: a binary named by a path (it has a `/`, so the
 * user's build makes it in the worktree), then Google Benchmark's own flags only. The filter, when
 * given, selects what is counted; the other flags steer a timed run and are dropped.
 */
function recogniseBinary(words: readonly ShellWord[]): CountTarget | null {
  if (!words.every((w): w is string => typeof w === 'string')) return null;
  const [binary, ...flags] = words as string[];
  if (binary === undefined || binary.startsWith('-') || !binary.includes('/')) return null;
  let pattern = '.';
  for (const flag of flags) {
    const m = /^--(benchmark_[a-z_]+|v)=([\s\S]*)$/.exec(flag);
    if (!m) return null;
    if (m[1] === 'benchmark_filter' && m[2] !== '') pattern = m[2]!;
  }
  return { packages: [], pattern, buildFlags: [], binary };
}

/** --benchmark_filter values that select every benchmark (none given is the same). */
const WHOLE_SUITE = new Set(['.', '.*', 'all']);

const withoutFlag = (words: readonly ShellWord[], flag: string) => words.filter((w) => typeof w !== 'string' || !w.startsWith(`${flag}=`));

/** A direct call of the binary, completed: `{filter}` as its filter, JSON on stdout (time mode parses JSON, not the console table). */
const call: DirectCall = {
  placeFilter: (words) => {
    const target = recogniseBinary(words);
    if (!target || !WHOLE_SUITE.has(target.pattern)) return null;
    return [...withoutFlag(words, '--benchmark_filter'), `--benchmark_filter=${FILTER_PLACEHOLDER}`];
  },
  output: {
    flag: '--benchmark_format=json',
    asked: /--benchmark_format=json\b/,
    add: (words) =>
      recogniseBinary(words) && !words.includes('--benchmark_format=json')
        ? [...withoutFlag(words, '--benchmark_format'), '--benchmark_format=json']
        : null,
    toFile: false,
  },
};

export const googleBenchmark: HarnessDescription = {
  format: 'google-benchmark',
  normaliseName: sameName,
  select: {
    wholeSuite: { value: '.' },
    build: (open) => anchoredAlternation(open, ereQuote, '('),
  },
  call,
  counts: {
    fixWork: (n) => [`--benchmark_min_time=${n}x`],
    env: {},
    recognise: recogniseBinary,
    instead:
      'set count-binary to the benchmark binary your build command makes (path from the working directory); or use bench-command to count the whole command once per run',
    commandShape:
      'a direct call of the benchmark binary by its path with only --benchmark_* flags ("./build/bench --benchmark_filter=PATTERN")',
    selectOne: (name) => [`--benchmark_filter=^${ereQuote(name)}$`, ...ONE_RUN],
    discover: (target) => [`--benchmark_filter=${target.pattern}`, '--benchmark_min_time=1x', ...ONE_RUN],
    cannotFixWork: (stderr) =>
      /benchmark_min_time/.test(stderr) && /expected to be a double|unrecognized command-line flag/.test(stderr)
        ? 'this Google Benchmark cannot run a fixed number of iterations: --benchmark_min_time=Nx needs Google Benchmark 1.8.0 or later ' +
          "(Debian bookworm's libbenchmark-dev is 1.7.1, which calibrates by time only); build against 1.8.0 or later, " +
          'or count the whole command with bench-command and a work fixed in the code (->Iterations(N))'
        : null,
  },
  // One name a line, as the runs name them (the filter in the command applies).
  list: { args: ['--benchmark_list_tests=true'], parse: nonEmptyLines },
};
