/**
 * GitLab CI as a platform: its job log (gitlab-logger.ts), what its pipeline asks
 * (gitlab-event-source.ts) and where it shows the result (gitlab-publisher.ts).
 */
import { GitLabEventSource } from './gitlab-event-source.js';
import { GitLabLogger } from './gitlab-logger.js';
import { GitLabPublisher } from './gitlab-publisher.js';
import { TOKEN_VARIABLE } from './gitlab-variables.js';
import type { Platform } from './types.js';

export interface GitLabPlatform extends Platform {
  readonly name: 'gitlab';
  readonly logger: GitLabLogger;
  readonly events: GitLabEventSource;
  readonly publisher: GitLabPublisher;
}

export function gitlabPlatform(
  env: NodeJS.ProcessEnv = process.env,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): GitLabPlatform {
  // Build and bench commands inherit the environment and run the merge request's code: they
  // must not see the API token.
  const token = env[TOKEN_VARIABLE];
  delete env[TOKEN_VARIABLE];
  const logger = new GitLabLogger(err);
  return { name: 'gitlab', logger, events: new GitLabEventSource(env), publisher: new GitLabPublisher(env, token, out, logger) };
}
