/**
 * `benchgate benchmark-command accept|publish`: `/benchmark` in a pull request comment
 * (templates/github/benchgate-command.yml; the threat model is in docs/security.md). Three jobs,
 * as in decision 5 of docs/architecture.md:
 *
 * - accept (runs no code of the pull request): the comment's grammar, the commenter's
 *   permission through the API, the pull request's head and merge commit fixed through the API,
 *   refused when the head was pushed after the comment; 👀, or 👎 and a short reply;
 * - the measuring job (read-only token, no secret) runs `benchgate run` on the fixed merge commit;
 * - publish (runs no code of the pull request) decides the gate again from the artifact's
 *   results log with the trusted settings, writes the sticky comment's deep section and a check
 *   on the head, reacts 🚀 or 👎 and replies ✅ or ❌.
 */
import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { publishResult } from '../conclude.js';
import { CONFIG_FILE, ConfigError, flagLayer, readConfigFile } from '../config.js';
import { EXIT } from '../exit.js';
import { LOG_FILE } from '../runner/log-file.js';
import { budgetOf, parseComment, readRequest, USAGE, type BenchmarkRequest, type Parsed } from '../platforms/benchmark-request.js';
import { octokitFor, type Octokit, type Repo } from '../platforms/github-api.js';
import { commenterRole, commitParents, headFirstSeen, pullRequestNow, react, reply } from '../platforms/github-command-api.js';
import { readEvent, type GitHubEvent } from '../platforms/github-event.js';
import { githubPlatform, type GitHubPlatform } from '../platforms/github.js';
import { parseRepository, runLinks } from '../platforms/github-options.js';
import { escapeMarkdown } from '../report/escape.js';
import { headline } from '../report/rows.js';
import { readLog } from '../runner/log.js';
import { decideAgain } from './report.js';
import type { Command } from './types.js';

/** The environment variable the template sets from the accept job's `request` output. */
export const REQUEST_VARIABLE = 'BENCHGATE_REQUEST';

export type AcceptOutcome =
  { kind: 'ignored'; why: string } | { kind: 'refused'; reply: string } | { kind: 'accepted'; request: BenchmarkRequest };

interface Api {
  octokit: Octokit;
  repo: Repo;
}

