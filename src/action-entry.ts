/** Process entry of the GitHub Action (dist/index.js): the step is action.ts's run(). */
import * as core from '@actions/core';
import { run } from './action.js';
import { guardProcess } from './exit.js';
import { withheldVariables } from './runner/env.js';
import { forgetInitialValues } from './runner/own-environ.js';

// Before anything else runs: what the pull request's commands may not see, /proc/<pid>/environ does not show either.
forgetInitialValues(withheldVariables(process.env));

const guard = guardProcess((exit) => core.setFailed(`benchgate: ${exit.message}`));
process.exitCode = guard.finalCode(await run());
