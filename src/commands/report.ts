/**
 * `benchgate report --from DIR`: publishes saved results through the GitHub platform. This is
 * the trusted half of the fork-safe split: the pull request's job runs the benchmarks with a
 * read-only token and uploads its output directory; a `workflow_run` job with a write token
 * downloads it and runs this. Everything in DIR came from untrusted code, so it is checked
 * before use and the commit comes from the trusted event, never from the artifact.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { regate } from '../analysis/index.js';
import { publishResult, type Outcome } from '../conclude.js';
import { ConfigError } from '../config.js';
import type { ComparisonResult } from '../model.js';
import { GitHubPlatform, type GitHubOptions } from '../platforms/github.js';
import { eventPullRequest, eventPullRequestHead, readEvent, type GitHubEvent } from '../platforms/github-event.js';
import { writeComment } from '../report/index.js';
import type { Command } from './types.js';
import { MAX_RESULTS_BYTES, validateResults } from '../validate.js';

/** Written next to results.json by the action on pull_request events. */
export const PULL_REQUEST_FILE = 'pull-request-number';
export const RESULTS_FILE = 'results.json';

/** Reads results.json, refusing one too large or not of benchgate's schema (src/validate.ts). */
export function readResults(file: string): ComparisonResult {
  if (!existsSync(file)) throw new ConfigError(`${file}: not found (is this the benchgate output directory?)`);
  let text: string;
  try {
    const { size } = statSync(file);
    if (size > MAX_RESULTS_BYTES)
      throw new ConfigError(`${file}: ${size} bytes, more than the ${MAX_RESULTS_BYTES / 1024 / 1024} MiB a results.json may have`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw err instanceof ConfigError ? err : new ConfigError(`${file}: cannot read: ${(err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${file}: not JSON: ${(err as Error).message}`);
  }
  return validateResults(data, file);
}

/** The pull request number file, when present: a positive whole number and nothing else. */
export function readPullRequestNumber(dir: string): number | undefined {
  const file = path.join(dir, PULL_REQUEST_FILE);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[1-9]\d{0,9}$/.test(text))
    throw new ConfigError(`${file}: expected a pull request number, got ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** Publishes DIR's results; the exit code is the run's, as if it had happened here. */
export async function publishSaved(dir: string, options: GitHubOptions): Promise<Outcome> {
  const result = readResults(path.join(dir, RESULTS_FILE));
  const env = options.env ?? process.env;
  const event = readEvent(env);
  const runSha = event.name === 'workflow_run' ? (event.payload.workflow_run as { head_sha?: unknown } | undefined)?.head_sha : undefined;
  if (typeof runSha !== 'string') return publishOwn(dir, result, options, event);
  // A pull request's run compares its merge commit; its own head is what workflow_run names.
  const measured = result.head.chosen?.pullRequestHead ?? result.head.sha;
  if (measured !== runSha) {
    throw new ConfigError(`${dir}: the results are for ${measured}, but the workflow run measured ${runSha}`);
  }
  const pullRequest = options.pullRequest ?? readPullRequestNumber(dir);
  const platform = new GitHubPlatform({ ...options, pullRequest, checkSha: runSha, requirePullRequestHead: runSha });
  return publishGated(dir, result, platform);
}

/**
 * Outside workflow_run only an artifact of this same workflow run is published (as trusted as
 * the run itself): its head must be the commit this run is for, and the pull request is the
 * event's, never one the artifact names.
 */
async function publishOwn(dir: string, result: ComparisonResult, options: GitHubOptions, event: GitHubEvent): Promise<Outcome> {
  const ours = [event.sha, eventPullRequestHead(event)].filter((sha) => sha !== undefined);
  if (!ours.includes(result.head.sha)) {
    throw new ConfigError(
      `${dir}: the results are for ${result.head.sha}, not for this run's commit (${ours.join(' or ') || 'GITHUB_SHA unset'}); ` +
        "report-from publishes another run's results only on workflow_run, where the event names the commit",
    );
  }
  const named = readPullRequestNumber(dir);
  const pullRequest = eventPullRequest(event);
  if (named !== undefined && named !== pullRequest) {
    throw new ConfigError(
      `${dir}: names pull request #${named}, but this run is for ${pullRequest === undefined ? 'no pull request' : `#${pullRequest}`}`,
    );
  }
  const platform = new GitHubPlatform({ ...options, pullRequest, checkSha: eventPullRequestHead(event) ?? result.head.sha });
  return publishGated(dir, result, platform);
}

/**
 * Publishes a saved result with its gate decided here, from its counts and this run's override
 * label. The comment is rendered here too (the artifact's comment.md came from untrusted code).
 */
async function publishGated(dir: string, result: ComparisonResult, platform: GitHubPlatform): Promise<Outcome> {
  const gated = regate(result, await platform.gateOverride());
  const comment = writeComment(gated, dir, platform.commentOptions());
  return publishResult(gated, { [RESULTS_FILE]: path.join(dir, RESULTS_FILE), ...comment }, platform);
}

/** The CLI command; the token comes from GITHUB_TOKEN (never a flag, so it stays out of logs). */
export const cmdReport: Command = async ({ values }) => {
  if (!values.from) throw new ConfigError('usage: benchgate report --from DIR (the downloaded benchgate output directory)');
  const token = process.env.GITHUB_TOKEN || undefined;
  return (await publishSaved(path.resolve(values.from), { token, comment: true, check: true })).exitCode;
};
