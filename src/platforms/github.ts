/**
 * GitHub Actions as a platform: its log (github-logger.ts), what its event asks
 * (github-event-source.ts) and where it shows the result (github-publisher.ts), sharing one job's
 * options and API session.
 */
import { GitHubEventSource } from './github-event-source.js';
import { GitHubLogger } from './github-logger.js';
import type { GitHubOptions } from './github-options.js';
import { GitHubPublisher } from './github-publisher.js';
import { GitHubSession } from './github-session.js';
import type { Platform } from './types.js';

export interface GitHubPlatform extends Platform {
  readonly name: 'github';
  readonly logger: GitHubLogger;
  readonly events: GitHubEventSource;
  readonly publisher: GitHubPublisher;
}

export function githubPlatform(options: GitHubOptions = { comment: true, check: true }): GitHubPlatform {
  const env = options.env ?? process.env;
  const logger = new GitHubLogger();
  const session = new GitHubSession(options.token, env, logger);
  const events = new GitHubEventSource(options, env, session, logger);
  return { name: 'github', logger, events, publisher: new GitHubPublisher(options, env, logger, events, session) };
}
