import { describe, expect, it } from '@jest/globals';
import { parse } from 'shell-quote';
import { pytestBenchmark } from '../../src/harness/pytest-benchmark.js';
import { countCall } from '../../src/harness/count-setting.js';
import type { ShellWord } from '../../src/harness/types.js';

const counts = pytestBenchmark.counts!;
const recognise = (command: string) => counts.recognise(parse(command, (key) => ({ op: `$${key}` })) as ShellWord[]);
const target = (command: string[], args: string[]) => ({ packages: [], pattern: '.', buildFlags: [], command, args });

describe('pytest-benchmark harness description: counts', () => {
  it('recognises a direct pytest call, and the shape the docs give for timing', () => {
    expect(recognise('pytest benchmarks/')).toEqual(target(['pytest'], ['benchmarks/']));
    expect(recognise('python3 -m pytest -q tests/test_a.py::test_x --benchmark-min-rounds=20')).toEqual(
      target(['python3', '-m', 'pytest'], ['tests/test_a.py::test_x']),
    );
    expect(recognise('.venv/bin/pytest {filter} benchmarks/ -q --benchmark-json=bench.json >&2 && cat bench.json')).toEqual(
      target(['.venv/bin/pytest'], ['benchmarks/']),
    );
    expect(recognise('pytest')).toEqual(target(['pytest'], []));
  });

  it('refuses what it cannot see through', () => {
    for (const command of [
      'make bench',
      'pytest -k parse benchmarks/', // -k selects by expression: a counted run selects by node id
      'pytest benchmarks/ | tee out',
      'pytest benchmarks/ && rm -rf x',
      'cd py && pytest',
      'python3 bench.py',
      'pytest $TESTS',
    ])
      expect(recognise(command)).toBeNull();
  });

  it('runs one test per process at a fixed number of one-iteration rounds, its JSON in a file of the runner', () => {
    const one = countCall(counts.selectOne('tests/test_a.py::test_x[a b-1]')).args;
    expect(one.at(-1)).toBe('tests/test_a.py::test_x[a b-1]');
    expect(one).toEqual(
      expect.arrayContaining([
        '-p',
        'no:cacheprovider',
        '--benchmark-only',
        '--assert=plain',
        '--benchmark-max-time=0',
        '--benchmark-min-time=0',
        '--benchmark-calibration-precision=1',
        '--benchmark-warmup=off',
        '--benchmark-disable-gc',
      ]),
    );
    // The plugin that keeps machine and commit info (gathered in subprocesses) out of the count, on PYTHONPATH.
    expect(one).toEqual(expect.arrayContaining(['-p', 'benchgate_counts']));
    expect(counts.support!.files['benchgate_counts.py']).toMatch(/def pytest_benchmark_generate_machine_info\(config\):\n {4}return \{\}/);
    expect(counts.support!.env('/tmp/s', {})).toEqual({ PYTHONPATH: '/tmp/s' });
    expect(counts.support!.env('/tmp/s', { PYTHONPATH: '/opt/lib' })).toEqual({ PYTHONPATH: '/tmp/s:/opt/lib' });
    expect(counts.outputTo!('/tmp/x/output-1.json')).toEqual(['--benchmark-json=/tmp/x/output-1.json']);
    expect(counts.fixWork(300)).toEqual(['--benchmark-min-rounds=300']);
    expect(counts.discover(target(['pytest'], ['b/']))).toEqual(expect.arrayContaining(['--benchmark-min-rounds=1', '--', 'b/']));
    expect(countCall(counts.discover(target(['pytest'], ['b/']))).args.at(-1)).toBe('b/');
    expect(counts.env).toEqual({ PYTHONHASHSEED: '0', PYTHONDONTWRITEBYTECODE: '1' });
    // The cProfile pass: one timed round, then n calls under pytest-benchmark's cProfile mode, the calls written by its plugin.
    expect(counts.callProfile!(500)).toEqual([
      '-p',
      'benchgate_cprofile',
      '--benchmark-min-rounds=1',
      '--benchmark-cprofile=ncalls',
      '--benchmark-cprofile-loops=500',
    ]);
    expect(counts.support!.files['benchgate_cprofile.py']).toMatch(
      /def pytest_benchmark_update_json\(config, benchmarks, output_json\):\n {4}output_json\["benchgate_cprofile"\]/,
    );
    expect(counts.fixedCostFactor).toBeLessThan(1);
  });
});
