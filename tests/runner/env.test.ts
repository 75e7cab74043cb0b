import { describe, expect, it } from '@jest/globals';
import os from 'node:os';
import { allowed, commandEnvironment, withheldVariables } from '../../src/runner/env.js';

const CI_ENV = {
  PATH: '/usr/bin',
  HOME: '/home/runner',
  GITHUB_TOKEN: 'ghs_x',
  GH_TOKEN: 'ghs_y',
  'INPUT_GITHUB-TOKEN': 'ghs_z',
  INPUT_TOKEN: 'ghs_w',
  INPUT_ROUNDS: '10',
  ACTIONS_RUNTIME_TOKEN: 'r',
  ACTIONS_RUNTIME_URL: 'https://pipelines.example/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'id',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example/',
  ACTIONS_CACHE_URL: 'https://cache.example/',
  ACTIONS_RESULTS_URL: 'https://results.example/',
  CI_JOB_TOKEN: 'glcbt',
  CI_JOB_JWT_V2: 'jwt',
  CI_REGISTRY_PASSWORD: 'pw',
  CI_REPOSITORY_URL: 'https://gitlab-ci-token:glcbt@gitlab.example/g/p.git',
  GITLAB_TOKEN: 'glpat',
  BENCHGATE_GITLAB_TOKEN: 'glpat2',
  NPM_TOKEN: 'npm_x',
  AWS_SECRET_ACCESS_KEY: 'aws',
  GITHUB_SHA: 'abc',
  CI_COMMIT_SHA: 'abc',
  // Secrets whose names say nothing, and the files through which a step sets later steps' environment.
  GH_PAT: 'ghp_x',
  DATABASE_URL: 'postgres://u:pw@db.example/x',
  DOCKER_AUTH_CONFIG: '{"auths":{}}',
  NPM_CONFIG__AUTH: 'dTpw',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.example/T/B/x',
  GITHUB_ENV: '/runner/env',
  GITHUB_PATH: '/runner/path',
  GITHUB_OUTPUT: '/runner/output',
  GITHUB_STEP_SUMMARY: '/runner/summary',
  // What builds need.
  LANG: 'C.UTF-8',
  LC_ALL: 'C',
  GOFLAGS: '-mod=mod',
  CARGO_HOME: '/cargo',
  RUSTFLAGS: '-C target-cpu=native',
  PYTHONPATH: '/py',
  NPM_CONFIG_CACHE: '/npm',
  RUNNER_TEMP: '/runner/tmp',
  https_proxy: 'http://proxy.example:3128',
};

describe('commandEnvironment', () => {
  it('passes only the allow-list: every credential, named or not, and the step files stay out', () => {
    const env = commandEnvironment(CI_ENV, { BENCHGATE_SIDE: 'base' });
    expect(Object.keys(env).sort()).toEqual(
      [
        'BENCHGATE_SIDE',
        'CARGO_HOME',
        'GIT_CONFIG_GLOBAL',
        'GIT_CONFIG_NOSYSTEM',
        'GOFLAGS',
        'HOME',
        'LANG',
        'LC_ALL',
        'NPM_CONFIG_CACHE',
        'PATH',
        'PYTHONPATH',
        'RUNNER_TEMP',
        'RUSTFLAGS',
        'https_proxy',
      ].sort(),
    );
    expect([env.GIT_CONFIG_NOSYSTEM, env.GIT_CONFIG_GLOBAL]).toEqual(['1', os.devNull]);
    expect(CI_ENV.GITHUB_TOKEN).toBe('ghs_x'); // the input is not changed
  });

  it('passes through what the caller or BENCHGATE_PASS_ENV names, as it is', () => {
    expect(commandEnvironment(CI_ENV, {}, ['NPM_TOKEN']).NPM_TOKEN).toBe('npm_x');
    const env = commandEnvironment({ ...CI_ENV, BENCHGATE_PASS_ENV: ' NPM_TOKEN , DATABASE_URL' }, {});
    expect([env.NPM_TOKEN, env.DATABASE_URL, env.GITHUB_TOKEN]).toEqual(['npm_x', 'postgres://u:pw@db.example/x', undefined]);
  });

  it('names what it withholds', () => {
    expect(withheldVariables({ PATH: '/bin', GITHUB_TOKEN: 'x', GITHUB_ENV: '/e', NODE_AUTH_TOKEN: 'y' })).toEqual([
      'GITHUB_ENV',
      'GITHUB_TOKEN',
      'NODE_AUTH_TOKEN',
    ]);
    expect(withheldVariables({ GITHUB_TOKEN: 'x', BENCHGATE_PASS_ENV: 'GITHUB_TOKEN,BENCHGATE_PASS_ENV' })).toEqual([]);
  });

  it('refuses a secret under an allowed name or prefix', () => {
    for (const [name, value] of [
      ['npm_config_//registry.example.test/:_authToken', 'x'],
      ['NPM_CONFIG__AUTH', 'x'],
      ['CARGO_REGISTRY_TOKEN', 'x'],
      ['CARGO_REGISTRIES_CORP_TOKEN', 'x'],
      ['HTTPS_PROXY', 'http://user:pw@proxy.example:3128'],
      ['PIP_INDEX_URL', 'https://__token__:pypi-x@pypi.example/simple'],
      ['GOOGLE_CLOUD_PROJECT', 'p'],
    ]) {
      expect([name, allowed(name!, value!)]).toEqual([name, false]);
    }
    for (const [name, value] of [
      ['HTTPS_PROXY', 'http://proxy.example:3128'],
      ['PIP_INDEX_URL', 'https://pypi.example/simple'],
      ['GOMAXPROCS', '2'],
      ['JAVA_HOME_17_X64', '/jdk'],
      ['TERM', 'xterm'],
    ]) {
      expect([name, allowed(name!, value!)]).toEqual([name, true]);
    }
  });
});
