/** Process entry of the `benchgate` CLI. */
import { main } from './cli.js';
import { guardProcess } from './exit.js';

const guard = guardProcess((exit) => process.stderr.write(`benchgate: ${exit.message}\n${exit.stack ? `${exit.stack}\n` : ''}`));
process.exitCode = guard.finalCode(await main(process.argv.slice(2)));
