/** Process entry of the GitHub Action (dist/index.js): the step is action.ts's run(). */
import * as core from '@actions/core';
import { run } from './action.js';
import { guardProcess } from './exit.js';

const guard = guardProcess((exit) => core.setFailed(`benchgate: ${exit.message}`));
process.exitCode = guard.finalCode(await run());