function field(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const key of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** A text field of the payload; absent or not text: ''. */
function textField(value: unknown, ...keys: string[]): string {
  const v = field(value, ...keys);
  return typeof v === 'string' ? v : '';
}

const short = (sha: string) => sha.slice(0, 7);

type Ignored = Extract<AcceptOutcome, { kind: 'ignored' }>;
type Refused = Extract<AcceptOutcome, { kind: 'refused' }>;

/** A new pull request comment that is a `/benchmark` command, as the event recorded it. */
interface CommandComment {
  kind: 'command';
  number: number;
  parsed: Exclude<Parsed, { kind: 'not-a-command' }>;
  user: string;
  commentId: number;
  createdAt: number;
}

/** The event's `/benchmark` comment; only the ids, author login and creation time (GitHub writes them) are taken. */
function commandComment(event: GitHubEvent): CommandComment | Ignored {
  const p = event.payload;
  if (event.name !== 'issue_comment' || p.action !== 'created') return { kind: 'ignored', why: 'not a new comment' };
  const number = field(p, 'issue', 'number');
  if (field(p, 'issue', 'pull_request') === undefined || typeof number !== 'number') return { kind: 'ignored', why: 'not a pull request' };
  const parsed = parseComment(textField(p, 'comment', 'body'));
  if (parsed.kind === 'not-a-command') return { kind: 'ignored', why: 'not a /benchmark comment' };
  const user = textField(p, 'comment', 'user', 'login');
  const commentId = Number(field(p, 'comment', 'id'));
  const createdAt = Date.parse(textField(p, 'comment', 'created_at'));
  if (!user || !Number.isInteger(commentId) || !Number.isFinite(createdAt))
    throw new ConfigError('GITHUB_EVENT_PATH: an issue_comment event without the comment id, author or creation time');
  return { kind: 'command', number, parsed, user, commentId, createdAt };
}

/** The commits to measure, fixed through the API. */
interface FixedCommits {
  kind: 'fixed';
  head: string;
  merge: string;
  base: string;
}

/**
 * The pull request's head and merge commit as the API has them now: refused unless it is open, its
 * head was pushed before the comment, it merges cleanly and GitHub has made the merge commit of that head.
 */
async function fixCommits({ octokit, repo }: Api, number: number, createdAt: number): Promise<FixedCommits | Refused> {
  const pr = await pullRequestNow(octokit, repo, number);
  if (pr.state !== 'open')
    return {
      kind: 'refused',
      reply: `❌ pull request #${number} is ${pr.state === 'closed' ? 'closed' : 'not open'}: nothing to measure.`,
    };
  const seen = await headFirstSeen(octokit, repo, pr.head);
  if (seen === null)
    return {
      kind: 'refused',
      reply: `❌ cannot tell when the head ${short(pr.head)} was pushed (no pull_request workflow run for it yet): comment again once its benchgate run has started.`,
    };
  if (seen.getTime() >= createdAt)
    return {
      kind: 'refused',
      reply: `❌ the head changed after this comment (${short(pr.head)}, first seen ${seen.toISOString()}): review it and comment \`/benchmark\` again.`,
    };
  if (pr.mergeable === false)
    return { kind: 'refused', reply: '❌ the pull request does not merge cleanly: resolve the conflicts, then comment again.' };
  const parents = pr.mergeCommit === null ? [] : await commitParents(octokit, repo, pr.mergeCommit);
  if (pr.mergeCommit === null || parents.length !== 2 || parents[1] !== pr.head)
    return {
      kind: 'refused',
      reply: `❌ GitHub has not made the merge commit of the head ${short(pr.head)} yet: comment again in a minute.`,
    };
  return { kind: 'fixed', head: pr.head, merge: pr.mergeCommit, base: parents[0]! };
}

/**
 * What the comment asks, checked against the API. Only the payload's ids, author login and
 * creation time are taken from the event (GitHub writes them); the rest is asked of the API.
 */
export async function accept(event: GitHubEvent, { octokit, repo }: Api): Promise<AcceptOutcome> {
  const comment = commandComment(event);
  if (comment.kind === 'ignored') return comment;
  const { number, parsed, user, commentId, createdAt } = comment;

  // Permission first: whatever else the comment says, someone without write access gets only this.
  const { role, canWrite } = await commenterRole(octokit, repo, user);
  if (!canWrite)
    return { kind: 'refused', reply: `❌ \`/benchmark\` needs write access to this repository; the comment's author has \`${role}\`.` };
  if (parsed.kind === 'invalid') return { kind: 'refused', reply: `❌ ${escapeMarkdown(parsed.why)}; ${USAGE}.` };

  const fixed = await fixCommits({ octokit, repo }, number, createdAt);
  if (fixed.kind === 'refused') return fixed;
  const budget = budgetOf(parsed.options);
  return {
    kind: 'accepted',
    request: {
      pullRequest: number,
      commentId,
      user,
      head: fixed.head,
      merge: fixed.merge,
      base: fixed.base,
      deep: parsed.options.deep,
      ...budget,
      filter: parsed.options.filter ?? '',
    },
  };
}

async function apiOf(env: NodeJS.ProcessEnv): Promise<Api> {
  const repo = parseRepository(env.GITHUB_REPOSITORY);
  const token = env.GITHUB_TOKEN;
  if (!repo || !token) throw new ConfigError('benchmark-command needs GITHUB_REPOSITORY and GITHUB_TOKEN');
  return { octokit: await octokitFor(token, env.GITHUB_API_URL ?? 'https://api.github.com', 60_000), repo };
}

/** The accept job: writes the step outputs `accepted` and `request` (and the fields the measuring job's inputs take). */
async function runAccept(env: NodeJS.ProcessEnv, log: (m: string) => void): Promise<number> {
  const event = readEvent(env);
  const api = await apiOf(env);
  const outcome = await accept(event, api);
  core.setOutput('accepted', String(outcome.kind === 'accepted'));
  const commentId = Number(field(event.payload, 'comment', 'id'));
  const number = Number(field(event.payload, 'issue', 'number'));
  if (outcome.kind === 'ignored') {
    log(`/benchmark: ignored (${outcome.why})`);
    return EXIT.pass;
  }
  if (outcome.kind === 'refused') {
    log(`/benchmark: refused: ${outcome.reply}`);
    await react(api.octokit, api.repo, commentId, '-1');
    await reply(api.octokit, api.repo, number, outcome.reply);
    return EXIT.pass;
  }
  const r = outcome.request;
  await react(api.octokit, api.repo, commentId, 'eyes');
  log(`/benchmark by ${r.user}: merge ${r.merge} (head ${r.head}) vs ${r.base}, max-rounds ${r.maxRounds}, max-time ${r.maxTime}`);
  core.setOutput('request', JSON.stringify(r));
  for (const [key, value] of Object.entries({
    head: r.head,
    merge: r.merge,
    base: r.base,
    'max-rounds': r.maxRounds,
    'max-time': r.maxTime,
    filter: r.filter,
  }))
    core.setOutput(key, String(value));
  return EXIT.pass;
}

/** Answers the comment: reacts 🚀 or 👎 and replies ✅ or ❌ with `text` and a link to the run. */
type Done = (ok: boolean, text: string) => Promise<void>;

/** The answer to `request`'s comment, with `runLink` (this run's page, or ''). */
function answerer(api: Api, request: BenchmarkRequest, runLink: string): Done {
  return async (ok, text) => {
    await react(api.octokit, api.repo, request.commentId, ok ? 'rocket' : '-1');
    await reply(
      api.octokit,
      api.repo,
      request.pullRequest,
      `${ok ? '✅' : '❌'} \`/benchmark\` on ${short(request.head)}: ${text}${runLink}`,
    );
  };
}

/** Whether the measuring job wrote a results log; refused (exit 2) unless it compared the accepted commits. */
async function checkAcceptedLog(dir: string, request: BenchmarkRequest, done: Done): Promise<boolean> {
  const logFile = path.join(dir, LOG_FILE);
  if (!existsSync(logFile)) {
    await done(false, 'the measuring job wrote no results log (its build or setup failed).');
    return false;
  }
  const logged = readLog(logFile).header;
  if (logged.head.sha !== request.merge || logged.base.sha !== request.base) {
    await done(false, 'the results are not for the accepted commits, so nothing was published.');
    throw new ConfigError(
      `${dir}: the results compare ${logged.base.sha}..${logged.head.sha}, not the accepted ${request.base}..${request.merge}`,
    );
  }
  return true;
}

/** Publishes into the deep section of the sticky comment and a check on the fixed head. */
function deepPlatform(env: NodeJS.ProcessEnv, request: BenchmarkRequest): GitHubPlatform {
  return githubPlatform({
    token: env.GITHUB_TOKEN,
    comment: true,
    check: true,
    pullRequest: request.pullRequest,
    checkSha: request.head,
    section: 'deep',
    requestedBy: `\`/benchmark${request.deep ? ' deep' : ''}\` by ${escapeMarkdown(`@${request.user}`, 60)}`,
    env,
  });
}

/**
 * The publish job: the artifact of this run's measuring job, decided again with the trusted
 * settings (this job's checkout of the base's .benchgate.yml and its flags), published into the
 * deep section of the sticky comment and a check on the fixed head.
 */
async function runPublish(dir: string, env: NodeJS.ProcessEnv, trustedFlags: ReturnType<typeof flagLayer>): Promise<number> {
  const request = readRequest(env[REQUEST_VARIABLE], REQUEST_VARIABLE);
  const event = readEvent(env);
  if (event.name !== 'issue_comment' || Number(field(event.payload, 'comment', 'id')) !== request.commentId)
    throw new ConfigError(`${REQUEST_VARIABLE}: the request is for comment ${request.commentId}, not this run's comment`);
  const api = await apiOf(env);
  const links = runLinks(env, event);
  const done = answerer(api, request, links[0] ? ` ([the run](${links[0].url}))` : '');
  if (!(await checkAcceptedLog(dir, request, done))) return EXIT.runFailed;
  const trusted = [readConfigFile(path.resolve(CONFIG_FILE), false, CONFIG_FILE), trustedFlags];
  const platform = deepPlatform(env, request);
  const comment = platform.publisher.commentOptions();
  const { result, reports } = decideAgain(dir, trusted, null, comment);
  const outcome = await publishResult({ result, comment }, reports, platform.publisher);
  await done(outcome.exitCode === EXIT.pass, `${escapeMarkdown(headline(result), 300)}; the benchgate comment has the table.`);
  return outcome.exitCode;
}

export const cmdBenchmarkCommand: Command = async ({ values, positionals, platform, env }) => {
  const [step] = positionals;
  if (step === 'accept') return runAccept(env, (m) => platform.logger.info(m));
  if (step === 'publish') {
    if (!values.from) throw new ConfigError('usage: benchgate benchmark-command publish --from DIR');
    return runPublish(path.resolve(values.from), env, flagLayer(values));
  }
  throw new ConfigError('usage: benchgate benchmark-command accept | publish --from DIR');
};
