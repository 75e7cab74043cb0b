/**
 * Every option benchgate takes, once: its name (the same as a flag, an Action input and a
 * `.benchgate.yml` key), type, default, help and trust class. config.ts validates and fills
 * defaults from it, the CLI builds its help from it, and scripts/generate-options.ts writes the
 * README's flag table and action.yml's descriptions from it (tests/options.test.ts fails
 * when they, or the GitLab component's inputs, drift).
 */

/**
 * May a value from the pull request's side (its own `.benchgate.yml`, an artifact of its job)
 * set this option? Recorded here; enforcing it is the config loader's job.
 * - `any`: cosmetic or harmless whatever the value.
 * - `stricter-only`: only in the direction that makes the gate stricter (`stricter`).
 * - `trusted-only`: never; it chooses what is compared, where files go, or can weaken the gate.
 */
export type TrustClass = 'any' | 'stricter-only' | 'trusted-only';

export type CommandName = 'run' | 'analyze' | 'merge' | 'report' | 'demo' | 'record' | 'history' | 'benchmark-command' | 'bisect';

export interface OptionSpec {
  name: string;
  /** The value's placeholder in help ("N", "CMD"). */
  arg: string;
  /**
   * `flag`: a bare flag on the command line (--no-aslr), true or false in a file or an input;
   * `list`: a YAML list, or text with one item per line or comma (commas inside {} stay);
   * `glob-thresholds`: a YAML mapping of glob to percent, or text lines of `glob=pct`.
   */
  type: 'text' | 'int' | 'number' | 'choice' | 'on-off' | 'flag' | 'list' | 'glob-thresholds';
  choices?: readonly string[];
  /** For numbers: the valid range, and how an error message names it. */
  valid?: (n: number) => boolean;
  /** For numbers: words accepted besides a number (`rounds: auto`). */
  keywords?: readonly string[];
  expected?: string;
  default?: string | number;
  /** The default in words, where it is not a constant ("from the CI event"). */
  defaultText?: string;
  /** One sentence, lower case, no final period: the CLI help, the README and action.yml use it. */
  help: string;
  trust: TrustClass;
  /**
   * Whether it changes *what is measured*: which commits, commands and output, the directory,
   * the machine's state while the commands run (steady-machine options, warmup), or which runs
   * count (timeout). Every such option is `trusted-only` (tests/options.test.ts): a pull
   * request that could set one could measure something other than what the base measures, and
   * hide its own regression (eatmydata hides an fsync regression, one pinned CPU a parallelism one).
   */
  measures: boolean;
  /** For `stricter-only`: which way makes the gate stricter. */
  stricter?: 'higher' | 'lower';
  /** The subcommands that take it as a flag; `file` when `.benchgate.yml` (and a CLI or input layer) may set it; `action` when it is an Action input. */
  commands: readonly CommandName[];
  file?: boolean;
  action?: boolean;
  /** Where a subcommand means something else by it. */
  perCommand?: Partial<Record<CommandName, { help?: string; defaultText?: string }>>;
}

const int = (min: number) => ({
  type: 'int' as const,
  valid: (n: number) => Number.isInteger(n) && n >= min,
  expected: `a whole number >= ${min}`,
});

