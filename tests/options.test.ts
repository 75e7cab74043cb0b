/**
 * The option table (src/options.ts) is the one source for flags, inputs, defaults and help:
 * these fail when the README's flag table, action.yml or the GitLab component drift from it.
 * Fix by running `node --import tsx scripts/generate-options.ts`.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DEFAULTS } from '../src/config.js';
import { CONFIG_KEYS, OPTIONS } from '../src/options.js';
import { actionYml, declaredDefault, FILES, flagTable, gitlabYml } from '../scripts/generate-options.js';

interface Input {
  description?: string;
  default?: string | number;
  options?: string[];
}

/**
 * The component's own defaults where they differ from the table's: its merge request job runs
 * rounds auto in a budget a CI job affords (issue 14; docs/gitlab.md).
 */
const COMPONENT_CHOICES: Record<string, string> = { rounds: 'auto', 'max-time': '20m' };

const read = (file: string) => readFileSync(file, 'utf8');
const inputsOf = (text: string, path: string[]) => path.reduce((v: any, k) => v[k], parse(text)) as Record<string, Input>;

describe('the option table', () => {
  it('gives every option a type, help and trust class, and numbers their range', () => {
    for (const o of OPTIONS) {
      expect(o.help).toMatch(/^[a-z]/);
      expect(['any', 'stricter-only', 'trusted-only']).toContain(o.trust);
      if (o.trust === 'stricter-only') expect(['higher', 'lower']).toContain(o.stricter);
      if (o.type === 'int' || o.type === 'number') expect([typeof o.valid, typeof o.expected]).toEqual(['function', 'string']);
      if (o.type === 'choice') expect(o.choices!.length).toBeGreaterThan(1);
    }
    expect(new Set(OPTIONS.map((o) => o.name)).size).toBe(OPTIONS.length);
  });

  it('records the options that choose commits or can weaken the gate as not settable from the pull request', () => {
    const trusted = OPTIONS.filter((o) => o.trust === 'trusted-only').map((o) => o.name);
    for (const name of ['base', 'head', 'fail-on', 'correction', 'working-directory', 'bench', 'build', 'out'])
      expect(trusted).toContain(name);
    expect(OPTIONS.find((o) => o.name === 'threshold')).toMatchObject({ trust: 'stricter-only', stricter: 'lower' });
    expect(OPTIONS.find((o) => o.name === 'alpha')).toMatchObject({ trust: 'stricter-only', stricter: 'higher' });
  });

  it("keeps every option that changes what is measured out of the pull request's hands (trusted-only)", () => {
    const measuring = OPTIONS.filter((o) => o.measures);
    for (const o of measuring) expect([o.name, o.trust]).toEqual([o.name, 'trusted-only']);
    // The ones a review found settable from a pull request's file, the steady-machine options among them.
    for (const name of ['no-fsync', 'pin-cpu', 'no-aslr', 'priority', 'warmup', 'timeout', 'measure', 'working-directory', 'bench'])
      expect(measuring.map((o) => o.name)).toContain(name);
    // What a pull request's file may still set changes only how much is run or how strictly it is judged.
    expect(OPTIONS.filter((o) => o.file && o.trust !== 'trusted-only').map((o) => o.name)).toEqual([
      'rounds',
      'min-rounds',
      'max-rounds',
      'threshold',
      'alpha',
      'source',
    ]);
  });

  it('is where the config defaults come from', () => {
    expect(DEFAULTS).toMatchObject({
      rounds: 10,
      warmup: 1,
      thresholdPct: 2,
      alpha: 0.05,
      correction: 'holm',
      outDir: 'benchgate-out',
    });
  });
});

describe('documents generated from the option table', () => {
  it("the README's flag table", () => {
    expect(read(FILES.readme)).toContain(flagTable());
  });

  it("action.yml's inputs: one per Action option, with the table's descriptions and defaults", () => {
    const text = read(FILES.action);
    expect(actionYml(text)).toBe(text);
    const inputs = inputsOf(text, ['inputs']);
    expect(Object.keys(inputs).sort()).toEqual(
      OPTIONS.filter((o) => o.action)
        .map((o) => o.name)
        .sort(),
    );
    for (const o of OPTIONS.filter((x) => x.action)) expect([o.name, inputs[o.name]!.default]).toEqual([o.name, declaredDefault(o)]);
  });

  it("the GitLab component's inputs that are config keys: the table's descriptions, defaults and choices", () => {
    const text = read(FILES.gitlab);
    expect(gitlabYml(text)).toBe(text);
    const [header, jobs] = text.split(/^---$/m) as [string, string];
    const inputs = inputsOf(header, ['spec', 'inputs']);
    const shared = CONFIG_KEYS.filter((key) => key in inputs);
    expect(shared.length).toBeGreaterThan(5);
    for (const key of shared) {
      const o = OPTIONS.find((x) => x.name === key)!;
      const input = inputs[key]!;
      const declared = input.default === undefined || input.default === '' ? undefined : String(input.default);
      const expected = COMPONENT_CHOICES[key] ?? (o.default === undefined ? undefined : String(o.default));
      if (declared === undefined && expected !== undefined) {
        // Empty: the job leaves the flag out, so benchgate's own default applies (alpha's depends on rounds).
        const variable = `BENCHGATE_INPUT_${key.toUpperCase().replaceAll('-', '_')}`;
        expect([key, jobs]).toEqual([key, expect.stringContaining(`\${${variable}:+--${key} "$${variable}"}`)]);
      } else {
        expect([key, declared]).toEqual([key, expected]);
      }
      if (input.options) expect([key, input.options]).toEqual([key, o.choices]);
    }
  });
});
