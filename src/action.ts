/** GitHub Action entry: inputs -> one Config -> the comparison (or saved results) -> GitHub. */
import * as core from '@actions/core';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PULL_REQUEST_FILE, publishSaved } from './commands/report.js';
import type { Config } from './config.js';
import { eventPullRequest } from './platforms/github-event.js';
import { GitHubPlatform, type GitHubOptions } from './platforms/github.js';
import { readActionInputs } from './platforms/github-inputs.js';
import { describeExitCode, errorExit, EXIT } from './exit.js';
import { runComparison } from './run.js';

async function compare(config: Config, options: GitHubOptions): Promise<number> {
  const platform = new GitHubPlatform(options);
  const { exitCode } = await runComparison(config, platform);
  // Lets a trusted workflow_run job find the pull request of this run's uploaded output.
  const pullRequest = eventPullRequest(platform.event);
  if (pullRequest !== undefined) writeFileSync(path.join(config.outDir, PULL_REQUEST_FILE), `${pullRequest}\n`);
  return exitCode;
}

try {
  const inputs = readActionInputs();
  const exitCode = inputs.config ? await compare(inputs.config, inputs.github) : await publishSaved(inputs.reportFrom!, inputs.github);
  if (exitCode !== EXIT.pass) core.setFailed(`benchgate: ${describeExitCode(exitCode)}`);
  process.exitCode = exitCode;
} catch (err) {
  const exit = errorExit(err);
  core.setFailed(`benchgate: ${exit.message}`);
  if (exit.stack) core.debug(exit.stack);
  process.exitCode = exit.code;
}