/** The options of the comparison itself: flags of `run`, inputs of the Action, keys of `.benchgate.yml`. */
const CONFIG = [
  {
    name: 'base',
    arg: 'REF',
    type: 'text',
    defaultText:
      "from the CI event (a pull request's merge commit's first parent, a merge queue entry's first parent, push before, the merge base of workflow_dispatch's inputs; GitLab: the merge base)",
    help: 'base commit (branch, tag or SHA; fetched if a shallow clone lacks it), compared exactly when given',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'head',
    arg: 'REF',
    type: 'text',
    default: 'HEAD',
    defaultText:
      "from the CI event (a pull request's merge commit refs/pull/N/merge, a merge queue entry, push after, workflow_dispatch input head), else HEAD",
    help: 'head commit, compared exactly when given',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'build',
    arg: 'CMD',
    type: 'text',
    help: 'build command, run once in each worktree before any round',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'bench',
    arg: 'CMD',
    type: 'text',
    defaultText: 'none: required unless bench-command is given',
    help: 'benchmark command; runs in the worktree with BENCHGATE_SIDE, BENCHGATE_ROUND, BENCHGATE_WORKTREE, BENCHGATE_BASE_DIR and BENCHGATE_HEAD_DIR set',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'bench-from',
    arg: 'SIDE',
    type: 'choice',
    choices: ['base', 'head', 'head-overwrite'],
    default: 'base',
    help: "where base's benchmark files come from: base, its own; head, head's files matching bench-files that base lacks are copied into base before its build, so a benchmark added with the change is compared (its rows are marked); head-overwrite, every matching file of head replaces base's",
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'bench-files',
    arg: 'GLOBS',
    type: 'list',
    defaultText: 'none: required with bench-from head',
    help: "with bench-from head: head's benchmark files, globs on the path from the repository root (** spans directories), e.g. **/*_bench_test.go",
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'bench-command',
    arg: 'CMD',
    type: 'text',
    help: "command mode instead of bench: no parser; the whole process's wall time is the sample (CPU and peak RSS are recorded too), like hyperfine but interleaved",
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'format',
    arg: 'NAME',
    type: 'text',
    default: 'auto',
    help: 'output format of the benchmark command: a parser name (docs/formats.md), auto, or command (time the whole process)',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'suite',
    arg: 'NAME',
    type: 'text',
    default: 'benchmarks',
    help: 'name of this suite in the reports and comments',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'history'],
    perCommand: { history: { help: "history last: only this suite's records", defaultText: 'every suite' } },
  },
  {
    name: 'rounds',
    arg: 'N|auto',
    ...int(1),
    expected: 'a whole number >= 1, or auto',
    keywords: ['auto'],
    default: 10,
    help: 'measured rounds per side; each round runs base and head once, in seeded random order. auto: look every few rounds and stop each benchmark once it is decided (min-rounds, look-every, max-rounds, max-time; docs/adaptive.md)',
    // A pull request's file may raise a number; `auto` against a number (either way) has no order: refused.
    trust: 'stricter-only',
    measures: false,
    commands: ['run', 'demo', 'report', 'benchmark-command'],
    stricter: 'higher',
  },
  {
    name: 'min-rounds',
    arg: 'N',
    ...int(2),
    default: 10,
    help: 'rounds auto: the rounds every benchmark runs before the first look',
    trust: 'stricter-only',
    measures: false,
    commands: ['run', 'report', 'benchmark-command'],
    stricter: 'higher',
  },
  {
    name: 'look-every',
    arg: 'N',
    ...int(1),
    default: 5,
    help: 'rounds auto: rounds between looks after the first',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'report', 'benchmark-command'],
  },
  {
    name: 'max-rounds',
    arg: 'N',
    ...int(2),
    default: 30,
    help: 'rounds auto: the last look; a benchmark still undecided there is reported inconclusive with what it rules out',
    trust: 'stricter-only',
    measures: false,
    commands: ['run', 'report', 'benchmark-command'],
    stricter: 'higher',
  },
  {
    name: 'max-time',
    arg: 'DURATION',
    type: 'text',
    defaultText: 'none',
    help: 'rounds auto: time budget of the measured rounds (e.g. 20m, 90s, 1h); no round starts that would end past it, and a last look decides on the rounds run',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'report', 'benchmark-command'],
  },
  {
    name: 'warmup',
    arg: 'N',
    ...int(0),
    default: 1,
    help: 'discarded warmup rounds',
    // Warmer caches and JITs before the measured rounds: more warmup can hide a cold-start regression.
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'shard',
    arg: 'I/N',
    type: 'text',
    defaultText: 'none; on GitLab, CI_NODE_INDEX/CI_NODE_TOTAL of a parallel job',
    help: 'measure shard I of N: the benchmarks a stable hash of their names gives it (docs/shards.md); benchgate merge joins the shards',
    // Which benchmarks a job measures: a pull request could leave its regression out of every shard.
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'shard-plan',
    arg: 'FILE',
    type: 'text',
    defaultText: 'none: the hash split',
    help: 'balance the shards by the measured times in FILE (benchgate analyze --write-shard-plan writes it); a new plan moves benchmarks between shards (docs/shards.md)',
    // Which benchmarks a job measures, as shard does.
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'seed',
    arg: 'N',
    ...int(0),
    defaultText: 'random, printed',
    help: 'seed of the round order, to reproduce a run',
    // A seed known in advance fixes which side runs first in every round.
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'demo'],
  },
  {
    name: 'threshold',
    arg: 'PCT',
    type: 'number',
    valid: (n: number) => n >= 0,
    expected: 'a percentage >= 0 (e.g. 2 or 2% for 2%)',
    default: 2,
    help: 'practical threshold in percent: smaller changes are never a regression',
    trust: 'stricter-only',
    measures: false,
    commands: ['run', 'analyze', 'report', 'benchmark-command'],
    stricter: 'lower',
  },
  {
    name: 'alpha',
    arg: 'P',
    type: 'number',
    valid: (n: number) => n > 0 && n < 1,
    expected: 'a probability between 0 and 1 (e.g. 0.05)',
    default: 0.05,
    defaultText: '0.05; with rounds auto, 0.005 over every benchmark and every look',
    help: 'significance level after the multiple-comparison correction',
    trust: 'stricter-only',
    measures: false,
    commands: ['run', 'analyze', 'report', 'benchmark-command'],
    stricter: 'higher',
  },
  {
    name: 'correction',
    arg: 'NAME',
    type: 'choice',
    choices: ['holm', 'bh', 'none'],
    default: 'holm',
    help: 'multiple-comparison correction: holm, bh (Benjamini-Hochberg) or none',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze', 'report', 'benchmark-command'],
  },
  {
    name: 'sampling',
    arg: 'MODE',
    type: 'choice',
    choices: ['run', 'pooled'],
    default: 'run',
    help: 'what one sample is: run, each process run (its median); pooled, every iteration (labelled as such)',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze', 'report', 'benchmark-command'],
  },
  {
    name: 'timeout',
    arg: 'SECONDS',
    type: 'number',
    valid: (n: number) => n >= 0,
    expected: 'seconds >= 0 (0 = no limit)',
    default: 0,
    help: 'time limit per benchmark run in seconds, 0 for none; the whole process tree is killed',
    // Which runs count: 0 would lift the base's limit, another value cut runs the base keeps.
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'run-as',
    arg: 'USER',
    type: 'text',
    defaultText: "benchgate's own user",
    help: "when benchgate runs as root: run the build and benchmark commands as this unprivileged user, who then cannot read benchgate's environment or memory",
    trust: 'trusted-only',
    measures: false,
    commands: ['run'],
  },
  {
    name: 'out',
    arg: 'DIR',
    type: 'text',
    default: 'benchgate-out',
    help: 'where results.jsonl and the reports go',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze', 'merge', 'demo', 'history'],
    perCommand: {
      analyze: { help: 'where the reports go', defaultText: "the log's folder" },
      merge: { help: 'the merged results log to write', defaultText: 'none: required' },
      history: { help: 'write the trend site (docs/history.md) into this directory', defaultText: 'none: no site' },
      bisect: { help: "where each step's results log and reports go (DIR/bisect/step-N-…)" },
    },
  },
  {
    name: 'fail-on',
    arg: 'WHAT',
    type: 'list',
    default: 'regression',
    help: 'what fails the gate, a list: regression, a significant regression beyond the threshold; removed, a gating benchmark the head no longer prints; none, nothing (report only)',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze', 'report', 'benchmark-command'],
  },
  {
    name: 'gate-metrics',
    arg: 'LIST',
    type: 'list',
    defaultText: "none: each benchmark's primary metric gates",
    help: "metrics that gate besides each benchmark's primary one (e.g. allocs/op, or max-rss for the process cost); derived metrics (MB/s from SetBytes) never gate",
    // More gating metrics make the correction family larger, so every other test weaker.
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze'],
  },
  {
    name: 'gate-process',
    arg: 'WHEN',
    type: 'choice',
    choices: ['auto', 'on', 'off'],
    default: 'auto',
    help: "whether the (process) rows (the harness process's cpu-user, cpu-sys, max-rss) gate: auto, only in command mode (bench-command); on; off. They are reported either way",
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze'],
  },
  {
    name: 'ignore',
    arg: 'GLOBS',
    type: 'list',
    defaultText: 'none',
    help: 'benchmarks that never gate (still reported, marked ignored): globs on the name as the reports show it, * matches any characters',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze', 'report', 'benchmark-command'],
  },
  {
    name: 'skip-paths',
    arg: 'GLOBS',
    type: 'list',
    defaultText: 'none: every pull request is measured',
    help: "on a pull or merge request: when every file it changes (merge base to head) matches one of these path globs (docs/**, *.md), the gate passes at once, skipped, with its reports and check; pushes and recording runs never skip; the PR's own config cannot set it",
    trust: 'trusted-only',
    measures: false,
    commands: ['run'],
  },
  {
    name: 'thresholds',
    arg: 'GLOB=PCT',
    type: 'glob-thresholds',
    defaultText: 'none: threshold for every benchmark',
    help: 'thresholds for some benchmarks, glob=pct per line (a mapping in .benchgate.yml); the first glob that matches wins over threshold',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze'],
  },
  {
    name: 'working-directory',
    arg: 'DIR',
    type: 'text',
    default: '.',
    defaultText: 'the repository root (.)',
    help: 'directory inside the repository the build and benchmark commands run in',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'source',
    arg: 'FILE[:LINE]',
    type: 'text',
    help: "file (from the working directory) GitHub annotations point at when a benchmark's name names none",
    trust: 'any',
    measures: false,
    commands: ['run'],
  },
  {
    name: 'measure',
    arg: 'WHAT',
    type: 'choice',
    choices: ['time', 'instructions'],
    default: 'time',
    help: "time, or instructions: count instructions under valgrind's cachegrind; with a counted format (go, google-benchmark, pytest-benchmark, benchgate) one count per benchmark at fixed works; with a harness that prints its own counts (iai-callgrind, qtestlib, nanobench) those counts, never wrapped again; else (bench-command) one count of the whole command per run (docs/steady.md)",
    trust: 'trusted-only',
    measures: true,
    commands: ['run', 'demo'],
  },
  {
    name: 'count-packages',
    arg: 'LIST',
    type: 'list',
    defaultText: 'read from the bench command when it is a direct go test call',
    help: 'measure instructions per benchmark: the Go packages to build with go test -c and count (e.g. ./...), when the bench command is not a direct go test call (make bench, cd x && ...)',
    // It chooses what is measured.
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'count-binary',
    arg: 'PATH',
    type: 'text',
    defaultText: 'none',
    help: 'measure instructions per benchmark: a test or benchmark binary the build command makes in each worktree (path from the working directory, e.g. bench.test from go test -c -o bench.test ./pkg, or a Google Benchmark binary), counted instead of building packages',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'jobs',
    arg: 'N',
    ...int(1),
    defaultText: 'the number of CPU cores',
    help: 'measure instructions per benchmark: how many count runs at once (docs/steady.md: what load does to counts)',
    // Counts of benchmarks that wait in system calls move with load (docs/steady.md): the base decides how many run at once.
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'pin-cpu',
    arg: 'N|auto',
    type: 'text',
    defaultText: 'off',
    help: 'run the benchmark on one CPU (taskset): a CPU number, or auto for the last CPU benchgate may use',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'no-aslr',
    arg: 'true|false',
    type: 'flag',
    defaultText: 'off',
    help: 'run the benchmark without address-space randomisation (setarch -R)',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'no-fsync',
    arg: 'true|false',
    type: 'flag',
    defaultText: 'off',
    help: 'run the benchmark without fsync (eatmydata)',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
  {
    name: 'priority',
    arg: 'true|false',
    type: 'flag',
    defaultText: 'off',
    help: 'run the benchmark at niceness -5 where permitted',
    trust: 'trusted-only',
    measures: true,
    commands: ['run'],
  },
] as const satisfies readonly OptionSpec[];

