/**
 * One job's calls to the GitHub API: the client for its token and repository, and each call
 * attempted so that a refusal or an unreachable API is said once and never fails the step.
 */
import { httpStatus, octokitFor, type Octokit, type Repo } from './github-api.js';
import { parseRepository } from './github-options.js';
import type { Logger } from './types.js';

/** All API calls of one publish share this time limit, so an unreachable API cannot hang the job. */
const API_TIME_LIMIT_MS = 60_000;

export class GitHubSession {
  /** Permission problems already reported, so each is said once. */
  private readonly said = new Set<string>();

  constructor(
    private readonly token: string | undefined,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logger: Logger,
  ) {}

  /** The client and repository, or null without a token or GITHUB_REPOSITORY. */
  async api(): Promise<{ octokit: Octokit; repo: Repo } | null> {
    const repo = parseRepository(this.env.GITHUB_REPOSITORY);
    if (!repo || !this.token) return null;
    const octokit = await octokitFor(this.token, this.env.GITHUB_API_URL ?? 'https://api.github.com', API_TIME_LIMIT_MS);
    return { octokit, repo };
  }

  /**
   * Runs one API call. A refusal or an unreachable API is said once in the log and never
   * fails the step: the measurements are done and the exit code stays the gate.
   */
  async attempt(what: string, permission: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (this.said.has(what)) return;
      this.said.add(what);
      const status = httpStatus(err);
      const why =
        status === 403
          ? `the token lacks "${permission}" (a fork's token is read-only)`
          : status !== null
            ? `GitHub answered HTTP ${status}`
            : `the API did not answer (${(err as Error).message})`;
      this.logger.warn(`benchgate could not ${what}: ${why}; the step's exit code gates the merge instead`);
    }
  }
}
