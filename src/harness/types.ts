/**
 * What a harness is, as data (docs/architecture.md, decision 1): how its benchmarks are selected,
 * named, listed and counted. A description reads no file, runs no process and reads no
 * environment; src/runner/ executes it.
 */

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

/** How a harness is told which benchmarks to run. */
export interface FilterSyntax {
  /** BENCHGATE_FILTER for a whole-suite round. */
  wholeSuite: HarnessFilter;
  /** The filter for these open names among all names. */
  build(open: readonly string[], all: readonly string[]): FilterOutcome;
  /**
   * Why this syntax cannot select an arbitrary subset of the benchmarks exactly (one substring,
   * one glob), which a shard needs; absent: it can.
   */
  subsetLimit?: string;
}

/** What the user's bench command runs, as the count runner needs it: the packages to build, the benchmarks asked for. */
export interface CountTarget {
  /** Package patterns as the user wrote them (`./pkg`, `./...`); `.` when none was given; empty with `binary`. */
  packages: string[];
  /** The user's benchmark pattern (`-bench`), which selects what is counted. */
  pattern: string;
  /** Build flags passed on to the build (`-tags=x`). */
  buildFlags: string[];
  /** A test binary the user's build command makes (count-binary), relative to the working directory: counted instead of building packages. */
  binary?: string;
  /**
   * A harness run as a command rather than a built binary (pytest): its argv prefix, the first
   * word found on PATH or, with a `/`, relative to the working directory.
   */
  command?: string[];
  /** The user's own selection arguments for `discover` (pytest's test paths and node ids). */
  args?: string[];
}

/** One buildable unit of a target (a Go package with tests) and the directory its binary runs in. */
export interface CountUnit {
  name: string;
  dir: string;
}

/**
 * What a counted run adds to the harness call: arguments, or (a harness that reads its selection
 * and work from its environment, as benchgate's JSON format does) environment variables.
 */
export type CountSetting = string[] | { env: Readonly<Record<string, string>> };

export interface CountDescription {
  /** What makes a benchmark run exactly `n` iterations. */
  fixWork(n: number): CountSetting;
  /** What makes counts repeat. */
  env: Readonly<Record<string, string>>;
  /** The user's command, split into shell words (operators as objects), or null when it is not a direct harness call. */
  recognise(words: readonly ShellWord[]): CountTarget | null;
  /** What to set when `recognise` does not accept the command (the error's fix). */
  instead: string;
  /** What `recognise` accepts, for the error when it does not ("a direct \"go test -bench PATTERN [packages]\" call"). */
  commandShape: string;
  /** What selects exactly one benchmark (its name as the harness printed it). */
  selectOne(name: string): CountSetting;
  /** What runs every benchmark the target selects once, natively, to learn their names and rough cost. */
  discover(target: CountTarget): CountSetting;
  /**
   * The small work's floor as a multiple of the run's fixed cost (start-up, collection): 10 by
   * default. A harness whose start-up is large but repeats to a few instructions in a million
   * (pytest's ~1 G instructions of interpreter start-up and collection) needs far less.
   */
  fixedCostFactor?: number;
  /**
   * Whether its counted runs' cachegrind tables are a useful level for attribution (decision 8):
   * they name the benchmark's own functions. false for an interpreter's harness (pytest-benchmark:
   * CPython's C functions, `_PyEval_EvalFrameDefault`, explain nothing), whose runs keep no
   * profile lines. Absent: they are.
   */
  functionTables?: boolean;
  /**
   * Why a failed listing run means this harness cannot fix its work (an old version that rejects
   * `fixWork`'s arguments), from its stderr; null when the failure is something else.
   */
  cannotFixWork?(stderr: string): string | null;
  /**
   * Interpreted code (docs/architecture.md decision 8, "Interpreters"): what makes one run of the
   * selected benchmark (after `selectOne`) profile `n` calls of it and write each Python
   * function's calls into its output (src/counts/cprofile.ts reads them). Absent: no call-count pass.
   */
  callProfile?: (n: number) => CountSetting;
  /**
   * The harness writes its results to a file, not stdout: the arguments naming that file (a fresh
   * path per run, in the runner's private directory). pytest-benchmark cannot write JSON to a
   * socket (/dev/stdout is one under Node's child processes).
   */
  outputTo?(file: string): string[];
  /**
   * Files the counted runs need (a pytest plugin), written once into a directory of the runner's,
   * and the environment that points the harness at that directory, given the run's own.
   */
  support?: {
    files: Readonly<Record<string, string>>;
    env(dir: string, inherited: NodeJS.ProcessEnv): Record<string, string>;
  };
  /** How a target's binaries are built from packages (count-packages); absent: the user's build makes the binary. */
  units?: {
    /** The command that lists a target's units (argv), and how to read its output. */
    list(target: CountTarget): string[];
    parse(stdout: string): CountUnit[];
    /** The command that builds one unit's binary to `out` (argv). */
    build(target: CountTarget, unit: CountUnit, out: string): string[];
  };
}

