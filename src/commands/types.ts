/** What every subcommand receives from the command line, already split by cli.ts. */
import type { Platform } from '../platforms/types.js';
import type { Executor } from '../runner/executor.js';

/** Flag values by option name as written on the command line ("fail-on"), as given (strings). */
export type FlagValues = Record<string, string | undefined>;

export interface CommandInput {
  values: FlagValues;
  positionals: string[];
  platform: Platform;
  /** Starts the user's builds and runs (the real one, or a test's fake). */
  executor: Executor;
}

/** A subcommand: returns the exit code (exit.ts), at once or when its work is done; errors it throws are mapped there too. */
export type Command = (input: CommandInput) => number | Promise<number>;
