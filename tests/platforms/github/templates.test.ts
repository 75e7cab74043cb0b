/**
 * The starter workflows' benchgate settings are ones benchgate accepts: each template's
 * benchgate step, its `with:` values read as the Action reads its inputs (text, the empty ones
 * left out), `${{ inputs.x }}` replaced by the workflow_dispatch input's default, validated by
 * the config loader. actionlint (workflows.test.ts) checks the keys; this checks the values.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_KEYS, resolveConfig, sourced, type Config } from '../../../src/config.js';
import { ROOT } from '../../e2e/helpers.js';

interface Workflow {
  on: { workflow_dispatch?: { inputs: Record<string, { default?: string | number }> } };
  jobs: Record<string, { steps: { uses?: string; with?: Record<string, string | number> }[] }>;
}

/** The Config the template's benchgate step would run with (no .benchgate.yml). */
function stepConfig(file: string): Config {
  const workflow = parse(readFileSync(path.join(ROOT, 'templates', 'github', file), 'utf8')) as Workflow;
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((s) => s.uses?.toLowerCase().startsWith('owner/benchgate'))!;
  const dispatch = workflow.on.workflow_dispatch?.inputs ?? {};
  const input = (value: string | number) =>
    String(value).replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_m, name: string) => String(dispatch[name]?.default ?? ''));
  const inputs = Object.entries(step.with!).filter(([key]) => (CONFIG_KEYS as readonly string[]).includes(key));
  return resolveConfig([sourced(Object.fromEntries(inputs.map(([key, value]) => [key, input(value)])), (key) => `input ${key}`)], '.');
}

describe('the starter workflows', () => {
  it('PR gate: rounds auto within 30 rounds and 20 minutes of measuring, at the design’s alpha', () => {
    const config = stepConfig('benchgate.yml');
    expect(config.adaptive).toMatchObject({ minRounds: 10, lookEvery: 5, maxRounds: 30, maxTimeSec: 20 * 60 });
    expect([config.thresholdPct, config.alpha]).toEqual([2, 0.005]);
  });

  it('deep run: a larger budget and a smaller threshold, its selection by benchgate’s ignore globs', () => {
    const gate = stepConfig('benchgate.yml');
    const deep = stepConfig('benchgate-deep.yml');
    expect(deep.adaptive).toMatchObject({ maxRounds: 60, maxTimeSec: 60 * 60 });
    expect(deep.adaptive!.maxRounds).toBeGreaterThan(gate.adaptive!.maxRounds);
    expect(deep.adaptive!.maxTimeSec).toBeGreaterThan(gate.adaptive!.maxTimeSec);
    expect(deep.thresholdPct).toBeLessThan(gate.thresholdPct);
    const workflow = readFileSync(path.join(ROOT, 'templates', 'github', 'benchgate-deep.yml'), 'utf8');
    expect(workflow).toContain('ignore: ${{ inputs.ignore }}');
    expect(workflow).not.toMatch(/FILTER/);
  });

  it('quiet gate: counts per Go benchmark under valgrind, installed first; the deep run keeps timing', () => {
    const quiet = stepConfig('benchgate-quiet.yml');
    expect(quiet.measure).toBe('instructions');
    expect(quiet.countTarget).toMatchObject({ packages: ['./...'], pattern: '.' });
    expect([quiet.thresholdPct, quiet.jobs]).toEqual([2, 2]);
    const workflow = readFileSync(path.join(ROOT, 'templates', 'github', 'benchgate-quiet.yml'), 'utf8');
    expect(workflow).toMatch(/apt-get install .*valgrind/);
    expect(stepConfig('benchgate-deep.yml').measure).toBe('time');
  });
});
