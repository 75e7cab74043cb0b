/** GitHub Action entry: inputs -> run -> platforms/github. (Filled in by the GitHub Action work.) */
import { main } from './cli.js';

process.exitCode = await main(['run']);
