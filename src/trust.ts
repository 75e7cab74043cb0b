/**
 * Whose configuration governs a comparison (docs/security.md). Locally, and on events only
 * people with write access cause (push, workflow_dispatch), the checkout's `.benchgate.yml`
 * applies as written. On a pull or merge request event the checkout is the pull request's own
 * code, so the config file is read from the base commit instead, and a value from the pull
 * request's own file is admitted only as its option's trust class allows (src/options.ts):
 * `any` always, `stricter-only` when it makes the gate at least as strict, `trusted-only` never.
 * What is ignored becomes a warning naming the file, line and key. Flags and Action inputs come
 * from the workflow and are taken as given: the workflow file is the platform's to protect.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIG_FILE,
  ConfigError,
  parseConfigText,
  parseValue,
  readConfigFile,
  resolveConfig,
  type Config,
  type RawConfig,
  type Sourced,
} from './config.js';
import { git, GitError, repoRoot, resolveCommit } from './git.js';
import type { Side, Warning } from './model.js';
import { optionSpec, type ConfigKey, type OptionSpec } from './options.js';
import { parseRepository } from './platforms/github-options.js';
import { octokitFor, pullRequestBaseSha } from './platforms/github-api.js';
import { eventBaseTip, readEvent } from './platforms/github-event.js';

/**
 * A CI event whose checkout may hold files someone without write access wrote, and the commit
 * whose config governs instead: a pull request's base, or the default branch's tip.
 */
export interface ReviewEvent {
  name: string;
  /** A commit or ref: a SHA, or `origin/<default branch>`. */
  base: string;
}

/** GitHub events whose checkout (or whose head, for a merge queue) carries a pull request's files. */
const GITHUB_REVIEW_EVENTS = ['pull_request', 'pull_request_target', 'merge_group'];
/**
 * GitHub events whose checkout someone with write access chose: the checkout's config governs
 * as written. Every other event fails closed (governingEvent).
 */
const GITHUB_TRUSTED_EVENTS = ['push', 'schedule', 'workflow_dispatch', 'release'];
/** GitLab pipeline sources started by someone who may run pipelines on the branch; the rest fail closed. */
const GITLAB_TRUSTED_SOURCES = ['push', 'web', 'schedule', 'api', 'trigger'];

/** How governingEvent reads a pull request GitHub's event names but does not describe (issue_comment). */
export interface PullRequestReader {
  baseSha(number: number): Promise<string | undefined>;
}

/** Reads pull requests through the REST API with `token`; none without a token or repository. */
export function apiPullRequestReader(env: NodeJS.ProcessEnv, token: string | undefined): PullRequestReader | undefined {
  const repo = parseRepository(env.GITHUB_REPOSITORY);
  if (!token || !repo) return undefined;
  return {
    baseSha: async (number) =>
      pullRequestBaseSha(await octokitFor(token, env.GITHUB_API_URL ?? 'https://api.github.com', 60_000), repo, number),
  };
}

