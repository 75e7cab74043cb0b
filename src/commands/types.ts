/** What every subcommand receives from the command line, already split by cli.ts. */
import type { Platform } from '../platforms/types.js';
import type { Executor } from '../runner/executor.js';

/** Flag values by option name as written on the command line ("fail-on"), as given (strings). */
export type FlagValues = Record<string, string | undefined>;

/** Writes what the command line prints: stdout and stderr, or a test's own streams. */
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
  /** Where a command prints what is its own output rather than a log (bisect's transcript). */
  output: CliOutput;
}

/** A subcommand: returns the exit code (exit.ts), at once or when its work is done; errors it throws are mapped there too. */
export type Command = (input: CommandInput) => number | Promise<number>;