/** The options of the doors: where the config comes from, what to publish, how. */
const DOORS: readonly OptionSpec[] = [
  {
    name: 'config',
    arg: 'FILE',
    type: 'text',
    defaultText: '.benchgate.yml when present',
    help: 'config file',
    trust: 'trusted-only',
    measures: false,
    commands: ['run', 'analyze', 'merge'],
    perCommand: {
      analyze: { help: "config file whose gate settings (threshold, alpha, fail-on, correction, what gates) apply; a log's never do" },
      merge: { help: "config file whose gate settings the merged log records; a source log's never do" },
    },
    action: true,
  },
  {
    name: 'repo',
    arg: 'DIR',
    type: 'text',
    defaultText: 'the current directory',
    help: 'the git repository',
    trust: 'trusted-only',
    measures: false,
    commands: ['run'],
  },
  {
    name: 'verbose',
    arg: 'true|false',
    type: 'flag',
    defaultText: 'off',
    help: 'print what a counted line stands for: the names of the variables withheld from the build and bench commands',
    trust: 'any',
    measures: false,
    commands: ['run'],
  },
  {
    name: 'from',
    arg: 'DIR',
    type: 'text',
    defaultText: 'none: required',
    help: 'the downloaded benchgate output directory to publish',
    trust: 'trusted-only',
    measures: false,
    commands: ['report', 'benchmark-command'],
  },
  {
    name: 'comment',
    arg: 'on|off',
    type: 'on-off',
    default: 'on',
    help: 'on or off: keep one sticky comment with the results on the pull request (needs pull-requests write)',
    trust: 'any',
    measures: false,
    commands: [],
    action: true,
  },
  {
    name: 'check',
    arg: 'on|off',
    type: 'on-off',
    default: 'on',
    help: 'on or off: create a check run named after the suite (needs checks write)',
    // The check run can be what branch protection requires.
    trust: 'trusted-only',
    measures: false,
    commands: [],
    action: true,
  },
  {
    name: 'override-label',
    arg: 'LABEL',
    type: 'text',
    defaultText: 'none: no label lets a failed gate pass',
    help: "pull request label that lets a failed gate pass for an urgent merge (read from the API at run time; the report stays, the summary names who applied it); the PR's own config cannot set it",
    trust: 'trusted-only',
    measures: false,
    commands: [],
    action: true,
  },
  {
    name: 'report-from',
    arg: 'DIR',
    type: 'text',
    help: 'publish the results saved in this directory (an artifact of an untrusted pull_request job) instead of running anything',
    trust: 'trusted-only',
    measures: false,
    commands: [],
    action: true,
  },
  {
    name: 'token',
    arg: 'TOKEN',
    type: 'text',
    default: '${{ github.token }}',
    help: 'token for the comment and the check run',
    trust: 'trusted-only',
    measures: false,
    commands: [],
    action: true,
  },
];

