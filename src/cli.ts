/**
 * The `benchgate` command: run | analyze | demo. Flags become one Config here; the rest of
 * the program never sees argv.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { cmdAnalyze } from './commands/analyze.js';
import { cmdDemo } from './commands/demo.js';
import { cmdMerge } from './commands/merge.js';
import { cmdReport } from './commands/report.js';
import { cmdRun } from './commands/run.js';
import type { Command, FlagValues } from './commands/types.js';
import { CONFIG_FILE, CONFIG_KEYS, ConfigError } from './config.js';
import { EXIT, errorExit } from './exit.js';
import { commandOptions, defaultText } from './options.js';
import { detectPlatform } from './platforms/index.js';
import type { Platform } from './platforms/types.js';
import { VERSION } from './version.js';

/** One line per option of `run`, from the option table. */
function optionLines(): string {
  return commandOptions('run')
    .map((o) => {
      const shown = defaultText(o);
      return `  --${o.name} ${o.arg}`.padEnd(28) + ` ${o.help}${shown === undefined ? '' : ` (default: ${shown})`}`;
    })
    .join('\n');
}

const USAGE = `benchgate ${VERSION}: did this change make the benchmarks slower?

Usage:
  benchgate run --base REF --bench CMD [options]   compare two commits in interleaved rounds
  benchgate analyze results.jsonl [options]        re-analyse a saved results log
  benchgate merge a.jsonl b.jsonl... --out FILE    combine logs of the same comparison (e.g. a deep run)
  benchgate report --from DIR                      publish saved results to GitHub (fork-safe reporter job)
  benchgate demo                                   run the built-in demo (no setup needed)

Options for run (the same keys work in ${CONFIG_FILE}):
${optionLines()}

Exit codes: 0 pass, 1 gate failed (significant regression beyond the threshold),
2 usage or config error, 3 a build or benchmark run failed, 4 internal error (a bug),
130/143 interrupted.
`;

function optionSpec(): ParseArgsConfig['options'] {
  const options: NonNullable<ParseArgsConfig['options']> = {
    config: { type: 'string' },
    repo: { type: 'string' },
    from: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
  };
  for (const key of CONFIG_KEYS) options[key] = { type: 'string' };
  return options;
}

function parse(argv: string[]): { values: FlagValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: optionSpec(), allowPositionals: true, strict: true });
    return { values: Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string')), positionals };
  } catch (err) {
    throw new ConfigError(`${(err as Error).message}\nRun "benchgate --help" for the options.`);
  }
}

const COMMANDS: Record<string, Command> = {
  run: cmdRun,
  analyze: cmdAnalyze,
  merge: cmdMerge,
  report: cmdReport,
  demo: cmdDemo,
};

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
    return await handler({ ...parse(rest), platform });
  } catch (err) {
    const exit = errorExit(err);
    process.stderr.write(`benchgate: ${exit.message}\n${exit.stack ? `${exit.stack}\n` : ''}`);
    return exit.code;
  }
}
