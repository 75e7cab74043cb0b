import { describe, expect, it } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { criterion } from '../../src/formats/criterion.js';
import { parseCriterionSample } from '../../src/formats/criterion-dir.js';
import { parseCriterionDir, readRunResults } from '../../src/runner/run-results.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, FIXTURES, find, fixture } from './fixture.js';

const parse = (file: string) => criterion.parse(fixture(`criterion/${file}`));

describe('criterion console', () => {
  it('reads the middle estimate in seconds and the throughput in elements per second', () => {
    const ms = parse('generated_v0.5.1_cargo_bench_console_first_run.txt');
    expect(benchmarks(ms)).toEqual(['fib 15', 'sum/iter_sum/100', 'sum/iter_sum/10000']);
    expect(find(ms, 'fib 15').values[0]).toBeCloseTo(2.5156e-6, 15);
    expect(find(ms, 'sum/iter_sum/100', 'throughput')).toMatchObject({ unit: 'elem/s', better: 'higher', role: 'derived' });
    expect(find(ms, 'sum/iter_sum/100')).toMatchObject({ role: 'primary' });
  });

  it('ignores the change block of a second run', () => {
    const ms = parse('generated_v0.5.1_cargo_bench_console_second_run_with_change.txt');
    expect(ms.map((m) => [m.benchmark, m.metric, m.values.length])).toEqual([
      ['fib 15', 'time', 1],
      ['sum/iter_sum/100', 'time', 1],
      ['sum/iter_sum/100', 'throughput', 1],
      ['sum/iter_sum/10000', 'time', 1],
      ['sum/iter_sum/10000', 'throughput', 1],
    ]);
  });

  it('reads names wrapped onto their own line, with spaces, colons and parentheses', () => {
    expect(benchmarks(parse('bencher_adapter_criterion_dogfood_console.txt'))).toEqual([
      'Adapter::Magic (JSON)',
      'Adapter::Json',
      'Adapter::Magic (Rust)',
      'Adapter::Rust',
    ]);
    const many = parse('bencher_adapter_criterion_many_console.txt');
    expect(benchmarks(many)).toEqual(['file', 'rolling_file', 'tracing_file', 'tracing_rolling_file', 'benchmark: name with spaces']);
    expect(find(many, 'file').values[0]).toBeCloseTo(323.9e-12, 20);
  });

  it('reads the libtest benchmarks of a mixed cargo bench log as well', () => {
    const ms = criterion.parse(fixture('cargo-libtest-bench/generated_nightly_cargo_bench_all_targets_stdout_stderr_mixed.txt'));
    expect(benchmarks(ms)).toEqual(['fib 15', 'sum/iter_sum/100', 'sum/iter_sum/10000', 'bench_string_format', 'bench_vec_push_1000']);
  });
});

describe('criterion target directory', () => {
  const dir = `${FIXTURES}criterion/generated_v0.5.1_target_criterion`;

  it('reads every benchmark of the latest run, one sample per measurement (times / iters)', () => {
    const ms = parseCriterionDir(dir);
    expect(ms.map((m) => [m.benchmark, m.metric, m.unit, m.values.length])).toEqual([
      ['fib 15', 'time', 's', 20],
      ['sum/iter_sum/100', 'time', 's', 20],
      ['sum/iter_sum/10000', 'time', 's', 20],
    ]);
    expect(ms[0]!.values[0]).toBeCloseTo(1788764 / 727 / 1e9, 15);
  });

  it('reads a named baseline folder', () => {
    // In this fixture criterion 0.5.1 left base/ identical to new/ (it copies new/ over base/ after a run).
    expect(parseCriterionDir(dir, 'base').map((m) => m.benchmark)).toEqual(['fib 15', 'sum/iter_sum/100', 'sum/iter_sum/10000']);
    expect(parseCriterionDir(dir, 'no-such-baseline')).toEqual([]);
  });

  it('rejects mismatched sample arrays', () => {
    expect(() => parseCriterionSample('{"full_id":"x"}', '{"iters":[1,2],"times":[1]}')).toThrow(FormatError);
  });
});

describe('a benchgate run of cargo bench with criterion', () => {
  const console = fixture('criterion/generated_v0.5.1_cargo_bench_console_second_run_with_change.txt');

  /** A repository whose workspace target/ holds the fixture's criterion data; returns a member crate's directory. */
  function workspace(): string {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'benchgate-criterion-'));
    mkdirSync(path.join(repo, '.git'));
    cpSync(`${FIXTURES}criterion/generated_v0.5.1_target_criterion`, path.join(repo, 'target', 'criterion'), { recursive: true });
    const member = path.join(repo, 'crates', 'fix');
    mkdirSync(member, { recursive: true });
    return member;
  }

  it('takes the samples from target/criterion in place of the console estimates', () => {
    const { format, measurements } = readRunResults(console, 'auto', workspace());
    expect(format).toBe('criterion');
    expect(measurements.map((m) => [m.benchmark, m.metric, m.values.length])).toEqual([
      ['fib 15', 'time', 20],
      ['sum/iter_sum/100', 'time', 20],
      ['sum/iter_sum/100', 'throughput', 1],
      ['sum/iter_sum/10000', 'time', 20],
      ['sum/iter_sum/10000', 'throughput', 1],
    ]);
    expect(measurements[0]!.values[0]).toBeCloseTo(1788764 / 727 / 1e9, 15);
  });

  it('ignores benchmarks of earlier runs that this run did not print, even unreadable ones', () => {
    const member = workspace();
    const stale = path.join(member, '..', '..', 'target', 'criterion', 'removed bench', 'new');
    mkdirSync(stale, { recursive: true });
    writeFileSync(path.join(stale, 'benchmark.json'), '{"full_id": "removed bench"}');
    writeFileSync(path.join(stale, 'sample.json'), '{"iters": [1], "times": "broken"}');
    expect(readRunResults(console, 'criterion', member).measurements.map((m) => m.benchmark)).not.toContain('removed bench');
  });

  it('keeps the console estimates without a target/criterion directory', () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'benchgate-criterion-'));
    mkdirSync(path.join(bare, '.git'));
    expect(readRunResults(console, 'criterion', bare).measurements.every((m) => m.values.length === 1)).toBe(true);
  });

  it('names the file of a malformed sample.json', () => {
    const member = workspace();
    writeFileSync(path.join(member, '..', '..', 'target', 'criterion', 'fib 15', 'new', 'sample.json'), '{"iters": [1], "times": ["x"]}');
    expect(() => readRunResults(console, 'criterion', member)).toThrow(
      /criterion: expected a number at .*fib 15\/new\/sample\.json times\[0\]/,
    );
  });
});
