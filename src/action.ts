/**
 * The GitHub Action: inputs -> one Config -> the comparison (or saved results) -> GitHub.
 * `run()` is the whole step, with one handler for every error; action-entry.ts calls it, so
 * importing this module runs nothing and tests can drive it with a mocked toolkit.
 */
import * as core from '@actions/core';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PULL_REQUEST_FILE, publishSaved, type SavedPublishOptions } from './commands/report.js';
import type { Outcome } from './conclude.js';
import type { Config } from './config.js';
import { describeExitCode, errorExit, EXIT } from './exit.js';
import { eventPullRequest, readEvent } from './platforms/github-event.js';
import { githubPlatform } from './platforms/github.js';
import type { GitHubOptions } from './platforms/github-options.js';
import { readActionInputs } from './action-inputs.js';
import { runComparison } from './commands/run.js';
import { realExecutor } from './runner/executor.js';

async function compare(config: Config, options: GitHubOptions): Promise<Outcome> {
  const platform = githubPlatform(options);
  const outcome = await runComparison(config, platform, realExecutor);
  // Lets a trusted workflow_run job find the pull request of this run's uploaded output.
  const pullRequest = eventPullRequest(platform.events.event);
  if (pullRequest !== undefined) writeFileSync(path.join(config.outDir, PULL_REQUEST_FILE), `${pullRequest}\n`);
  return outcome;
}

/**
 * Publishes saved results. On a pull request's own run the directory then holds the result
 * decided here (shards: joined here) and the pull request number, so that a fork's publish job
 * can upload it for the trusted workflow_run relay (templates/github/benchgate-shards.yml).
 */
async function publish(dir: string, options: SavedPublishOptions): Promise<Outcome> {
  const outcome = await publishSaved(dir, options);
  const event = readEvent(options.env ?? process.env);
  const pullRequest = event.name === 'pull_request' ? eventPullRequest(event) : undefined;
  if (pullRequest !== undefined) writeFileSync(path.join(dir, PULL_REQUEST_FILE), `${pullRequest}\n`);
  return outcome;
}

/** Runs the step and returns its exit code (also set as process.exitCode). */
export async function run(): Promise<number> {
  let exitCode: number;
  try {
    const inputs = await readActionInputs();
    const outcome = inputs.config
      ? await compare(inputs.config, inputs.github)
      : await publish(inputs.reportFrom!, { ...inputs.github, trusted: inputs.trusted ?? [], historyFrom: inputs.historyFrom });
    exitCode = outcome.exitCode;
    if (exitCode !== EXIT.pass) core.setFailed(`benchgate: ${describeExitCode(exitCode)}`);
  } catch (err) {
    const exit = errorExit(err);
    core.setFailed(`benchgate: ${exit.message}`);
    if (exit.stack) core.debug(exit.stack);
    exitCode = exit.code;
  }
  // After setFailed, which sets 1 whatever the cause.
  process.exitCode = exitCode;
  // Set where every path ends, so a later step sees the code of a failed step too.
  core.setOutput('exit-code', exitCode);
  return exitCode;
}
