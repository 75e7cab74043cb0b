/**
 * The environment of build and benchmark commands. They run the pull request's code, so they
 * get an allow-list of benchgate's environment, not all of it: the names and prefixes builds
 * need (below, and in docs/security.md), and nothing else. Everything off the list stays out:
 * the CI's tokens whatever they are called (GH_PAT, DATABASE_URL, SLACK_WEBHOOK_URL…), and
 * GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, through which a build could
 * set variables and PATH for later steps or write the job summary. Even on the list, a name that
 * says it holds a secret (CARGO_REGISTRY_TOKEN, npm's _auth) and a value with `user:pass@` in a
 * URL (a proxy's, a package index's) stay out. A build that needs one names it in
 * BENCHGATE_PASS_ENV (comma-separated), which passes it as it is.
 */

import os from 'node:os';

/**
 * git in a build or benchmark reads neither the system's nor the user's git configuration,
 * where CI may keep a credential helper or a token in an `insteadOf` URL; its checkout's own
 * configuration holds none (src/git.ts). A file the commands can read is still readable.
 */
const GIT_WITHOUT_USER_CONFIG = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };

/** Comma-separated names of variables the commands may see after all. */
export const PASS_ENV_VARIABLE = 'BENCHGATE_PASS_ENV';

/** Names passed as they are (upper case; proxies are also read in lower case). */
// prettier-ignore
const ALLOWED_NAMES = new Set([
  // The process's basics.
  'HOME', 'PATH', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'TZ', 'LANG', 'LANGUAGE', 'TMPDIR', 'TMP', 'TEMP',
  'NO_COLOR', 'FORCE_COLOR', 'SOURCE_DATE_EPOCH',
  // Whether this is CI, and the runner's OS, architecture, scratch and tool directories.
  'CI', 'GITHUB_ACTIONS', 'GITLAB_CI', 'RUNNER_OS', 'RUNNER_ARCH', 'RUNNER_TEMP', 'RUNNER_TOOL_CACHE',
  // C and C++ toolchains.
  'CC', 'CXX', 'CPP', 'LD', 'AR', 'CFLAGS', 'CXXFLAGS', 'CPPFLAGS', 'LDFLAGS', 'MAKEFLAGS',
  'CPATH', 'C_INCLUDE_PATH', 'CPLUS_INCLUDE_PATH', 'LIBRARY_PATH', 'LD_LIBRARY_PATH',
  // JVM, Node, Python, Ruby, .NET.
  'JAVA_HOME', 'JAVA_OPTS', 'JAVA_TOOL_OPTIONS', 'MAVEN_OPTS', 'MAVEN_HOME', 'GRADLE_OPTS', 'GRADLE_USER_HOME',
  'NODE_OPTIONS', 'NODE_PATH', 'VIRTUAL_ENV', 'GEM_HOME', 'GEM_PATH', 'DOTNET_ROOT', 'NUGET_PACKAGES',
  // Proxies, and the certificate authorities a proxy or a private registry needs.
  'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY',
  'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE', 'GIT_SSL_CAINFO',
]);

/** Prefixes of names passed: a toolchain's settings and caches. */
// prettier-ignore
const ALLOWED_PREFIXES = [
  'LC_', 'XDG_', 'CARGO_', 'RUSTUP_', 'RUST', 'PYTHON', 'PIP_', 'CONDA_', 'JAVA_HOME_', 'NPM_CONFIG_',
  'PKG_CONFIG', 'CMAKE_', 'CCACHE_', 'DOTNET_',
];

/** Go's settings: GOPATH, GOFLAGS, GOCACHE, GOPROXY, GOMAXPROCS… (not GOOGLE_…). */
const GO_NAME = /^GO(?!OGLE)[A-Z0-9]+$/;

/** Names that say they hold a secret, refused even under an allowed prefix (CARGO_REGISTRY_TOKEN, NPM_CONFIG__AUTH, npm's `//host/:_authToken`). */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_?KEY|API_?KEY|ACCESS_?KEY|CREDENTIAL|JWT|AUTH|\/\//i;

/** A URL with a password in it: `scheme://user:pass@host`. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^/\s@:]*:[^/\s@]*@/i;

/** Whether the allow-list passes `name` with `value` (BENCHGATE_PASS_ENV aside). */
export function allowed(name: string, value: string): boolean {
  const upper = name.toUpperCase();
  const listed = ALLOWED_NAMES.has(upper) || GO_NAME.test(name) || ALLOWED_PREFIXES.some((prefix) => upper.startsWith(prefix));
  return listed && !SECRET_NAME.test(name) && !URL_WITH_PASSWORD.test(value);
}

/** The names listed in BENCHGATE_PASS_ENV. */
export function passEnvList(env: NodeJS.ProcessEnv): string[] {
  return (env[PASS_ENV_VARIABLE] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function passes(env: NodeJS.ProcessEnv, passed: ReadonlySet<string>): (name: string) => boolean {
  return (name) => passed.has(name) || allowed(name, env[name] ?? '');
}

/** Names of the variables in `env` that the commands will not see, sorted. */
export function withheldVariables(env: NodeJS.ProcessEnv, allow: readonly string[] = []): string[] {
  const pass = passes(env, new Set([...allow, ...passEnvList(env)]));
  return Object.keys(env)
    .filter((name) => !pass(name))
    .sort();
}

/**
 * The allowed part of `env` (plus what `allow` or BENCHGATE_PASS_ENV names) over git without
 * the system's and user's configuration, then `vars`.
 * A new object; `env` is not changed.
 */
export function commandEnvironment(env: NodeJS.ProcessEnv, vars: Record<string, string>, allow: readonly string[] = []): NodeJS.ProcessEnv {
  const pass = passes(env, new Set([...allow, ...passEnvList(env)]));
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && pass(name)) out[name] = value;
  return { ...GIT_WITHOUT_USER_CONFIG, ...out, ...vars };
}