function textAt(value: unknown, ...keys: string[]): string | undefined {
  let v = value;
  for (const key of keys) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** `origin/<branch>` when the clone has an origin (whose refs no step of the pull request wrote), else the local branch. */
async function defaultBranchRef(repoDir: string, branch: string | undefined): Promise<string> {
  if (!branch) return '';
  const remotes = await git(repoDir, ['remote']);
  return remotes.code === 0 && remotes.stdout.split('\n').includes('origin') ? `origin/${branch}` : branch;
}

/** Whether the checkout is the commit GitHub dispatched (GITHUB_SHA), not one the workflow checked out instead (a pull request's merge commit). */
async function checkoutIsDispatched(repoDir: string, sha: string | undefined): Promise<boolean> {
  if (!sha) return false;
  const r = await git(repoDir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  return r.code === 0 && r.stdout.trim() === sha;
}

async function githubGoverning(
  env: NodeJS.ProcessEnv,
  repoDir: string,
  reader: PullRequestReader | undefined,
): Promise<ReviewEvent | undefined> {
  const github = readEvent(env);
  const name = `${github.name || 'unnamed'} event`;
  if (GITHUB_REVIEW_EVENTS.includes(github.name)) return { name, base: eventBaseTip(github) ?? '' };
  const p = github.payload;
  // Any event that names a pull request (reviews, review comments): its base governs.
  if (p.pull_request !== undefined) return { name, base: textAt(p, 'pull_request', 'base', 'sha') ?? '' };
  const issue = textAt(p, 'issue', 'number');
  if (github.name === 'issue_comment' && issue && textAt(p, 'issue', 'pull_request', 'url') !== undefined) {
    if (!reader)
      throw new ConfigError(`${name} on pull request #${issue}: reading its base needs a token (GITHUB_TOKEN, or the token input)`);
    return { name: `${name} on pull request #${issue}`, base: (await reader.baseSha(Number(issue))) ?? '' };
  }
  if (GITHUB_TRUSTED_EVENTS.includes(github.name)) {
    if (github.name !== 'workflow_dispatch' || (await checkoutIsDispatched(repoDir, github.sha))) return undefined;
    const base = await defaultBranchRef(repoDir, textAt(p, 'repository', 'default_branch'));
    return { name: `${name} whose checkout is not the dispatched commit`, base };
  }
  return { name, base: await defaultBranchRef(repoDir, textAt(p, 'repository', 'default_branch')) };
}

async function gitlabGoverning(env: NodeJS.ProcessEnv, repoDir: string): Promise<ReviewEvent | undefined> {
  if (env.CI_MERGE_REQUEST_IID || env.CI_PIPELINE_SOURCE === 'merge_request_event') {
    // The same base the comparison uses (platforms/gitlab.ts): both are commits of the target branch.
    return { name: 'merge request pipeline', base: env.CI_MERGE_REQUEST_TARGET_BRANCH_SHA || env.CI_MERGE_REQUEST_DIFF_BASE_SHA || '' };
  }
  if (env.CI_EXTERNAL_PULL_REQUEST_IID) {
    return { name: 'external pull request pipeline', base: env.CI_EXTERNAL_PULL_REQUEST_TARGET_BRANCH_SHA ?? '' };
  }
  const source = env.CI_PIPELINE_SOURCE ?? '';
  if (GITLAB_TRUSTED_SOURCES.includes(source)) return undefined;
  return { name: `${source || 'unnamed'} pipeline`, base: await defaultBranchRef(repoDir, env.CI_DEFAULT_BRANCH) };
}

/**
 * The event this job runs for when the checkout's config may not govern, or undefined (local,
 * or an event in the trusted lists above). An event that names a pull request is governed by
 * its base; any other event not on the lists by the default branch; without either, exit 2.
 */
export async function governingEvent(
  env: NodeJS.ProcessEnv,
  repoDir: string,
  reader?: PullRequestReader,
): Promise<ReviewEvent | undefined> {
  let event: ReviewEvent | undefined;
  if (env.GITHUB_ACTIONS === 'true') event = await githubGoverning(env, repoDir, reader);
  else if (env.GITLAB_CI === 'true') event = await gitlabGoverning(env, repoDir);
  // Fail closed: without the base commit there is no trusted config to read.
  if (event && !event.base)
    throw new ConfigError(`${event.name} without a base commit: cannot tell which config governs; check the CI event (docs/security.md)`);
  return event;
}

/** Why a value of the pull request's side is not admitted, or null when it is. */
function refusal(spec: OptionSpec, proposed: Sourced, trusted: Sourced | undefined): string | null {
  if (spec.trust === 'any') return null;
  const mine = parseValue(spec, proposed);
  const theirs = trusted === undefined ? undefined : parseValue(spec, trusted);
  // An empty value would unset the trusted one and fall back to the default.
  if (mine === undefined) return theirs === undefined ? null : `it cannot unset ${spec.name}`;
  // Lists (ignore, fail-on) are equal by their items.
  if (JSON.stringify(mine) === JSON.stringify(theirs)) return null;
  if (spec.trust === 'stricter-only' && spec.stricter) {
    const reference = theirs ?? spec.default;
    if (typeof mine === 'number' && typeof reference === 'number') {
      if (spec.stricter === 'higher' ? mine >= reference : mine <= reference) return null;
      return `it may only make ${spec.name} ${spec.stricter} (stricter) than ${reference}`;
    }
  }
  // trusted-only, and any stricter-only value the table gives no order for: fail closed.
  return `only the base commit's file or the workflow sets ${spec.name}`;
}

/** A list's or mapping's items without the bookkeeping the parser keeps beside each (its `where`). */
function plain(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => plain(item !== null && typeof item === 'object' && 'where' in item ? (item as Sourced).value : item));
}

function shown(value: unknown): string {
  const text = JSON.stringify(plain(value)) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A value the pull request may only raise is at most this many times the governing one. */
export const RAISE_FACTOR = 10;

/** The governing value of a numeric option: the trusted one, else the table's default. */
function governing(key: ConfigKey, trusted: RawConfig): number | undefined {
  const spec = optionSpec(key);
  const value = trusted[key] === undefined ? spec.default : parseValue(spec, trusted[key]);
  return typeof value === 'number' ? value : undefined;
}

/**
 * An admitted raise, bounded: at most RAISE_FACTOR times the governing value (`rounds:
 * 100000000` would die out of memory before round 1), and min-rounds at most the trusted
 * max-rounds (above it the config would be invalid). Null when it is within bounds.
 */
function bound(key: ConfigKey, value: Sourced, trusted: RawConfig): { value: number; why: string } | null {
  const spec = optionSpec(key);
  if (spec.trust !== 'stricter-only' || spec.stricter !== 'higher') return null;
  const mine = parseValue(spec, value);
  const reference = governing(key, trusted);
  if (typeof mine !== 'number' || reference === undefined) return null;
  const most = spec.type === 'int' ? Math.floor(RAISE_FACTOR * reference) : RAISE_FACTOR * reference;
  const maxRounds = key === 'min-rounds' ? governing('max-rounds', trusted) : undefined;
  if (maxRounds !== undefined && mine > maxRounds && maxRounds <= most)
    return { value: maxRounds, why: `min-rounds is at most the trusted max-rounds (${maxRounds})` };
  if (mine > most) return { value: most, why: `a pull request may raise ${key} to at most ${RAISE_FACTOR}× the governing ${reference}` };
  return null;
}

/**
 * The values of the pull request's own config file (`proposed`) that may stand beside the
 * trusted ones, each option by its trust class, raises bounded; the rest come back as warnings.
 */
export function governLayer(trusted: RawConfig, proposed: RawConfig, event: string): { admitted: RawConfig; warnings: Warning[] } {
  const admitted: RawConfig = {};
  const warnings: Warning[] = [];
  for (const [key, value] of Object.entries(proposed) as [ConfigKey, Sourced][]) {
    const why = refusal(optionSpec(key), value, trusted[key]);
    if (why !== null) {
      warnings.push({
        code: 'config-ignored',
        message: `${value.where}: ignored ${key}: ${shown(value.value)} from the pull request's own file on a ${event}: ${why} (docs/security.md)`,
      });
      continue;
    }
    const clamped = bound(key, value, trusted);
    admitted[key] = clamped ? { value: clamped.value, where: value.where } : value;
    if (clamped) {
      warnings.push({
        code: 'config-clamped',
        message: `${value.where}: clamped ${key}: ${shown(value.value)} from the pull request's own file to ${clamped.value} on a ${event}: ${clamped.why} (docs/security.md)`,
      });
    }
  }
  return { admitted, warnings };
}

/** Rejects a working directory that leaves the repository, before anything runs. */
export function checkWorkingDirectory(dir: string, where: string): void {
  const normal = path.posix.normalize(dir.replaceAll('\\', '/'));
  if (path.posix.isAbsolute(normal) || path.win32.isAbsolute(dir) || normal === '..' || normal.startsWith('../')) {
    throw new ConfigError(`${where}: "${dir}" is outside the repository; working-directory is a relative path inside it (e.g. bench)`);
  }
}

/**
 * The directory the commands run in on one side: it must exist in that side's commit and,
 * symbolic links followed, stay inside its worktree.
 */
export function workingDirectoryIn(worktree: string, dir: string, side: Side): string {
  const full = path.join(worktree, dir);
  if (!existsSync(full) || !statSync(full).isDirectory()) {
    throw new ConfigError(
      `working-directory "${dir}" is not a directory in the ${side} commit; set working-directory to a directory both commits have`,
    );
  }
  const relative = path.relative(realpathSync(worktree), realpathSync(full));
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new ConfigError(
      `working-directory "${dir}" leads outside the ${side} worktree through a symbolic link; use a real directory inside the repository`,
    );
  }
  return full;
}

/** The file's path inside the repository (forward slashes), or undefined when it lies outside. */
function repositoryPath(root: string, file: string): string | undefined {
  const dir = path.dirname(file);
  const real = path.join(existsSync(dir) ? realpathSync(dir) : dir, path.basename(file));
  const relative = path.relative(realpathSync(root), real);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join('/');
}

/** The config file as the base commit has it ({} when it has none). */
async function readBaseConfig(root: string, sha: string, file: string): Promise<RawConfig> {
  const object = `${sha}:${file}`;
  if ((await git(root, ['cat-file', '-e', object])).code !== 0) return {};
  const blob = await git(root, ['cat-file', 'blob', object]);
  if (blob.code !== 0) throw new GitError(`reading ${object} failed: ${blob.stderr.trim()}`);
  return parseConfigText(blob.stdout, `${sha.slice(0, 12)}:${file}`);
}

/** The working directory (whoever set it) must stay inside the repository. */
function confined(config: Config, layers: RawConfig[]): Config {
  const where = layers.findLast((l) => l['working-directory'] !== undefined)?.['working-directory']?.where ?? 'working-directory';
  checkWorkingDirectory(config.workingDirectory, where);
  return config;
}

export interface ConfigSources {
  repoDir: string;
  /** An absolute path given by --config or the `config` input; unset: `.benchgate.yml` in repoDir when present. */
  configFile?: string;
  /** Flags or Action inputs: the workflow's, so taken as given. */
  overrides: RawConfig;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
  /** Reads a pull request an event names but does not describe (issue_comment); default: the API with GITHUB_TOKEN. */
  pullRequests?: PullRequestReader;
}

/** The one Config of a `run`, its file read from where the event says it may be trusted. */
export async function loadConfig(sources: ConfigSources): Promise<Config> {
  const { repoDir, overrides } = sources;
  const file = sources.configFile ?? path.join(repoDir, CONFIG_FILE);
  const review = await governingEvent(
    sources.env,
    repoDir,
    sources.pullRequests ?? apiPullRequestReader(sources.env, sources.env.GITHUB_TOKEN),
  );
  const root = review && (await repoRoot(repoDir));
  const inRepository = root && repositoryPath(root, file);
  if (!review || !root || !inRepository) {
    // No review, or a config file outside the checkout, which the pull request cannot have changed.
    const layers = [readConfigFile(file, sources.configFile !== undefined), overrides];
    return confined(resolveConfig(layers, repoDir), layers);
  }
  const baseSha = await resolveCommit(root, review.base, sources.log);
  const trusted = await readBaseConfig(root, baseSha, inRepository);
  const proposed = readConfigFile(file, false, inRepository);
  // Compared with what the workflow passes too, since that wins over any file.
  const { admitted, warnings } = governLayer({ ...trusted, ...overrides }, proposed, review.name);
  const layers = [trusted, admitted, overrides];
  const benchKeys = ['bench', 'bench-command'] as const;
  const proposedBench = benchKeys.map((k) => proposed[k]).find((s) => s !== undefined);
  if (proposedBench && !layers.some((l) => benchKeys.some((k) => l[k] !== undefined))) {
    throw new ConfigError(
      `${proposedBench.where}: on a ${review.name} the benchmark command comes from the base commit's ${inRepository} or the workflow, and the base commit has none; pass bench as an input or flag in the workflow, or merge the config file first (docs/security.md)`,
    );
  }
  const config = confined(resolveConfig(layers, repoDir), layers);
  return { ...config, governance: { event: review.name, baseSha, configFile: inRepository, warnings } };
}

/** Files that decide how a pull request's job runs: on a review event they come from the pull request. */
const CI_FILES = [/^\.github\/workflows\//, /^\.gitlab-ci\.yml$/];

/**
 * What to say before any run on a review event: the ignored values, and the CI and config
 * files the compared head changes (those run as the pull request wrote them).
 */
export async function reviewWarnings(config: Config, repo: string, baseSha: string, headSha: string): Promise<Warning[]> {
  const governance = config.governance;
  if (!governance) return [];
  // Submodule pointers are not CI files; ignoring them keeps git from reading .gitmodules, which a
  // pull request can make malformed to turn this warning into "could not tell".
  const diff = await git(repo, ['diff', '--name-only', '-z', '--no-renames', '--ignore-submodules=all', baseSha, headSha]);
  const changed =
    diff.code === 0 ? diff.stdout.split('\0').filter((f) => CI_FILES.some((re) => re.test(f)) || f === governance.configFile) : null;
  // First: the summary lists ten warnings, and this one matters most.
  const warnings: Warning[] = [];
  if (changed === null) {
    warnings.push({
      code: 'ci-files-changed',
      message: `could not tell whether the head commit changes its CI files: ${diff.stderr.trim()}`,
    });
  } else if (changed.length > 0) {
    warnings.push({
      code: 'ci-files-changed',
      message: `the head commit changes ${changed.join(', ')}: on a ${governance.event} the workflow runs as the pull request wrote it, so review these changes; the config file's changes apply once merged (docs/security.md names the platform controls: required workflows, rulesets, pipeline execution policies)`,
    });
  }
  return [...warnings, ...governance.warnings];
}
