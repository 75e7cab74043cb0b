import { describe, expect, it } from '@jest/globals';
import { commandEnvironment, isCredential, withheldVariables } from '../../src/runner/env.js';

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
};

describe('commandEnvironment', () => {
  it('withholds every credential benchgate knows of and keeps the rest', () => {
    const env = commandEnvironment(CI_ENV, { BENCHGATE_SIDE: 'base' });
    expect(Object.keys(env).sort()).toEqual(['BENCHGATE_SIDE', 'CI_COMMIT_SHA', 'GITHUB_SHA', 'HOME', 'INPUT_ROUNDS', 'PATH']);
    expect(CI_ENV.GITHUB_TOKEN).toBe('ghs_x'); // the input is not changed
  });

  it('passes through what the allow list or BENCHGATE_PASS_ENV names', () => {
    expect(commandEnvironment(CI_ENV, {}, ['NPM_TOKEN']).NPM_TOKEN).toBe('npm_x');
    const env = commandEnvironment({ ...CI_ENV, BENCHGATE_PASS_ENV: ' NPM_TOKEN , AWS_SECRET_ACCESS_KEY' }, {});
    expect([env.NPM_TOKEN, env.AWS_SECRET_ACCESS_KEY, env.GITHUB_TOKEN]).toEqual(['npm_x', 'aws', undefined]);
  });

  it('names what it withholds', () => {
    expect(withheldVariables({ PATH: '/bin', GITHUB_TOKEN: 'x', NODE_AUTH_TOKEN: 'y' })).toEqual(['GITHUB_TOKEN', 'NODE_AUTH_TOKEN']);
    expect(withheldVariables({ GITHUB_TOKEN: 'x', BENCHGATE_PASS_ENV: 'GITHUB_TOKEN' })).toEqual([]);
  });

  it('tells credentials by name', () => {
    for (const name of [
      'npm_config_//registry.npmjs.org/:_authToken',
      'SSH_AUTH_SOCK',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'STRIPE_API_KEY',
      'AWS_SESSION_TOKEN',
      'VAULT_TOKEN',
    ]) {
      expect(isCredential(name)).toBe(true);
    }
    for (const name of [
      'PATH',
      'HOME',
      'GITHUB_REPOSITORY',
      'BENCHGATE_RUN_ID',
      'BENCHGATE_PASS_ENV',
      'GOMAXPROCS',
      'TOKENIZERS_PARALLELISM',
      'TOKEN_PROBE',
    ]) {
      expect(isCredential(name)).toBe(false);
    }
  });
});
