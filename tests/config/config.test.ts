import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, DEFAULTS, parseConfigText, readConfigFile, resolveConfig, sourced } from '../../src/config.js';
import { tempDir } from '../e2e/helpers.js';

function yamlFile(text: string): string {
  const file = path.join(tempDir(), '.benchgate.yml');
  writeFileSync(file, text);
  return file;
}

const flags = (raw: Record<string, unknown>) => sourced(raw, (k) => `--${k}`);

describe('config', () => {
  it('fills the documented defaults', () => {
    const c = resolveConfig([flags({ bench: 'make bench' })], '/repo');
    expect(c).toMatchObject({
      head: undefined,
      rounds: DEFAULTS.rounds,
      warmup: 1,
      thresholdPct: 2,
      alpha: 0.05,
      correction: 'holm',
      failOn: ['regression'],
      outDir: path.resolve('/repo', 'benchgate-out'),
    });
    expect(Number.isInteger(c.seed)).toBe(true);
  });

  it('reads .benchgate.yml and lets flags win', () => {
    const file = yamlFile('bench: go test -bench .\nrounds: 20\nthreshold: 5\n');
    const c = resolveConfig([readConfigFile(file, true), flags({ rounds: '7' })], '.');
    expect(c.bench).toBe('go test -bench .');
    expect(c.rounds).toBe(7);
    expect(c.thresholdPct).toBe(5);
  });

  it('names the file, line and key of a bad value', () => {
    const file = yamlFile('bench: x\n\nrounds: many\n');
    expect(() => resolveConfig([readConfigFile(file, true)], '.')).toThrow(
      `${file}:3 (rounds): expected a whole number >= 1, or auto, got "many"`,
    );
  });

  it('names an unknown key and lists the valid ones', () => {
    const file = yamlFile('bench: x\nround: 3\n');
    expect(() => readConfigFile(file, true)).toThrow(
      new RegExp(`${file}:2: unknown key "round"; did you mean "rounds"\\? valid keys: .*rounds`),
    );
  });

  it('suggests the key a typo is nearest to, as the CLI does for a flag, and nothing for a stranger', () => {
    const file = yamlFile('bench: x\nthresold: 5\ngate_metrics: [allocs/op]\n');
    expect(() => readConfigFile(file, true)).toThrow(`${file}:2: unknown key "thresold"; did you mean "threshold"? valid keys: `);
    expect(() => readConfigFile(yamlFile('bench: x\ngate_metrics: [a]\n'), true)).toThrow('did you mean "gate-metrics"?');
    expect(() => readConfigFile(yamlFile('bench: x\nxyzzy: 1\n'), true)).toThrow(/unknown key "xyzzy"; valid keys: /);
  });

  it('takes a percentage with its sign: threshold 5%, per-glob thresholds 10 %', () => {
    const file = yamlFile("bench: x\nthreshold: 5%\nthresholds:\n  'json/*': 10 %\n");
    const c = resolveConfig([readConfigFile(file, true)], '.');
    expect([c.thresholdPct, c.thresholds]).toEqual([5, [{ glob: 'json/*', pct: 10 }]]);
    expect(resolveConfig([flags({ bench: 'x', threshold: '2.5%', thresholds: 'sort/*=7%' })], '.')).toMatchObject({
      thresholdPct: 2.5,
      thresholds: [{ glob: 'sort/*', pct: 7 }],
    });
    expect(() => resolveConfig([flags({ bench: 'x', threshold: '5%%' })], '.')).toThrow('--threshold: expected a percentage >= 0');
    expect(() => resolveConfig([flags({ bench: 'x', alpha: '5%' })], '.')).toThrow('--alpha: expected a probability');
  });

  it('refuses a per-glob threshold with no percentage (`glob: ~`) as it refuses `glob=` in text', () => {
    const file = yamlFile("bench: x\nthresholds:\n  'json/*': ~\n");
    expect(() => resolveConfig([readConfigFile(file, true)], '.')).toThrow(
      /\.benchgate\.yml:3 \(thresholds\) for "json\/\*": expected a percentage >= 0/,
    );
    expect(() => resolveConfig([flags({ bench: 'x', thresholds: 'json/*=' })], '.')).toThrow('expected a percentage >= 0');
  });

  it('reports invalid YAML with its line', () => {
    const file = yamlFile('bench: x\nbuild: make\n  rounds: 3\n');
    expect(() => readConfigFile(file, true)).toThrow(ConfigError);
    expect(() => readConfigFile(file, true)).toThrow(`${file}:2: invalid YAML: `);
  });

  it('names the file, line and key of a list where one value belongs', () => {
    const file = yamlFile('bench: x\nrounds: [10, 20]\n');
    expect(() => readConfigFile(file, true)).toThrow(`${file}:2: "rounds" must be a single value, not a list or mapping`);
  });

  it('names the flag of a bad value', () => {
    expect(() => resolveConfig([flags({ bench: 'x', alpha: '5' })], '.')).toThrow('--alpha: expected a probability between 0 and 1');
    expect(() => resolveConfig([flags({ bench: 'x', 'fail-on': 'always' })], '.')).toThrow(
      '--fail-on: expected regression and/or removed (e.g. "regression, removed"), or none alone, got "always"',
    );
  });

  it('reads fail-on as a list: regression and/or removed, or none alone', () => {
    const failOn = (text: string) => resolveConfig([flags({ bench: 'x', 'fail-on': text })], '.').failOn;
    expect(failOn('regression, removed')).toEqual(['regression', 'removed']);
    expect(failOn('removed')).toEqual(['removed']);
    expect(failOn('none')).toEqual([]);
    expect(resolveConfig([parseConfigText('bench: x\nfail-on: [regression, removed]\n', 'f')], '.').failOn).toEqual([
      'regression',
      'removed',
    ]);
    expect(() => failOn('none, removed')).toThrow('got "none"');
  });

  it('requires a benchmark command and says how to give one', () => {
    expect(() => resolveConfig([], '.')).toThrow(/--bench/);
  });

  it('treats a missing default file as empty but a missing named file as an error', () => {
    expect(readConfigFile('/nonexistent/.benchgate.yml', false)).toEqual({});
    expect(() => readConfigFile('/nonexistent/.benchgate.yml', true)).toThrow('config file not found');
  });
});

