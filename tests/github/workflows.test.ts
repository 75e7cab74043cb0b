/**
 * The workflow files benchgate ships: actionlint passes on the starter workflows and the
 * reusable workflow (and, through their `uses: ./`, checks every `with:` key against
 * action.yml), and action.yml declares exactly the settings the Config accepts plus the
 * action's own inputs.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_KEYS } from '../../src/config.js';
import { ROOT } from '../e2e/helpers.js';

function hasActionlint(): boolean {
  return spawnSync('actionlint', ['-version']).status === 0;
}

const required = Boolean(process.env.BENCHGATE_REQUIRE_TOOLCHAINS);
const workflowFiles = [
  ...readdirSync(path.join(ROOT, 'templates/github')).map((f) => path.join('templates/github', f)),
  ...readdirSync(path.join(ROOT, '.github/workflows')).map((f) => path.join('.github/workflows', f)),
].filter((f) => /\.ya?ml$/.test(f));

describe('workflow files', () => {
  it('are the three starter workflows and the reusable one', () => {
    expect(workflowFiles.sort()).toEqual(['.github/workflows/benchgate.yml', 'templates/github/benchgate-comment.yml', 'templates/github/benchgate-deep.yml', 'templates/github/benchgate.yml']);
  });

  (hasActionlint() || required ? it : it.skip)('pass actionlint', () => {
    const run = spawnSync('actionlint', ['-no-color', '-oneline', ...workflowFiles], { cwd: ROOT, encoding: 'utf8' });
    if (run.error) throw new Error(`actionlint is required (BENCHGATE_REQUIRE_TOOLCHAINS is set) but could not run: ${run.error.message}`);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('actionlint would catch an input action.yml does not declare', () => {
    if (!hasActionlint()) return expect(required).toBe(false);
    const bad = readFileSync(path.join(ROOT, 'templates/github/benchgate.yml'), 'utf8').replace('threshold: 2', 'treshold: 2');
    const run = spawnSync('actionlint', ['-no-color', '-oneline', '-stdin-filename', 'templates/github/benchgate.yml', '-'], { cwd: ROOT, input: bad, encoding: 'utf8' });
    expect(run.stdout).toMatch(/input "treshold" is not defined in action "benchgate"/);
  });
});

describe('the reusable workflow', () => {
  const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/benchgate.yml'), 'utf8'));
  const inputs = workflow.on.workflow_call.inputs as Record<string, { default?: unknown }>;
  const steps = workflow.jobs.benchgate.steps as { uses?: string; with?: Record<string, string> }[];

  it("forwards only what the caller set, so .benchgate.yml's settings are not overridden", () => {
    const action = steps.find((s) => s.uses === './.benchgate-action')!;
    const forwarded = Object.values(action.with!).map((v) => /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(v)?.[1]);
    expect(forwarded.length).toBeGreaterThan(5);
    for (const name of forwarded) {
      expect(name).toBeDefined();
      expect({ name, default: inputs[name!]!.default }).toEqual({ name, default: '' });
    }
  });
});

describe('action.yml', () => {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8'));

  it('runs the committed bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(execFileSync('git', ['ls-files', 'dist/index.js'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('dist/index.js');
  });

  it('declares every Config key as an input, plus the action’s own, and the documented outputs', () => {
    const own = ['config', 'comment', 'check', 'report-from', 'token'];
    expect(Object.keys(action.inputs).sort()).toEqual([...CONFIG_KEYS, ...own].sort());
    expect(Object.keys(action.outputs).sort()).toEqual(['improvements', 'regressions', 'results-path', 'summary-path', 'verdict']);
    // Config keys default to empty so .benchgate.yml can set them; only the action's own have defaults.
    for (const key of CONFIG_KEYS) expect(action.inputs[key].default).toBeUndefined();
    expect(action.inputs.token.default).toBe('${{ github.token }}');
  });
});
