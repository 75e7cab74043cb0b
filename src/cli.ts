/**
 * The `benchgate` command line: argv -> one subcommand (src/commands/), its flags and help built
 * from the option table (src/options.ts) with commander. Flags become one Config in the command;
 * the rest of the program never sees argv. Usage errors exit 2 (exit.ts).
 */
import { Command as Program, CommanderError, Option } from 'commander';
import { cmdAnalyze } from './commands/analyze.js';
import { cmdBenchmarkCommand } from './commands/benchmark-command.js';
import { cmdBisect } from './commands/bisect.js';
import { cmdDemo } from './commands/demo.js';
import { cmdHistory } from './commands/history.js';
import { cmdMerge } from './commands/merge.js';
import { cmdRecord } from './commands/record.js';
import { cmdReport } from './commands/report.js';
import { cmdRun } from './commands/run.js';
import type { CliOutput, Command, FlagValues } from './commands/types.js';
import { CONFIG_FILE } from './config.js';
import { EXIT, errorExit } from './exit.js';
import { formats } from './formats/index.js';
import { runExamplesText, runHelpGroup } from './help.js';
import { commandOptions, defaultText, type CommandName } from './options.js';
import { detectPlatform } from './platforms/index.js';
import type { Platform } from './platforms/types.js';
import { realExecutor, type Executor } from './runner/executor.js';
import { VERSION } from './version.js';

interface CommandSpec {
  summary: string;
  /** Positional arguments, in commander's notation. */
  args?: string;
  run: Command;
}

const COMMANDS: Record<CommandName, CommandSpec> = {
  run: { summary: `compare two commits in interleaved rounds (the same keys work in ${CONFIG_FILE})`, run: cmdRun },
  analyze: { summary: 're-analyse a saved results log, running nothing', args: '<results.jsonl>', run: cmdAnalyze },
  merge: { summary: 'combine results logs of the same comparison (e.g. a deep run)', args: '<logs...>', run: cmdMerge },
  report: {
    summary: 'publish saved results from another job (GitHub or GitLab): decide the gate again with this job’s trusted settings',
    run: cmdReport,
  },
  demo: { summary: 'run the built-in demo (no setup needed)', run: cmdDemo },
  record: { summary: "append a recording run's results to main's history (docs/history.md)", args: '<results.json>', run: cmdRecord },
  history: {
    summary: "print the change points and slow creep in main's history; `history last`: the last recorded commit",
    args: '[last]',
    run: cmdHistory,
  },
  'benchmark-command': {
    summary:
      '`/benchmark` in a pull request comment (templates/github/benchgate-command.yml): `accept` checks and fixes the request, `publish --from DIR` posts the deep run',
    args: '<accept|publish>',
    run: cmdBenchmarkCommand,
  },
  bisect: {
    summary: 'find the first-parent commit between --good and --bad that changed --benchmark, comparing as run does (docs/bisect.md)',
    run: cmdBisect,
  },
};

const FOOTER = `
Formats (--format): ${['auto', 'command', ...formats.map((f) => f.name)].join(', ')}.

Exit codes: 0 pass; 1 the gate failed (a significant regression beyond the threshold);
2 usage or bad input; 3 a build or benchmark run failed, or the run ended early; 4 internal error (a bug);
bisect: 0 the commit was found, 1 a step could not decide (the range is printed);
130/143 interrupted by SIGINT/SIGTERM.`;

const STDIO: CliOutput = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

/** What the CLI runs with; each part defaults to the real one (tests pass their own). */
export interface CliDoors {
  /** Where logs and results go (default: the CI platform detected from the environment). */
  platform?: Platform;
  /** Where commander's help and errors, and a command's own output, go (default: stdout and stderr). */
  output?: CliOutput;
  /** What starts the user's builds and runs (default: real processes). */
  executor?: Executor;
  /** The environment the CI event and settings are read from (default: process.env). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The program with one subcommand per entry of COMMANDS; an action stores its exit code in
 * `exit.code`. Values stay strings: config.ts validates them with the file's and the inputs'.
 */
function program(doors: Required<CliDoors>, exit: { code: number }): Program {
  const { platform, output, executor, env } = doors;
  const root = new Program('benchgate')
    .description(`benchgate ${VERSION}: did this change make the benchmarks slower?`)
    .version(VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.out(text),
      writeErr: (text) => output.err(text),
      outputError: (text, write) => write(`benchgate: ${text.replace(/^error: /, '')}`),
    })
    .showSuggestionAfterError()
    .showHelpAfterError('(add --help for the options)')
    .addHelpText('after', FOOTER);
  for (const [name, spec] of Object.entries(COMMANDS) as [CommandName, CommandSpec][]) {
    const command = root.command(name).description(spec.summary).exitOverride();
    if (spec.args) command.argument(spec.args);
    for (const o of commandOptions(name)) {
      const shown = defaultText(o);
      // A flag stands alone or takes true|false (`--no-aslr false` turns off a file's `no-aslr: true`).
      const flags = o.type === 'flag' ? `--${o.name} [${o.arg}]` : `--${o.name} <${o.arg}>`;
      const option = new Option(flags, `${o.help}${shown === undefined ? '' : ` (default: ${shown})`}`);
      // run has ~38 flags: its help shows them in groups (src/help.ts).
      const group = name === 'run' ? runHelpGroup(o.name) : undefined;
      command.addOption(group === undefined ? option : option.helpGroup(group));
    }
    command.addHelpText('after', name === 'run' ? `${runExamplesText()}${FOOTER}` : FOOTER).action(async (...args: unknown[]) => {
      const self = args.at(-1) as Program;
      const opts = self.opts<Record<string, string | boolean | undefined>>();
      const values: FlagValues = Object.fromEntries(self.options.map((o) => [o.long!.slice(2), flagValue(o, opts[o.attributeName()])]));
      exit.code = await spec.run({ values, positionals: self.args, platform, executor, output, env });
    });
  }
  return root;
}

/**
 * A bare flag given on the command line is 'true', one given a value keeps it (config.ts checks
 * it is true or false), one not given is unset (so a file's value stands). commander reads
 * `--no-aslr` as the negation of `aslr`: false when given bare, true (its default) when absent.
 */
function flagValue(o: Option, value: string | boolean | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (o.negate) return value === false ? 'true' : undefined;
  return value ? 'true' : undefined;
}

/** Runs the CLI and returns the exit code; every error becomes one clear message on stderr. */
export async function main(argv: string[], doors: CliDoors = {}): Promise<number> {
  const { env = process.env, platform = detectPlatform(env), output = STDIO, executor = realExecutor } = doors;
  const exit = { code: EXIT.pass as number };
  const cli = program({ platform, output, executor, env }, exit);
  if (argv.length === 0) {
    cli.outputHelp({ error: true });
    return EXIT.usage;
  }
  try {
    await cli.parseAsync(argv, { from: 'user' });
    return exit.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version end with code 0; everything else commander rejects is a usage error.
      return err.exitCode === 0 ? EXIT.pass : EXIT.usage;
    }
    const failure = errorExit(err);
    output.err(`benchgate: ${failure.message}\n${failure.stack ? `${failure.stack}\n` : ''}`);
    return failure.code;
  }
}
