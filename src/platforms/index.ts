/** Picks the platform adapter from the environment the process runs in. */
import { GitLabPlatform } from './gitlab.js';
import { GitHubPlatform } from './github.js';
import { LocalPlatform } from './local.js';
import type { Platform } from './types.js';

export function detectPlatform(env: NodeJS.ProcessEnv = process.env): Platform {
  if (env.GITLAB_CI === 'true') return new GitLabPlatform(env);
  if (env.GITHUB_ACTIONS === 'true') return new GitHubPlatform({ token: env.GITHUB_TOKEN || undefined, comment: true, check: true, env });
  return new LocalPlatform(process.stdout, process.stderr, env);
}
