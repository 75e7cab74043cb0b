/**
 * The `benchgate` command: run | analyze | demo. Flags become one Config here; the rest of
 * the program never sees argv.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { analyze } from './compare.js';
import { cmdReport } from './commands/report.js';
import {
  CONFIG_FILE,
  CONFIG_KEYS,
  ConfigError,
  isBooleanKey,
  readConfigFile,
  resolveAnalysisOverrides,
  resolveConfig,
  sourced,
  type FailOn,
} from './config.js';
import { runDemo } from './demo.js';
import { GitError } from './git.js';
import { detectPlatform } from './platforms/index.js';
import type { Platform } from './platforms/types.js';
import { writeReports } from './report/index.js';
import { Cancelled, EXIT, exitCodeOf, RunFailure, runComparison } from './run.js';
import { LogError, readLog } from './runner/log.js';
import { mergeLogs } from './runner/merge.js';
import { VERSION } from './version.js';

const USAGE = `benchgate ${VERSION}: did this change make the benchmarks slower?

Usage:
  benchgate run --base REF --bench CMD [options]   compare two commits in interleaved rounds
  benchgate analyze results.jsonl [options]        re-analyse a saved results log
  benchgate merge a.jsonl b.jsonl... --out FILE    combine logs of the same comparison (e.g. a deep run)
  benchgate report --from DIR                      publish saved results to GitHub (fork-safe reporter job)
  benchgate demo                                   run the built-in demo (no setup needed)

Options for run (the same keys work in ${CONFIG_FILE}):
  --base REF           base commit (default: from the CI event)
  --head REF           head commit (default: from the CI event, else HEAD)
  --build CMD          build command, run once in each worktree
  --bench CMD          benchmark command (required)
  --bench-command CMD  command mode: no parser, time the whole process per run
  --format NAME        output format of the benchmark command, "auto" or "command" (default auto)
  --suite NAME         name of this suite in reports (default "benchmarks")
  --rounds N           measured rounds per side (default 10)
  --warmup N           discarded warmup rounds (default 1)
  --seed N             seed of the round order (default: random, printed)
  --threshold PCT      practical threshold in percent (default 2)
  --alpha P            significance level after correction (default 0.05)
  --correction NAME    holm | bh | none (default holm)
  --sampling MODE      run (one sample per run, default) | pooled (every iteration)
  --timeout SECONDS    time limit per benchmark run (default none)
  --out DIR            where results.jsonl and the reports go (default benchgate-out)
  --fail-on WHAT       regression | none (default regression)
  --working-directory DIR  directory inside the repository to run commands in
  --source FILE[:LINE] file GitHub annotations point at when a benchmark's name names none
  --measure WHAT       time (default) | instructions (count each run's instructions under valgrind)
  --pin-cpu N|auto     run benchmarks on one CPU (taskset)
  --no-aslr            run benchmarks without address-space randomisation (setarch -R)
  --no-fsync           run benchmarks without fsync (eatmydata)
  --priority           run benchmarks at niceness -5 where permitted
  --config FILE        config file (default ${CONFIG_FILE} if present)
  --repo DIR           the git repository (default: current directory)

Exit codes: 0 pass, 1 gate failed (significant regression beyond the threshold),
2 usage or config error, 3 a build or benchmark run failed, 130/143 interrupted.
`;

function optionSpec(): ParseArgsConfig['options'] {
  const options: NonNullable<ParseArgsConfig['options']> = {
    config: { type: 'string' },
    repo: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
  };
  for (const key of CONFIG_KEYS) options[key] = { type: isBooleanKey(key) ? 'boolean' : 'string' };
  return options;
}

type FlagValues = Record<string, string | boolean | undefined>;

function parse(argv: string[]): { values: FlagValues; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options: optionSpec(), allowPositionals: true, strict: true });
  } catch (err) {
    throw new ConfigError(`${(err as Error).message}\nRun "benchgate --help" for the options.`);
  }
}

/** Flags that were given, as a config layer tagged with the flag name for error messages. */
function flagLayer(values: FlagValues) {
  const config: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) if (values[key] !== undefined) config[key] = values[key];
  return sourced(config, (key) => `--${key}`);
}

