/** GitHub Action entry: inputs -> one Config -> the comparison (or saved results) -> GitHub. */
import * as core from '@actions/core';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PULL_REQUEST_FILE, publishSaved } from './commands/report.js';
import { eventPullRequest } from './platforms/github-event.js';
import { GitHubPlatform } from './platforms/github.js';
import { readActionInputs } from './platforms/github-inputs.js';
import { Cancelled, EXIT, RunFailure, runComparison } from './run.js';

const FAILURE = { [EXIT.gateFailed]: 'benchgate: the gate failed (a significant regression beyond the threshold)', [EXIT.runFailed]: 'benchgate: a build or benchmark run failed' };

try {
  const inputs = readActionInputs();
  let exitCode: number;
  if (inputs.config) {
    const platform = new GitHubPlatform(inputs.github);
    exitCode = (await runComparison(inputs.config, platform)).exitCode;
    // Lets a trusted workflow_run job find the pull request of this run's uploaded output.
    const pullRequest = eventPullRequest(platform.event);
    if (pullRequest !== undefined) writeFileSync(path.join(inputs.config.outDir, PULL_REQUEST_FILE), `${pullRequest}\n`);
  } else {
    exitCode = await publishSaved(inputs.reportFrom!, inputs.github);
  }
  if (exitCode !== EXIT.pass) core.setFailed(FAILURE[exitCode as keyof typeof FAILURE] ?? `benchgate exited with ${exitCode}`);
  process.exitCode = exitCode;
} catch (err) {
  core.setFailed(`benchgate: ${(err as Error).message}`);
  core.debug((err as Error).stack ?? String(err));
  process.exitCode = err instanceof RunFailure ? EXIT.runFailed : err instanceof Cancelled ? 128 + (err.signal === 'SIGINT' ? 2 : 15) : EXIT.usage;
}
