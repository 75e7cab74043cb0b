/** Process entry of the `benchgate` CLI. */
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2));