/** The options of main's history (docs/history.md): where records are kept and how they are read. */
const HISTORY: readonly OptionSpec[] = [
  {
    name: 'store',
    arg: 'SPEC',
    type: 'text',
    defaultText: 'none: required',
    help: 'where history records are kept: a directory, git:REMOTE[#BRANCH] (a branch of a repository, benchgate-data by default), or a postgresql:// URL (from a secret)',
    trust: 'trusted-only',
    measures: false,
    commands: ['record', 'history'],
  },
  {
    name: 'branch',
    arg: 'NAME',
    type: 'text',
    default: 'main',
    help: 'the branch whose history is recorded or read',
    trust: 'trusted-only',
    measures: false,
    commands: ['record', 'history'],
  },
  {
    name: 'write-shard-plan',
    arg: 'FILE',
    type: 'text',
    help: "write a shard plan (each benchmark's measured time) from the log to FILE, for shard-plan (docs/shards.md)",
    trust: 'trusted-only',
    measures: false,
    commands: ['analyze'],
  },
  {
    name: 'history-from',
    arg: 'FILE',
    type: 'text',
    help: "main's history findings (the JSON benchgate history --json printed, published by the recording workflow): the comment says when main has crept",
    trust: 'trusted-only',
    measures: false,
    commands: ['analyze', 'report'],
    action: true,
  },
  {
    name: 'merge-request',
    arg: 'IID',
    type: 'text',
    help: 'post the GitLab note to this merge request, from a pipeline started by hand on its protected target branch, once its current head (read through the API) is the head measured (docs/gitlab.md)',
    trust: 'trusted-only',
    measures: false,
    commands: ['report'],
  },
  {
    name: 'history-url',
    arg: 'URL',
    type: 'text',
    help: "main's trend site (benchgate history --out, published by the recording workflow): the comment links each flagged benchmark to its trend",
    trust: 'trusted-only',
    measures: false,
    commands: ['analyze', 'report'],
    action: true,
  },
  {
    name: 'window',
    arg: 'N',
    ...int(1),
    defaultText: 'every commit',
    help: "the trend site's overview ranks each series by its largest change point among its last N commits (history --out)",
    trust: 'any',
    measures: false,
    commands: ['history'],
  },
  {
    name: 'creep-links',
    arg: 'N',
    ...int(2),
    default: 40,
    help: 'how many of the latest links to chain when looking for slow creep',
    trust: 'any',
    measures: false,
    commands: ['history'],
  },
  {
    name: 'json',
    arg: 'true|false',
    type: 'flag',
    defaultText: 'off',
    help: 'print JSON instead of a table',
    trust: 'any',
    measures: false,
    commands: ['history'],
  },
];

