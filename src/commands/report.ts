/**
 * `benchgate report --from DIR`: publishes saved results, the trusted half of measure-then-publish
 * (docs/architecture.md decision 5). The pull request's job runs the benchmarks with no write
 * token and uploads its output directory; a second job holding the token (GitHub: the publish job
 * or a `workflow_run` job; GitLab: the component's `-publish` job with the note token) runs this.
 * Everything in DIR came from untrusted code, so it is checked before use, the gate is decided
 * again with this job's trusted settings, and the commit comes from the trusted pipeline or
 * event, never from the artifact.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyze } from '../analysis/index.js';
import { publishResult, type Outcome } from '../conclude.js';
import { checkHistoryUrl, CONFIG_FILE, ConfigError, flagLayer, type RawConfig, readConfigFile, trustedGate } from '../config.js';
import { readMainCreep } from '../history/main-creep.js';
import { joinShards } from '../runner/join-shards.js';
import { LOG_FILE } from '../runner/log-file.js';
import type { ComparisonResult, GateOverride, RefInfo } from '../model.js';
import type { CommentOptions } from '../report/comment.js';
import { writeReports, type WrittenReports } from '../report/index.js';
import { readLog } from '../runner/log.js';
import { trustedSettings } from './trusted-gate.js';
import { githubPlatform, type GitHubPlatform } from '../platforms/github.js';
import type { GitHubOptions } from '../platforms/github-options.js';
import { checkMeasuredMergeRequest } from '../platforms/gitlab-merge-request.js';
import { GitLabPublisher } from '../platforms/gitlab-publisher.js';
import { checkMergeRequestIid } from '../platforms/gitlab-variables.js';
import type { Publisher } from '../platforms/types.js';
import { eventPullRequest, eventPullRequestHead, readEvent, type GitHubEvent } from '../platforms/github-event.js';
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

/** What the publish job trusts: its own config layers (the base's `.benchgate.yml`, the workflow's inputs), never the artifact's. */
export interface SavedPublishOptions extends GitHubOptions {
  trusted: RawConfig[];
  /** The published `benchgate history --json` whose creep the comment quotes (the publish job's own download, never the artifact's). */
  historyFrom?: string;
}

/**
 * The artifact's results decided again: its results log analysed with the trusted settings
 * (trusted-gate.ts) and the reports rewritten in DIR, so that nothing the artifact claims is
 * published. Refused (exit 2) without a results log.
 */
export function decideAgain(
  dir: string,
  trusted: RawConfig[],
  override: GateOverride | null,
  comment: CommentOptions = {},
  historyFrom?: string,
): { result: ComparisonResult; reports: WrittenReports } {
  const logFile = path.join(dir, LOG_FILE);
  if (!existsSync(logFile)) {
    throw new ConfigError(
      `${dir}: no ${LOG_FILE}: the publish job decides the gate again from the results log with its trusted settings; upload the whole output directory`,
    );
  }
  // Any result file the artifact holds is checked (a malformed one is still refused), then replaced.
  const claimed = path.join(dir, RESULTS_FILE);
  if (existsSync(claimed)) readResults(claimed);
  const log = readLog(logFile);
  const settings = trustedSettings(log.header.config, trusted, logFile);
  const analysed = analyze({ header: log.header, runs: log.runs, end: log.end, settings, override });
  const mainCreep = historyFrom === undefined ? undefined : readMainCreep(historyFrom);
  const result = mainCreep === undefined ? analysed : { ...analysed, mainCreep };
  const { written, notWritten } = writeReports({ result, comment }, dir);
  if (notWritten.length > 0) {
    throw new ConfigError(`${dir}: could not write ${notWritten.map((n) => n.file).join(', ')} (${notWritten[0]!.code}): free some space`);
  }
  return { result, reports: { [LOG_FILE]: logFile, ...written } };
}