async function cmdRun(argv: string[], platform: Platform): Promise<number> {
  const { values } = parse(argv);
  const repoDir = path.resolve(typeof values.repo === 'string' ? values.repo : '.');
  const configFile = typeof values.config === 'string' ? values.config : path.join(repoDir, CONFIG_FILE);
  const fileLayer = readConfigFile(configFile, typeof values.config === 'string');
  const config = resolveConfig([fileLayer, flagLayer(values)], repoDir);
  const outcome = await runComparison(config, platform);
  platform.info(`reports: ${Object.values(outcome.reports).join(', ')}`);
  return outcome.exitCode;
}

async function cmdAnalyze(argv: string[], platform: Platform): Promise<number> {
  const { values, positionals } = parse(argv);
  if (positionals.length !== 1) throw new ConfigError('usage: benchgate analyze results.jsonl [--alpha P] [--threshold PCT] [--out DIR]');
  const file = positionals[0]!;
  const log = readLog(file);
  for (const line of log.skipped) platform.warn(`${file}:${line}: unreadable line skipped (a run cut off by a kill?)`);
  if (!log.end) platform.warn(`${file}: the run did not finish (no end line); analysing the ${log.runs.length} runs it recorded`);
  const saved = log.header.config;
  const overrides = resolveAnalysisOverrides(flagLayer(values));
  const settings = {
    alpha: saved.alpha,
    thresholdPct: saved.thresholdPct,
    correction: saved.correction,
    sampling: saved.sampling,
    ...overrides,
  };
  const failOn = (values['fail-on'] ?? saved.failOn ?? 'regression') as FailOn;
  if (failOn !== 'regression' && failOn !== 'none') throw new ConfigError(`--fail-on: expected regression or none, got "${failOn}"`);
  const planned = typeof saved.rounds === 'number' ? saved.rounds : null;
  const result = analyze(log.header, log.runs, settings, failOn, planned, log.end);
  const outDir = typeof values.out === 'string' ? values.out : path.dirname(file);
  const reports = writeReports(result, outDir);
  await platform.publish(result, reports);
  return exitCodeOf(result);
}

async function cmdMerge(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (positionals.length === 0 || typeof values.out !== 'string') {
    throw new ConfigError('usage: benchgate merge a.jsonl b.jsonl ... --out merged.jsonl');
  }
  const merged = mergeLogs(positionals.map((file) => ({ file, log: readLog(file) })));
  writeFileSync(values.out, merged);
  return EXIT.pass;
}

const COMMANDS: Record<string, (argv: string[], platform: Platform) => Promise<number>> = {
  run: cmdRun,
  analyze: cmdAnalyze,
  merge: cmdMerge,
  report: cmdReport,
  demo: (argv, platform) => runDemo(argv, platform),
};

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };

/** Runs the CLI and returns the exit code; errors become one clear message on stderr. */
export async function main(argv: string[], platform: Platform = detectPlatform()): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? EXIT.usage : EXIT.pass;
  }
  if (command === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.pass;
  }
  const handler = COMMANDS[command];
  if (!handler) {
    process.stderr.write(`benchgate: unknown command "${command}"\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await handler(rest, platform);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof GitError || err instanceof LogError) {
      process.stderr.write(`benchgate: ${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof RunFailure) {
      process.stderr.write(`benchgate: ${err.message}\n`);
      return EXIT.runFailed;
    }
    if (err instanceof Cancelled) {
      process.stderr.write(`benchgate: ${err.message}; the results log keeps every finished run\n`);
      return 128 + (SIGNAL_NUMBERS[err.signal] ?? 15);
    }
    throw err;
  }
}
