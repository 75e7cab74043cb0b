/** Process entry of the `benchgate` CLI. */
import { main } from './cli.js';
import { guardProcess } from './exit.js';
import { withheldVariables } from './runner/env.js';
import { forgetInitialValues } from './runner/own-environ.js';

// Before anything else runs: what the pull request's commands may not see, /proc/<pid>/environ does not show either.
forgetInitialValues(withheldVariables(process.env));

const guard = guardProcess((exit) => process.stderr.write(`benchgate: ${exit.message}\n${exit.stack ? `${exit.stack}\n` : ''}`));
process.exitCode = guard.finalCode(await main(process.argv.slice(2)));
