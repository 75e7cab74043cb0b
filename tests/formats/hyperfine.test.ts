import { describe, expect, it } from '@jest/globals';
import { hyperfine } from '../../src/formats/hyperfine.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture } from './fixture.js';

const parse = (file: string) => hyperfine.parse(fixture(`hyperfine/${file}`));

describe('hyperfine', () => {
  it.each([
    ['bencher_adapter_hyperfine_one.json', { 'sleep 0.01': 214 }],
    ['bencher_adapter_hyperfine_two.json', { 'sleep 0.1': 27, 'sleep 0.2': 13 }],
    ['generated_v1.15.0_ignore_failure_nonzero_exit_codes.json', { false: 6, true: 6 }],
    ['generated_v1.15.0_parameter_scan_shell_zero_times.json', { 'sleep 0.001': 8, 'sleep 0.002': 8, 'sleep 0.003': 8 }],
    ['generated_v1.15.0_two_commands_warmup_runs12.json', { 'sleep 0.01': 12, 'sleep 0.02': 12 }],
    ['generated_v1.20.0_list_parameter.json', { 'sleep 0.001': 5, 'sleep 0.002': 5 }],
    ['generated_v1.20.0_single_run_stddev_null.json', { 'sleep 0.01': 1 }],
    ['generated_v1.20.0_two_commands_with_memory_usage.json', { 'sleep 0.01': 10, 'sleep 0.02': 10 }],
  ])('reads one time per run from %s', (file, counts) => {
    const ms = parse(file);
    expect(benchmarks(ms)).toEqual(Object.keys(counts));
    for (const [command, count] of Object.entries(counts)) {
      expect(find(ms, command)).toMatchObject({ unit: 's', better: 'lower' });
      expect(find(ms, command).values).toHaveLength(count);
    }
  });

  it('reads peak memory per run when present', () => {
    const ms = parse('generated_v1.20.0_two_commands_with_memory_usage.json');
    expect(find(ms, 'sleep 0.01', 'memory')).toMatchObject({
      unit: 'B',
      better: 'lower',
      values: Array(10).fill(2953216),
      role: 'secondary',
    });
    expect(find(ms, 'sleep 0.01')).toMatchObject({ role: 'primary' });
  });

  it('keeps a repeated command apart', () => {
    const ms = hyperfine.parse(
      JSON.stringify({
        results: [
          { command: 'x', times: [1] },
          { command: 'x', times: [2] },
        ],
      }),
    );
    expect(ms.map((m) => [m.benchmark, m.values])).toEqual([
      ['x', [1]],
      ['x (#2)', [2]],
    ]);
  });

  it('rejects a result without times', () => {
    expect(() => hyperfine.parse('{"results":[{"command":"x"}]}')).toThrow(FormatError);
  });
});
