/** Process entry of the `benchgate` CLI. */
import { main } from './cli.js';
import { guardProcess } from './exit.js';
import { withheldVariables } from './runner/env.js';
import { forgetInitialValues } from './runner/own-environ.js';

// Before anything else runs: what the pull request's commands may not see, /proc/<pid>/environ does not show either.
forgetInitialValues(withheldVariables(process.env));

// A reader that stops early (`benchgate run --help | head`) closes the pipe: what is left to print
// has no reader, which is no error of benchgate's, and the exit code stays the command's own.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const guard = guardProcess((exit) => process.stderr.write(`benchgate: ${exit.message}\n${exit.stack ? `${exit.stack}\n` : ''}`));
process.exitCode = guard.finalCode(await main(process.argv.slice(2)));