/** Publishes DIR's results; the exit code is the gate's, decided here. */
export async function publishSaved(dir: string, options: SavedPublishOptions): Promise<Outcome> {
  const { trusted, historyFrom, ...github } = options;
  joinShardDirectories(dir, trusted);
  const logged = readLogHead(dir);
  const env = options.env ?? process.env;
  const event = readEvent(env);
  const runSha = event.name === 'workflow_run' ? (event.payload.workflow_run as { head_sha?: unknown } | undefined)?.head_sha : undefined;
  if (typeof runSha !== 'string') return publishOwn(dir, logged, github, event, trusted, historyFrom);
  // A pull request's run compares its merge commit; its own head is what workflow_run names.
  const measured = logged.chosen?.pullRequestHead ?? logged.sha;
  if (measured !== runSha) {
    throw new ConfigError(`${dir}: the results are for ${measured}, but the workflow run measured ${runSha}`);
  }
  const pullRequest = github.pullRequest ?? readPullRequestNumber(dir);
  const platform = githubPlatform({ ...github, pullRequest, checkSha: runSha, requirePullRequestHead: runSha });
  return publishGated(dir, platform, trusted, historyFrom);
}

/**
 * Shards (docs/shards.md): DIR holds no results log but one directory per shard's artifact (what
 * download-artifact makes of several): their logs are joined into DIR's results log, so the gate
 * is decided once, over every shard. A missing, doubled or failed shard is refused (join-shards.ts).
 */
export function joinShardDirectories(dir: string, trusted: RawConfig[]): void {
  if (existsSync(path.join(dir, LOG_FILE)) || !existsSync(dir)) return;
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, LOG_FILE)))
    .map((entry) => path.join(dir, entry.name, LOG_FILE))
    .sort();
  if (files.length === 0) return;
  const logs = files.map((file) => ({ file, log: readLog(file) }));
  // skip-paths skipped every shard alike (the same diff): one of their logs says it for all.
  if (logs.every(({ log }) => log.header.skipped !== undefined)) {
    writeFileSync(path.join(dir, LOG_FILE), readFileSync(files[0]!));
    return;
  }
  const plain = logs.find(({ log }) => log.header.shard === undefined);
  if (plain)
    throw new ConfigError(
      `${plain.file}: not a shard's log: report-from joins the logs of every shard of one run, or reads one run's directory`,
    );
  const recorded = logs[0]!.log.header.config;
  writeFileSync(path.join(dir, LOG_FILE), joinShards(logs, trustedGate(trusted, recorded)));
}

/** The head the artifact's results log says it measured (the log, not results.json, is what is decided again). */
function readLogHead(dir: string): RefInfo {
  return readLogSides(dir).head;
}

/** Both commits the artifact's results log says it compared. */
function readLogSides(dir: string): { base: RefInfo; head: RefInfo } {
  const logFile = path.join(dir, LOG_FILE);
  if (!existsSync(logFile)) return readResults(path.join(dir, RESULTS_FILE));
  return readLog(logFile).header;
}

/**
 * Outside workflow_run only an artifact of this same workflow run is published (as trusted as
 * the run itself): its head must be the commit this run is for, and the pull request is the
 * event's, never one the artifact names.
 */
