/** The config keys of instruction mode and the steadier-machine options (config.ts). */
import { describe, expect, it } from '@jest/globals';
import { ConfigError, resolveConfig, runSettingsOf, sourced } from '../../src/config.js';
import { SELF_COUNTING_FORMATS } from '../../src/harness/index.js';

const resolve = (raw: Record<string, unknown>) => resolveConfig([sourced({ bench: 'true', ...raw }, (k) => `--${k}`)], '.');

describe('measure and steadier-machine keys', () => {
  it('are off by default', () => {
    expect(resolve({})).toMatchObject({ measure: 'time', pinCpu: undefined, noAslr: false, noFsync: false, priority: false });
  });

  it('read on/off values from flags, inputs and YAML alike', () => {
    expect(resolve({ 'no-aslr': true, 'no-fsync': 'on', priority: 'TRUE' })).toMatchObject({ noAslr: true, noFsync: true, priority: true });
    expect(resolve({ 'no-aslr': 'false', priority: 'off' })).toMatchObject({ noAslr: false, priority: false });
    expect(() => resolve({ 'no-aslr': 'maybe' })).toThrow(new ConfigError('--no-aslr: expected true or false, got "maybe"'));
  });

  it('take a CPU number or auto for pin-cpu', () => {
    expect(resolve({ 'pin-cpu': '1' }).pinCpu).toBe(1);
    expect(resolve({ 'pin-cpu': 0 }).pinCpu).toBe(0);
    expect(resolve({ 'pin-cpu': 'auto' }).pinCpu).toBe('auto');
    expect(() => resolve({ 'pin-cpu': 'first' })).toThrow(/--pin-cpu: expected a CPU number \(e.g. 1\) or auto/);
  });

  it('make instruction mode a whole-command mode unless the format is counted per benchmark', () => {
    expect(resolve({ measure: 'instructions' })).toMatchObject({ measure: 'instructions', format: 'command' });
    expect(resolve({ measure: 'instructions', format: 'auto' }).format).toBe('command');
    expect(() => resolve({ measure: 'instructions', format: 'jmh' })).toThrow(
      /jmh cannot be counted per benchmark: JMH's iterations run for a time/,
    );
    // A harness that prints its own counts keeps its format and is never wrapped in cachegrind (countScope harness).
    for (const format of SELF_COUNTING_FORMATS)
      expect(runSettingsOf(resolve({ measure: 'instructions', format }))).toMatchObject({ format, countScope: 'harness' });
    expect(
      resolve({ measure: 'instructions', format: 'google-benchmark', bench: './build/bench --benchmark_filter=BM_' }).countTarget,
    ).toEqual({
      packages: [],
      pattern: 'BM_',
      buildFlags: [],
      binary: './build/bench',
    });
    expect(() => resolve({ measure: 'cycles' })).toThrow(/expected one of time, instructions/);
  });
});
