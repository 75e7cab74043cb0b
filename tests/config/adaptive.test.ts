/**
 * rounds auto in the configuration (src/config.ts roundsOf, parseDuration, takesFilter) and in
 * the trust rule (src/trust.ts): what a file or a flag may say, the errors that name where, and
 * what a pull request's own file may not change.
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from '../../src/adaptive/defaults.js';
import { ConfigError, DEFAULTS, parseDuration, readConfigFile, resolveConfig, sourced, type RawConfig } from '../../src/config.js';
import { governLayer } from '../../src/trust.js';
import { tempDir } from '../e2e/helpers.js';

const flags = (raw: Record<string, unknown>) => sourced(raw, (k) => `--${k}`);

function yamlFile(text: string): string {
  const file = path.join(tempDir(), '.benchgate.yml');
  writeFileSync(file, text);
  return file;
}

const resolve = (raw: Record<string, unknown>) => resolveConfig([flags({ bench: 'x', ...raw })], '.');

describe('rounds: auto', () => {
  it('--rounds auto: the default schedule, max-rounds as the rounds, no time budget, alpha 0.005', () => {
    const c = resolve({ rounds: 'auto' });
    expect(c.rounds).toBe(ADAPTIVE_BUDGET.maxRounds);
    expect(c.alpha).toBe(0.005);
    expect(c.adaptive).toEqual({
      minRounds: 10,
      lookEvery: 5,
      maxRounds: 30,
      maxTimeSec: 0,
      spending: ADAPTIVE_DESIGN.spending,
      test: ADAPTIVE_DESIGN.test,
      // Neither {filter} in the command nor benchgate's own format: whole-suite rounds.
      filter: false,
    });
  });

  it('rounds: auto in .benchgate.yml, with its schedule and budget', () => {
    const file = yamlFile(
      'bench: node bench.mjs\nformat: benchgate\nrounds: auto\nmin-rounds: 6\nlook-every: 2\nmax-rounds: 20\nmax-time: 20m\n',
    );
    const c = resolveConfig([readConfigFile(file, true)], '.');
    expect(c.rounds).toBe(20);
    expect(c.adaptive).toMatchObject({ minRounds: 6, lookEvery: 2, maxRounds: 20, maxTimeSec: 1200, filter: true });
  });

  it('fixed rounds stay as they were: no adaptive settings, alpha 0.05', () => {
    const c = resolve({ rounds: '12' });
    expect(c.rounds).toBe(12);
    expect(c.adaptive).toBeUndefined();
    expect(c.alpha).toBe(DEFAULTS.alpha);
    expect(resolve({}).adaptive).toBeUndefined();
  });

  it('an explicit alpha is kept in auto mode', () => {
    expect(resolve({ rounds: 'auto', alpha: '0.01' }).alpha).toBe(0.01);
    expect(resolve({ rounds: 'auto', alpha: '0.05' }).alpha).toBe(0.05);
  });

  it('refuses another word than auto, naming the flag and the line', () => {
    expect(() => resolve({ rounds: 'adaptive' })).toThrow('--rounds: expected a whole number >= 1, or auto, got "adaptive"');
    const file = yamlFile('bench: x\nrounds: automatic\n');
    expect(() => resolveConfig([readConfigFile(file, true)], '.')).toThrow(`${file}:2 (rounds): expected a whole number >= 1, or auto`);
  });

  it.each(['min-rounds', 'look-every', 'max-rounds', 'max-time'])('%s without rounds auto is an error naming where', (key) => {
    const value = key === 'max-time' ? '20m' : '12';
    expect(() => resolve({ [key]: value })).toThrow(new ConfigError(`--${key}: ${key} applies to rounds: auto only`));
    expect(() => resolve({ rounds: '10', [key]: value })).toThrow(`--${key}: ${key} applies to rounds: auto only`);
    const file = yamlFile(`bench: x\nrounds: 10\n${key}: ${value}\n`);
    expect(() => resolveConfig([readConfigFile(file, true)], '.')).toThrow(`${file}:3 (${key}): ${key} applies to rounds: auto only`);
  });

  it('max-rounds below min-rounds is an error naming the one given', () => {
    expect(() => resolve({ rounds: 'auto', 'min-rounds': '20', 'max-rounds': '15' })).toThrow(
      '--max-rounds: max-rounds (15) must be at least min-rounds (20)',
    );
    // Only min-rounds given, above the default max-rounds: it is the one named.
    expect(() => resolve({ rounds: 'auto', 'min-rounds': '40' })).toThrow('--min-rounds: max-rounds (30) must be at least min-rounds (40)');
    expect(resolve({ rounds: 'auto', 'min-rounds': '15', 'max-rounds': '15' }).adaptive).toMatchObject({ minRounds: 15, maxRounds: 15 });
  });

  it('the schedule numbers have their ranges', () => {
    expect(() => resolve({ rounds: 'auto', 'min-rounds': '1' })).toThrow('--min-rounds: expected a whole number >= 2');
    expect(() => resolve({ rounds: 'auto', 'look-every': '0' })).toThrow('--look-every: expected a whole number >= 1');
    expect(() => resolve({ rounds: 'auto', 'max-rounds': '2.5' })).toThrow('--max-rounds: expected a whole number >= 2');
  });
});

describe('max-time', () => {
  const seconds = (value: string) => parseDuration({ value, where: '.benchgate.yml:4 (max-time)' });

  it.each([
    ['20m', 1200],
    ['90s', 90],
    ['1h30m', 5400],
    ['1h', 3600],
    ['2m30s', 150],
    ['0', 0],
  ])('%s is %i s', (value, expected) => {
    expect(seconds(value)).toBe(expected);
  });

  it.each(['20', '5x', 'm', '', '-5m', '1h 30m', '20 m', '20min', '1d'])('refuses %j, naming where and what is expected', (value) => {
    expect(() => seconds(value)).toThrow(
      `.benchgate.yml:4 (max-time): expected a duration such as 20m, 90s or 1h30m (0 for none), got ${JSON.stringify(value)}`,
    );
  });

  it('reaches the settings in seconds; a bad one names the flag', () => {
    expect(resolve({ rounds: 'auto', 'max-time': '90s' }).adaptive?.maxTimeSec).toBe(90);
    expect(() => resolve({ rounds: 'auto', 'max-time': '20' })).toThrow('--max-time: expected a duration');
  });
});

describe('{filter}', () => {
  it('with a format whose filter syntax benchgate knows: the rounds can be filtered', () => {
    expect(resolve({ bench: 'go test -bench {filter} -run ^$ ./...', format: 'go', rounds: 'auto' }).adaptive?.filter).toBe(true);
    expect(resolve({ bench: 'node bench.mjs', format: 'benchgate', rounds: 'auto' }).adaptive?.filter).toBe(true);
    // A direct call benchgate reads gets the filter in place of its whole-suite -bench; other commands cannot be filtered.
    expect(resolve({ bench: 'go test -bench . ./...', format: 'go', rounds: 'auto' }).adaptive?.filter).toBe(true);
    expect(resolve({ bench: 'cd sub && go test -bench . ./...', format: 'go', rounds: 'auto' }).adaptive?.filter).toBe(false);
    expect(resolve({ bench: 'go test -bench ^BenchmarkParse ./...', format: 'go', rounds: 'auto' }).adaptive?.filter).toBe(false);
  });

  it.each(['hyperfine', 'auto', 'nanobench'])('with format %s is an error naming where', (format) => {
    expect(() => resolve({ bench: 'run {filter}', format, rounds: 'auto' })).toThrow(
      /^--bench: \{filter\} needs a format benchgate knows the filter syntax of: set format to one of go, /,
    );
  });

  it('in a config file, the error names its line', () => {
    const file = yamlFile('rounds: auto\nformat: hyperfine\nbench: hyperfine {filter}\n');
    expect(() => resolveConfig([readConfigFile(file, true)], '.')).toThrow(`${file}:3 (bench): {filter} needs a format`);
  });
});

describe("a pull request's own file and rounds auto (trust)", () => {
  const at = (key: string, value: unknown, file = '.benchgate.yml', line = 3): RawConfig => ({
    [key]: { value, where: `${file}:${line} (${key})` },
  });
  const trusted = (extra: RawConfig = {}): RawConfig => ({ ...at('rounds', 'auto', 'base:.benchgate.yml', 1), ...extra });
  const admitted = (base: RawConfig, proposed: RawConfig) => Object.keys(governLayer(base, proposed, 'pull_request event').admitted);

  it('cannot switch rounds to auto, from auto, or away from auto by a number', () => {
    expect(admitted({}, at('rounds', 'auto'))).toEqual([]);
    expect(admitted(at('rounds', 10, 'base', 1), at('rounds', 'auto'))).toEqual([]);
    expect(admitted(trusted(), at('rounds', 40))).toEqual([]);
    expect(governLayer(trusted(), at('rounds', 40), 'pull_request event').warnings[0]!.message).toBe(
      ".benchgate.yml:3 (rounds): ignored rounds: 40 from the pull request's own file on a pull_request event: only the base commit's file or the workflow sets rounds (docs/security.md)",
    );
    // Saying what the trusted file says is fine.
    expect(admitted(trusted(), at('rounds', 'auto'))).toEqual(['rounds']);
  });

  it('may raise max-rounds and min-rounds, never lower them (against the trusted value, else the default)', () => {
    expect(admitted(trusted(), at('max-rounds', 20))).toEqual([]);
    expect(admitted(trusted(at('max-rounds', 50)), at('max-rounds', 40))).toEqual([]);
    expect(admitted(trusted(), at('max-rounds', 40))).toEqual(['max-rounds']);
    expect(admitted(trusted(), at('min-rounds', 5))).toEqual([]);
    expect(admitted(trusted(at('min-rounds', 12)), at('min-rounds', 11))).toEqual([]);
    expect(admitted(trusted(), at('min-rounds', 15))).toEqual(['min-rounds']);
    expect(governLayer(trusted(), at('max-rounds', 20), 'e').warnings[0]!.message).toContain(
      'it may only make max-rounds higher (stricter) than 30',
    );
  });

  it('cannot set max-time or look-every at all', () => {
    expect(admitted(trusted(), at('max-time', '1h'))).toEqual([]);
    expect(admitted(trusted(at('max-time', '10m')), at('max-time', '1m'))).toEqual([]);
    expect(admitted(trusted(), at('look-every', 1))).toEqual([]);
  });

  it("cannot lower alpha in auto mode: the design's 0.005 stays", () => {
    expect(admitted(trusted(), at('alpha', 0.001))).toEqual([]);
    const base = trusted({ ...at('bench', 'x', 'base', 2) });
    const proposed = at('alpha', 0.001);
    const c = resolveConfig([base, governLayer(base, proposed, 'e').admitted], '.');
    expect(c.alpha).toBe(0.005);
  });
});