/** The options of `benchgate bisect` (docs/bisect.md) besides the run flags it shares. */
const BISECT: readonly OptionSpec[] = [
  {
    name: 'good',
    arg: 'REF',
    type: 'text',
    defaultText: 'none: required',
    help: 'the commit before the change (an ancestor of --bad on its first-parent line)',
    trust: 'trusted-only',
    measures: true,
    commands: ['bisect'],
  },
  {
    name: 'bad',
    arg: 'REF',
    type: 'text',
    defaultText: 'none: required',
    help: 'the commit after the change',
    trust: 'trusted-only',
    measures: true,
    commands: ['bisect'],
  },
  {
    name: 'benchmark',
    arg: 'GLOB',
    type: 'text',
    defaultText: 'none: required',
    help: 'the benchmarks whose change is searched for (* matches any characters, / included)',
    trust: 'trusted-only',
    measures: false,
    commands: ['bisect'],
  },
];

/** Run flags bisect does not take: it chooses each step's base and head, and measures the whole suite. */
const NOT_BISECT = new Set(['base', 'head', 'shard']);

/** bisect compares with `run`'s engine, so it takes run's flags but the ones it sets itself. */
const withBisect = (o: OptionSpec): OptionSpec =>
  o.commands.includes('run') && !NOT_BISECT.has(o.name) ? { ...o, commands: [...o.commands, 'bisect'] } : o;

