/**
 * Action inputs -> one typed Config plus the GitHub options, like actions/checkout's
 * input-helper: nothing after this reads `core.getInput` again. Inputs left empty fall through
 * to `.benchgate.yml` and then to the defaults, so action.yml declares no defaults of its own.
 */
import * as core from '@actions/core';
import path from 'node:path';
import { checkHistoryUrl, type Config, CONFIG_FILE, CONFIG_KEYS, ConfigError, type RawConfig, readConfigFile, sourced } from './config.js';
import { apiPullRequestReader, loadConfig } from './trust.js';
import type { GitHubOptions } from './platforms/github-options.js';

export interface ActionInputs {
  /** Present unless the step only publishes saved results (`report-from`). */
  config?: Config;
  /** The artifact directory to publish instead of running anything (the publish job). */
  reportFrom?: string;
  /** With reportFrom: the config layers the gate is decided again with (the checkout's file, the inputs). */
  trusted?: RawConfig[];
  /** With reportFrom: the published history whose creep the comment quotes. */
  historyFrom?: string;
  github: GitHubOptions;
}

function onOff(name: string): boolean {
  const value = core.getInput(name).trim().toLowerCase();
  if (value === '' || value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new ConfigError(`input ${name}: expected on or off, got "${value}"`);
}

/** What the GitHub platform is given: the token, the comment and check switches, the override label and history URL. */
function githubOptions(token: string, env: NodeJS.ProcessEnv): GitHubOptions {
  const overrideLabel = core.getInput('override-label').trim() || undefined;
  const historyUrl = core.getInput('history-url').trim() || undefined;
  return {
    token: token || undefined,
    comment: onOff('comment'),
    check: onOff('check'),
    ...(overrideLabel && { overrideLabel }),
    ...(historyUrl && { historyUrl: checkHistoryUrl(historyUrl, 'input history-url') }),
    env,
  };
}

/** The publish step's inputs: the artifact to publish and the layers the gate is decided again with. */
function publishInputs(
  repoDir: string,
  inputs: { reportFrom: string; historyFrom: string | undefined; configInput: string; inputLayer: RawConfig },
  github: GitHubOptions,
): ActionInputs {
  const { reportFrom, historyFrom, configInput, inputLayer } = inputs;
  // The publish job checks out the base (or nothing): its config file and inputs are trusted.
  const file = configInput ? path.resolve(repoDir, configInput) : path.join(repoDir, CONFIG_FILE);
  return {
    reportFrom: path.resolve(repoDir, reportFrom),
    github,
    trusted: [readConfigFile(file, configInput !== ''), inputLayer],
    ...(historyFrom && { historyFrom: path.resolve(repoDir, historyFrom) }),
  };
}

export async function readActionInputs(env: NodeJS.ProcessEnv = process.env): Promise<ActionInputs> {
  const token = core.getInput('token');
  if (token) core.setSecret(token);
  // Build and benchmark commands inherit this process's environment; the token is for
  // benchgate's own API calls and must not reach them (nor anything they write to disk).
  delete env.INPUT_TOKEN;
  const repoDir = env.GITHUB_WORKSPACE ?? process.cwd();
  const reportFrom = core.getInput('report-from') || undefined;
  const historyFrom = core.getInput('history-from') || undefined;
  const github = githubOptions(token, env);
  const configInput = core.getInput('config');
  const inputLayer = sourced(Object.fromEntries(CONFIG_KEYS.map((key) => [key, core.getInput(key)])), (key) => `input ${key}`);
  if (reportFrom) return publishInputs(repoDir, { reportFrom, historyFrom, configInput, inputLayer }, github);
  // The step that runs the pull request's code never reads the history: only the publish job does.
  if (historyFrom)
    throw new ConfigError(
      "input history-from: only with report-from (the publish job quotes main's history; the measuring job never reads it)",
    );

  const config = await loadConfig({
    repoDir,
    configFile: configInput ? path.resolve(repoDir, configInput) : undefined,
    overrides: inputLayer,
    env,
    log: (m) => core.info(m),
    pullRequests: apiPullRequestReader(env, token || undefined),
  });
  return { config, github };
}
