/** GitHub Action entry: inputs -> one Config -> the comparison (or saved results) -> GitHub. */
import * as core from '@actions/core';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PULL_REQUEST_FILE, publishSaved } from './commands/report.js';
import type { Config } from './config.js';
import { eventPullRequest } from './platforms/github-event.js';
import { GitHubPlatform, type GitHubOptions } from './platforms/github.js';
import { readActionInputs } from './platforms/github-inputs.js';
import { Cancelled, EXIT, RunFailure, runComparison } from './run.js';

const FAILED: Record<number, string> = {
  [EXIT.gateFailed]: 'benchgate: the gate failed (a significant regression beyond the threshold)',
  [EXIT.runFailed]: 'benchgate: a build or benchmark run failed',
};

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
  if (exitCode !== EXIT.pass) core.setFailed(FAILED[exitCode] ?? `benchgate exited with ${exitCode}`);
  process.exitCode = exitCode;
} catch (err) {
  core.setFailed(`benchgate: ${(err as Error).message}`);
  core.debug((err as Error).stack ?? String(err));
  process.exitCode = err instanceof RunFailure ? EXIT.runFailed : err instanceof Cancelled ? 128 + (err.signal === 'SIGINT' ? 2 : 15) : EXIT.usage;
}
// Set here, where every path ends, so a later step sees the code of a failed step too.
core.setOutput('exit-code', process.exitCode);
