/**
 * What `benchgate run --help` adds to the option table (src/options.ts): its flags in groups, in
 * the order a user decides them, and a few complete examples.
 */

/** The groups of `run`'s flags, in the order the help shows them; every flag of `run` is in one. */
export const RUN_HELP_GROUPS: readonly (readonly [heading: string, flags: readonly string[]])[] = [
  ['What to compare:', ['base', 'head', 'repo', 'config']],
  ['How to build and run it:', ['build', 'bench', 'bench-command', 'format', 'suite', 'working-directory', 'measure', 'timeout', 'run-as']],
  ["Benchmarks added with the change, head's in base too (docs/bench-from.md):", ['bench-from', 'bench-files']],
  ['Instruction counts per benchmark (docs/counts.md):', ['count-packages', 'count-binary', 'jobs']],
  ['How many rounds:', ['rounds', 'min-rounds', 'look-every', 'max-rounds', 'max-time', 'warmup', 'seed']],
  ['Several runners (docs/shards.md):', ['shard', 'shard-plan']],
  ['Statistics:', ['alpha', 'correction', 'sampling']],
  ['The gate:', ['threshold', 'thresholds', 'fail-on', 'gate-metrics', 'gate-process', 'ignore', 'skip-paths']],
  ['Output:', ['out', 'source', 'verbose']],
  ['A steadier machine (docs/steady.md):', ['pin-cpu', 'no-aslr', 'no-fsync', 'priority']],
];

export function runHelpGroup(flag: string): string | undefined {
  return RUN_HELP_GROUPS.find(([, flags]) => flags.includes(flag))?.[0];
}

/** Complete `run` command lines (argv after `benchgate`), each with what it does. */
export const RUN_EXAMPLES: readonly (readonly [what: string, argv: readonly string[]])[] = [
  [
    'a Go module against main, 10 rounds (the format is detected)',
    ['run', '--base', 'origin/main', '--bench', 'go test -run ^$ -bench . ./...'],
  ],
  [
    'build each side first; stop as soon as every benchmark is decided',
    ['run', '--base', 'main', '--build', 'npm ci', '--bench', 'node bench.mjs', '--rounds', 'auto'],
  ],
  [
    'time a whole command; fail only beyond 5%',
    ['run', '--base', 'HEAD~1', '--bench-command', './build/app --selftest', '--threshold', '5%'],
  ],
  [
    'count instructions per benchmark instead of timing (decisive on a noisy runner; needs valgrind)',
    ['run', '--base', 'origin/main', '--bench', 'go test -run ^$ -bench . ./...', '--measure', 'instructions'],
  ],
  [
    'gate on allocations too, but not on the legacy benchmarks',
    [
      'run',
      '--base',
      'main',
      '--bench',
      'go test -run ^$ -bench . -benchmem',
      '--gate-metrics',
      'allocs/op',
      '--ignore',
      'BenchmarkLegacy*',
    ],
  ],
];

/** An argument as a POSIX shell reads it back: single quotes when it holds anything but plain characters. */
function shellWord(arg: string): string {
  return /^[\w@%+=:,./-][\w@%+=:,./~-]*$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

export function runExamplesText(): string {
  const lines = RUN_EXAMPLES.flatMap(([what, argv]) => [`  # ${what}`, `  benchgate ${argv.map(shellWord).join(' ')}`]);
  return `\nExamples:\n${lines.join('\n')}\n`;
}
