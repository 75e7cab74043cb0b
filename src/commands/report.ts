/**
 * `benchgate report --from DIR`: publishes saved results through the GitHub platform. This is
 * the trusted half of the fork-safe split: the pull request's job runs the benchmarks with a
 * read-only token and uploads its output directory; a `workflow_run` job with a write token
 * downloads it and runs this. Everything in DIR came from untrusted code, so it is checked
 * before use and the commit comes from the trusted event, never from the artifact.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { publishResult, type Outcome } from '../conclude.js';
import { ConfigError } from '../config.js';
import type { ComparisonResult } from '../model.js';
import { GitHubPlatform, type GitHubOptions } from '../platforms/github.js';
import { readEvent } from '../platforms/github-event.js';
import type { Command } from './types.js';

/** Written next to results.json by the action on pull_request events. */
export const PULL_REQUEST_FILE = 'pull-request-number';
export const RESULTS_FILE = 'results.json';

const VERDICTS = ['pass', 'fail', 'inconclusive', 'error'];

/** Reads results.json and checks the fields publishing relies on. */
export function readResults(file: string): ComparisonResult {
  if (!existsSync(file)) throw new ConfigError(`${file}: not found (is this the benchgate output directory?)`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${file}: not JSON: ${(err as Error).message}`);
  }
  const r = data as Partial<ComparisonResult>;
  const sha = (side: unknown) => typeof (side as { sha?: unknown } | undefined)?.sha === 'string';
  if (
    r?.tool?.name !== 'benchgate' ||
    !Array.isArray(r.comparisons) ||
    !VERDICTS.includes(r.verdict as string) ||
    typeof r.gateFailed !== 'boolean' ||
    !Array.isArray(r.failures?.runs) ||
    !Array.isArray(r.failures?.benchmarks) ||
    typeof r.failures?.noResults !== 'boolean' ||
    !sha(r.base) ||
    !sha(r.head) ||
    typeof r.counts !== 'object'
  ) {
    throw new ConfigError(`${file}: not a benchgate results.json`);
  }
  return r as ComparisonResult;
}

/** The pull request number file, when present: a positive whole number and nothing else. */
export function readPullRequestNumber(dir: string): number | undefined {
  const file = path.join(dir, PULL_REQUEST_FILE);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[1-9]\d{0,9}$/.test(text)) throw new ConfigError(`${file}: expected a pull request number, got ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** Publishes DIR's results; the exit code is the run's, as if it had happened here. */
export async function publishSaved(dir: string, options: GitHubOptions): Promise<Outcome> {
  const result = readResults(path.join(dir, RESULTS_FILE));
  const env = options.env ?? process.env;
  const event = readEvent(env);
  const runSha = event.name === 'workflow_run' ? (event.payload.workflow_run as { head_sha?: unknown } | undefined)?.head_sha : undefined;
  const trusted: GitHubOptions = { ...options, pullRequest: options.pullRequest ?? readPullRequestNumber(dir) };
  if (typeof runSha === 'string') {
    if (result.head.sha !== runSha) {
      throw new ConfigError(`${dir}: the results are for ${result.head.sha}, but the workflow run measured ${runSha}`);
    }
    trusted.checkSha = runSha;
    trusted.requirePullRequestHead = runSha;
  }
  return publishResult(result, { [RESULTS_FILE]: path.join(dir, RESULTS_FILE) }, new GitHubPlatform(trusted));
}

/** The CLI command; the token comes from GITHUB_TOKEN (never a flag, so it stays out of logs). */
export const cmdReport: Command = async ({ values }) => {
  if (!values.from) throw new ConfigError('usage: benchgate report --from DIR (the downloaded benchgate output directory)');
  const token = process.env.GITHUB_TOKEN || undefined;
  return (await publishSaved(path.resolve(values.from), { token, comment: true, check: true })).exitCode;
};
