/**
 * "Did you mean": the closest of a list of names to a misspelt one, by the same rule the CLI
 * uses for its flags (commander's, asked through a throw-away program), so a typo in
 * `.benchgate.yml` gets the suggestion the same typo as a flag would.
 */
import { Command, CommanderError } from 'commander';

export function closestName(typo: string, names: readonly string[]): string | undefined {
  // commander splits a flag at "=" and reads other shapes as arguments: only a plain word can be asked.
  if (!/^[\w-]+$/.test(typo)) return undefined;
  const probe = new Command()
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} })
    .showSuggestionAfterError(true);
  for (const name of names) probe.option(`--${name}`);
  try {
    probe.parse([`--${typo}`], { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return /\(Did you mean --([\w-]+)\?\)/.exec(err.message)?.[1];
    throw err;
  }
  return undefined;
}