describe('command mode', () => {
  it('--bench-command times the whole process, with no parser', () => {
    const c = resolveConfig([flags({ 'bench-command': './server --selftest' })], '.');
    expect(c).toMatchObject({ bench: './server --selftest', format: 'command' });
  });

  it('refuses bench and bench-command together', () => {
    expect(() => resolveConfig([flags({ bench: 'a', 'bench-command': 'b' })], '.')).toThrow(
      '--bench-command: give either bench or bench-command, not both',
    );
  });
});

describe('config: measure instructions per benchmark', () => {
  const resolve = (raw: Record<string, unknown>) => resolveConfig([flags({ measure: 'instructions', ...raw })], '/repo');

  it('reads the count target from a direct go test call, and counts the whole command otherwise', () => {
    const c = resolve({ bench: "go test -run '^$' -bench Parse ./a", format: 'go' });
    expect(c.countTarget).toEqual({ packages: ['./a'], pattern: 'Parse', buildFlags: [] });
    expect(c.format).toBe('go');
    expect(resolve({ 'bench-command': './prog' })).toMatchObject({ format: 'command' });
    expect(resolve({ bench: './prog' })).toMatchObject({ format: 'command' });
    expect(resolve({ bench: './prog' }).countTarget).toBeUndefined();
    expect(resolve({ bench: 'go test -bench .', format: 'go', jobs: '3' }).jobs).toBe(3);
  });

  it('takes count-packages or count-binary for a command it cannot see through, keeping the pattern when it can', () => {
    expect(resolve({ bench: 'make bench', format: 'go', 'count-packages': './x,./y' }).countTarget).toEqual({
      packages: ['./x', './y'],
      pattern: '.',
      buildFlags: [],
    });
    expect(resolve({ bench: 'make bench', format: 'go', 'count-binary': 'b.test' }).countTarget).toEqual({
      packages: [],
      pattern: '.',
      buildFlags: [],
      binary: 'b.test',
    });
  });

  it('says which settings to give, and refuses what does not apply (exit 2)', () => {
    expect(() => resolve({ bench: 'cd x && go test -bench .', format: 'go' })).toThrow(
      /--bench: .*cannot see through "cd x && go test -bench \."[^]*count-packages[^]*count-binary/,
    );
    expect(() => resolve({ bench: 'cargo bench', format: 'cargo-bench' })).toThrow(
      new ConfigError(
        "--format: measure: instructions counts per benchmark for go, google-benchmark, pytest-benchmark, benchgate only, and reads the counts iai-callgrind, qtestlib, nanobench print; cargo-bench cannot be counted per benchmark: libtest's #[bench] picks Bencher::iter's iteration count by timing and has no flag to fix it. Count the whole command instead: use bench-command (one count per run, with the work fixed in the code) and remove format",
      ),
    );
    // Criterion names what is missing: a fixed iteration count.
    expect(() => resolve({ bench: 'cargo bench', format: 'criterion' })).toThrow(
      /criterion cannot be counted per benchmark: .*cannot run a fixed number of iterations/,
    );
    // Google Benchmark: the binary by its path; anything else names count-binary, never count-packages.
    expect(() => resolve({ bench: 'make bench', format: 'google-benchmark' })).toThrow(
      /from a direct call of the benchmark binary by its path[^]*set count-binary to the benchmark binary/,
    );
    expect(() => resolve({ bench: './b', format: 'google-benchmark', 'count-packages': './...' })).toThrow(/set count-binary instead/);
    // benchgate's JSON format: a direct call of the harness, which reads its selection and work from the environment.
    expect(resolve({ bench: 'node --predictable bench.mjs', format: 'benchgate' }).countTarget).toEqual({
      packages: [],
      pattern: '.',
      buildFlags: [],
      command: ['node', '--predictable', 'bench.mjs'],
    });
    expect(() => resolve({ bench: 'node bench.mjs {filter}', format: 'benchgate' })).toThrow(
      /--bench: .*from a direct call of the harness in plain words[^]*cannot see through[^]*or use bench-command/,
    );
    expect(() => resolve({ 'bench-command': './prog', 'count-packages': './...' })).toThrow(
      '--count-packages: count-packages applies to measure: instructions with a counted format (go, google-benchmark, pytest-benchmark, benchgate) only',
    );
    expect(() => resolve({ bench: 'make bench', format: 'go', 'count-packages': '.', 'count-binary': 'b' })).toThrow(
      'give either count-binary or count-packages, not both',
    );
  });
});