async function publishOwn(
  dir: string,
  head: RefInfo,
  options: GitHubOptions,
  event: GitHubEvent,
  trusted: RawConfig[],
  historyFrom: string | undefined,
): Promise<Outcome> {
  const ours = [event.sha, eventPullRequestHead(event)].filter((sha) => sha !== undefined);
  if (!ours.includes(head.sha)) {
    throw new ConfigError(
      `${dir}: the results are for ${head.sha}, not for this run's commit (${ours.join(' or ') || 'GITHUB_SHA unset'}); ` +
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
  const platform = githubPlatform({ ...options, pullRequest, checkSha: eventPullRequestHead(event) ?? head.sha });
  return publishGated(dir, platform, trusted, historyFrom);
}

/**
 * Publishes the saved results with the gate decided here, with this run's trusted settings and
 * override label. Every report, comment.md included, is rendered here again: the artifact's came
 * from untrusted code.
 */
async function publishGated(dir: string, platform: GitHubPlatform, trusted: RawConfig[], historyFrom?: string): Promise<Outcome> {
  const { events, publisher } = platform;
  const override = await events.gateOverride();
  const comment = publisher.commentOptions();
  const { result, reports } = decideAgain(dir, trusted, override, comment, historyFrom);
  return publishResult({ result, comment }, reports, publisher);
}

/**
 * GitLab's publish job: the artifact of the measure job it `needs:` in this same pipeline. Its
 * results log must be for the pipeline's commit (CI_COMMIT_SHA, set by GitLab, not by the
 * artifact); the merge request the note goes to is the pipeline's. With `mergeRequest` (a
 * pipeline started by hand, `report --merge-request IID`) both come from the merge request as the
 * API says it is now instead (gitlab-merge-request.ts). GitLab has no override label.
 */
export async function publishSavedGitLab(
  dir: string,
  publisher: GitLabPublisher,
  trusted: RawConfig[],
  env: NodeJS.ProcessEnv,
  historyFrom?: string,
  historyUrl?: string,
  mergeRequest?: string,
): Promise<Outcome> {
  if (mergeRequest !== undefined) {
    await checkMeasuredMergeRequest(readLogSides(dir), mergeRequest, publisher.api(), env, dir);
    publisher.publishTo(mergeRequest);
  } else {
    const head = readLogHead(dir);
    const commit = env.CI_COMMIT_SHA || undefined;
    if (head.sha !== commit) {
      throw new ConfigError(
        `${dir}: the results are for ${head.sha}, not for this pipeline's commit (${commit ?? 'CI_COMMIT_SHA unset'}); ` +
          "the publish job publishes only the artifact of this pipeline's measure job",
      );
    }
  }
  const comment = { ...publisher.commentOptions(), ...(historyUrl !== undefined && { historyUrl }) };
  const { result, reports } = decideAgain(dir, trusted, null, comment, historyFrom);
  return publishResult({ result, comment }, reports, publisher);
}

/**
 * The CLI command; the token comes from GITHUB_TOKEN or, on GitLab, BENCHGATE_GITLAB_TOKEN (never
 * a flag, so it stays out of logs).
 */
export const cmdReport: Command = async ({ values, platform, env }) => {
  if (!values.from) throw new ConfigError('usage: benchgate report --from DIR (the downloaded benchgate output directory)');
  // The trusted settings: this job's checkout (the base, never the pull request) and its flags.
  const trusted = [readConfigFile(path.resolve(CONFIG_FILE), false, CONFIG_FILE), flagLayer(values)];
  const dir = path.resolve(values.from);
  const historyFrom = values['history-from'] ? path.resolve(values['history-from']) : undefined;
  const historyUrl = values['history-url'] === undefined ? undefined : checkHistoryUrl(values['history-url'], '--history-url');
  if (isGitLab(platform.publisher)) {
    const mergeRequest =
      values['merge-request'] === undefined ? undefined : checkMergeRequestIid(values['merge-request'], '--merge-request');
    return (await publishSavedGitLab(dir, platform.publisher, trusted, env, historyFrom, historyUrl, mergeRequest)).exitCode;
  }
  if (values['merge-request'] !== undefined)
    throw new ConfigError(
      '--merge-request: only on GitLab (a pipeline started by hand that publishes into a merge request); on GitHub use /benchmark',
    );
  const token = env.GITHUB_TOKEN || undefined;
  return (
    await publishSaved(dir, {
      token,
      env,
      comment: true,
      check: true,
      trusted,
      historyFrom,
      ...(historyUrl !== undefined && { historyUrl }),
    })
  ).exitCode;
};

function isGitLab(publisher: Publisher): publisher is GitLabPublisher {
  return publisher instanceof GitLabPublisher;
}