export const OPTIONS: readonly OptionSpec[] = [
  ...CONFIG.map((o): OptionSpec => withBisect({ ...o, file: true, action: true })),
  ...DOORS.map(withBisect),
  ...HISTORY,
  ...BISECT,
];

/** The keys of `.benchgate.yml` (and of a flag or input layer over it). */
export type ConfigKey = (typeof CONFIG)[number]['name'];
export const CONFIG_KEYS: readonly ConfigKey[] = CONFIG.map((o) => o.name);

export function optionSpec(name: string): OptionSpec {
  const spec = OPTIONS.find((o) => o.name === name);
  if (!spec) throw new Error(`no option "${name}" in src/options.ts`);
  return spec;
}

/** The options a subcommand takes as flags, in table order. */
export function commandOptions(command: CommandName): OptionSpec[] {
  return OPTIONS.filter((o) => o.commands.includes(command)).map((o) => ({ ...o, ...o.perCommand?.[command] }));
}

/** The default as people read it: the constant, or what `defaultText` says. */
export function defaultText(o: Pick<OptionSpec, 'default' | 'defaultText'>): string | undefined {
  return o.defaultText ?? (o.default === undefined ? undefined : String(o.default));
}

/** A config option's entry in the table, with its literal types (`type: 'choice'`, `choices: ['holm', 'bh', 'none']`). */
export type ConfigOption<K extends ConfigKey = ConfigKey> = Extract<(typeof CONFIG)[number], { name: K }>;

/** Whether `name` is a key of `.benchgate.yml`. */
export function isConfigKey(name: string): name is ConfigKey {
  return CONFIG_KEYS.some((key) => key === name);
}

/** The constant default of a config option, with its literal type ('holm', 10). */
export function configDefault<K extends ConfigKey>(name: K): ConfigOption<K> extends { default: infer D } ? D : undefined {
  return (CONFIG.find((o) => o.name === name) as { default?: unknown }).default as never;
}