/**
 * What benchgate completes itself in a bench command it can read as a direct call of the harness
 * (harness/direct-call.ts): the filter a shard or a `rounds: auto` round needs, and the
 * machine-readable output time mode parses.
 */
export interface DirectCall {
  /**
   * The call's words with `{filter}` in place of the argument that selects its benchmarks; null
   * when the words are not a direct call, or when that argument selects less than the whole suite
   * (a shard's list comes from the list mode, which ignores the user's pattern: the two would differ).
   */
  placeFilter(words: readonly ShellWord[]): ShellWord[] | null;
  /** Time mode's output, when the harness prints a table people read unless a flag asks for more. */
  output?: {
    /** What the user adds to the bench command when benchgate cannot. */
    flag: string;
    /** Whether a command's text asks for it already (a script's own call may). */
    asked: RegExp;
    /**
     * The call's words asking for it: on stdout, or (`toFile`) in `file`, which benchgate reads
     * after the run; null when the words are not a direct call, or already ask for it.
     */
    add(words: readonly ShellWord[], file: string): ShellWord[] | null;
    toFile: boolean;
  };
}

/** A shell word, or an operator (`&&`, `|`, `;`) or other construct a shell-words parser returns as an object. */
export type ShellWord = string | { op: string } | { comment: string } | { pattern: string };

export interface HarnessDescription {
  /** The parser's name in src/formats/. */
  format: string;
  /** The benchmark's identity across runner sizes: Go drops its `-N` GOMAXPROCS suffix; else the name as printed. */
  normaliseName(raw: string): string;
  select?: FilterSyntax;
  /**
   * The unit a shard takes (docs/shards.md), from a normalised name: what the filter selects and
   * the list mode lists. Go: the top-level benchmark without its package (`-test.list` lists no
   * sub-benchmark and `-bench` never sees the package); Catch2: the test case; JMH: the method
   * without benchgate's `(params)`. Absent: the normalised name itself. Applying it twice changes nothing.
   */
  splitUnit?(name: string): string;
  /**
   * List mode: the arguments appended to the bench command that make it list the benchmarks
   * (split units, as the harness names them) instead of running them, and how to read the list.
   */
  list?: { args: string[]; parse(stdout: string): string[] };
  /** Absent: this harness cannot be counted per benchmark (countsMissing says why). */
  counts?: CountDescription;
  /** Absent: benchgate completes no direct call of this harness (the user writes `{filter}` and the output flag). */
  call?: DirectCall;
  /** Why this harness cannot be counted per benchmark: no way to select one benchmark, or to fix its work. */
  countsMissing?: string;
  /**
   * The harness counts instructions itself (under its own callgrind or perf counters) and prints
   * them: `measure: instructions` reads those counts and never wraps the command in cachegrind.
   */
  printsCounts?: { metric: RegExp };
}
