/** What every subcommand receives from the command line, already split by cli.ts. */
import type { Platform } from '../platforms/types.js';
import type { Executor } from '../runner/executor.js';

/** Flag values by option name as written on the command line ("fail-on"), as given (strings). */
export type FlagValues = Record<string, string | undefined>;

/** Writes a command's own answer (stdout) and commander's help and errors; tests pass their own streams. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export interface CommandInput {
  values: FlagValues;
  positionals: string[];
  platform: Platform;
  /** Starts the user's builds and runs (the real one, or a test's fake). */
  executor: Executor;
  /** Where the command's answer goes (bisect's steps, history's report), not its log lines. */
  output: CliOutput;
  /** The environment the CI event and settings are read from (process.env, or a test's own). */
  env: NodeJS.ProcessEnv;
}

/** A subcommand: returns the exit code (exit.ts), at once or when its work is done; errors it throws are mapped there too. */
export type Command = (input: CommandInput) => number | Promise<number>;
