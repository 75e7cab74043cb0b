/** Picks the platform from the environment the process runs in. */
import { gitlabPlatform } from './gitlab.js';
import { githubPlatform } from './github.js';
import { localPlatform } from './local.js';
import type { Platform } from './types.js';

export function detectPlatform(env: NodeJS.ProcessEnv = process.env): Platform {
  if (env.GITLAB_CI === 'true') return gitlabPlatform(env);
  if (env.GITHUB_ACTIONS === 'true') return githubPlatform({ token: env.GITHUB_TOKEN || undefined, comment: true, check: true, env });
  return localPlatform(process.stdout, process.stderr, env);
}
