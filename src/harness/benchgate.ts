/**
 * benchgate's own JSON format (docs/formats.md, "The benchgate format"): a custom harness reads
 * the exact names to run from a JSON array in BENCHGATE_FILTER (empty: all) and, when
 * BENCHGATE_ITERATIONS is set, runs each of them exactly that many times. Counted per benchmark
 * through those two variables: the harness's command line is the user's own and stays untouched.
 */
import { filter, sameName, unique } from './filter-syntax.js';
import type { CountTarget, HarnessDescription, ShellWord } from './types.js';

/** `NAME=value` before a program: a shell assignment, which an argument array cannot express. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * A direct call of the harness: every word plain (no operator, variable or glob), the program
 * found on PATH or, with a `/`, in the worktree. `{filter}` is refused: the harness reads
 * BENCHGATE_FILTER itself, and a counted run passes no shell to expand it.
 */
function recogniseCommand(words: readonly ShellWord[]): CountTarget | null {
  if (words.length === 0 || !words.every((w): w is string => typeof w === 'string')) return null;
  const command = words as string[];
  if (ASSIGNMENT.test(command[0]!) || command.some((w) => w.includes('{filter}'))) return null;
  return { packages: [], pattern: '.', buildFlags: [], command };
}

const selecting = (names: readonly string[]) => JSON.stringify(unique(names));

export const benchgateJson: HarnessDescription = {
  format: 'benchgate',
  normaliseName: sameName,
  select: {
    wholeSuite: { value: '' },
    build: (open) => filter(selecting(open)),
  },
  counts: {
    fixWork: (n) => ({ env: { BENCHGATE_ITERATIONS: String(n) } }),
    // What makes counts repeat is the language's (node --predictable, PYTHONHASHSEED): the user's command says it.
    env: {},
    recognise: recogniseCommand,
    instead:
      'write the bench command as a direct call of your harness ("node --predictable bench.mjs", "./bench"), or use bench-command to count the whole command once per run',
    commandShape: 'a direct call of the harness in plain words ("node --predictable bench.mjs"; no {filter}, pipe, && or variable)',
    selectOne: (name) => ({ env: { BENCHGATE_FILTER: selecting([name]) } }),
    discover: () => ({ env: { BENCHGATE_FILTER: '', BENCHGATE_ITERATIONS: '1' } }),
    // The harness is anyone's. node's start-up and set-up repeat to 5 k of 0.75 G instructions
    // under --predictable (docs/steady.md): a small work of one fixed cost (Go's floor is ten)
    // differences cleanly; a start-up that repeats worse shows in the spread and asks for more.
    fixedCostFactor: 1,
  },
};
