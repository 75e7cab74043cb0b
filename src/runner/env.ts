/**
 * The environment of build and benchmark commands. They run the pull request's code, so they
 * get benchgate's environment without the credentials in it: the tokens benchgate itself reads
 * (GITHUB_TOKEN, the action's token input, BENCHGATE_GITLAB_TOKEN), the CI platforms' job
 * credentials (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_*, CI_JOB_TOKEN, CI_JOB_JWT*,
 * CI_REPOSITORY_URL, which embeds the job token…), and any variable whose name says it holds
 * a secret (…TOKEN, …SECRET…, …PASSWORD…). A build that needs one (a private registry's
 * NODE_AUTH_TOKEN) names it in BENCHGATE_PASS_ENV (comma-separated) or in the caller's allow list.
 */

/** Comma-separated names of credential variables the commands may see after all. */
export const PASS_ENV_VARIABLE = 'BENCHGATE_PASS_ENV';

/** Credentials known by name: their names do not say so, or benchgate itself reads them. */
const KNOWN_CREDENTIALS = new Set([
  // GitHub Actions: the runtime's service URLs go with its tokens.
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  // GitLab: the clone URL carries gitlab-ci-token:<job token>@.
  'CI_REPOSITORY_URL',
  'CI_JOB_JWT',
  'CI_JOB_JWT_V1',
  'CI_JOB_JWT_V2',
  // An ssh agent signs for whoever can reach its socket.
  'SSH_AUTH_SOCK',
]);

/**
 * Names that mark a secret: ending in TOKEN (GITHUB_TOKEN, INPUT_GITHUB-TOKEN, npm's …:_authToken;
 * not TOKENIZERS_PARALLELISM), or containing SECRET, PASSWORD… (AWS_SECRET_ACCESS_KEY, CI_REGISTRY_PASSWORD).
 */
const SECRET_NAME = /TOKEN$|SECRET|PASSWORD|PASSWD|PRIVATE_?KEY|API_?KEY|ACCESS_?KEY|CREDENTIAL|JWT/i;

export function isCredential(name: string): boolean {
  return KNOWN_CREDENTIALS.has(name.toUpperCase()) || SECRET_NAME.test(name);
}

/** The names listed in BENCHGATE_PASS_ENV. */
export function passEnvList(env: NodeJS.ProcessEnv): string[] {
  return (env[PASS_ENV_VARIABLE] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Names of the credentials in `env` that the commands will not see, sorted. */
export function withheldVariables(env: NodeJS.ProcessEnv, allow: readonly string[] = []): string[] {
  const passed = new Set([...allow, ...passEnvList(env)]);
  return Object.keys(env)
    .filter((name) => isCredential(name) && !passed.has(name))
    .sort();
}

/**
 * `env` without its credentials (except those in `allow` or BENCHGATE_PASS_ENV), plus `vars`.
 * A new object; `env` is not changed.
 */
export function commandEnvironment(env: NodeJS.ProcessEnv, vars: Record<string, string>, allow: readonly string[] = []): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of withheldVariables(env, allow)) delete out[name];
  return { ...out, ...vars };
}
