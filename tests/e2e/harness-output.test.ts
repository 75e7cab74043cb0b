/**
 * Time mode with a harness called as people run it, without the flag that makes its output
 * machine-readable: Google Benchmark's console table (`./bench --benchmark_filter=...`) and
 * pytest-benchmark's (`python3 -m pytest tests/`). benchgate reads the direct call and adds the
 * flag itself (JSON on stdout; pytest's JSON in a file of benchgate's); a call it sees but cannot
 * complete (`cd . && ./bench`) is exit 2 before anything is built, naming the flag.
 *
 * The CLI runs in process (tests/helpers/in-process-cli.ts) over scripted harnesses that answer
 * as the real ones do: the console table without the flag, JSON with it (pytest's into the file
 * the flag names). That the real binaries accept these flags is the count tests' (e2e/
 * google-benchmark-counts and pytest-benchmark-counts call them the same way, for real).
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'shell-quote';
import { readLog } from '../../src/runner/log.js';
import { fakeExecutor, type FakeCall, type FakeRun, type FakeScript } from '../helpers/fake-executor.js';
import { redact, runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { makeRepo, tempDir } from './helpers.js';

const BUILD = 'g++ -O2 -o bench bench.cc -lbenchmark -lpthread';
const TIME_FLAGS = ['--rounds', '2', '--warmup', '0', '--fail-on', 'none'];

/** The words of the call as the shell would pass them (benchgate quotes what it adds). */
const wordsOf = (call: FakeCall) => parse(call.command).filter((w): w is string => typeof w === 'string');

/** Google Benchmark's binary: its console table, or JSON when asked for `--benchmark_format=json`. */
function googleBenchmark(call: FakeCall): FakeRun {
  const names = ['BM_Add', 'BM_Mul'];
  if (!wordsOf(call).includes('--benchmark_format=json')) {
    return { stdout: `Benchmark Time CPU Iterations\n${names.map((n) => `${n} 1.00 ns 1.00 ns 1000000`).join('\n')}\n` };
  }
  const benchmarks = names.map((name) => ({
    name,
    run_type: 'iteration',
    iterations: 1_000_000,
    real_time: 1,
    cpu_time: 1,
    time_unit: 'ns',
  }));
  return { stdout: JSON.stringify({ context: { library_build_type: 'release' }, benchmarks }) };
}

/** pytest with pytest-benchmark: its console table, and its JSON written where `--benchmark-json=FILE` says. */
function pytest(call: FakeCall): FakeRun {
  const file = wordsOf(call)
    .find((w) => w.startsWith('--benchmark-json='))
    ?.slice('--benchmark-json='.length);
  if (file !== undefined) {
    const benchmark = { name: 'test_sum', fullname: 'tests/test_sum.py::test_sum', stats: { median: 1e-6, data: [1e-6, 1.1e-6] } };
    writeFileSync(path.resolve(call.cwd, file), JSON.stringify({ machine_info: {}, benchmarks: [benchmark] }));
  }
  return { stdout: '-------- benchmark: 1 tests --------\ntest_sum  1.0000  1.1000\n' };
}

/** A script for the build and the harness; any other command is not found. */
const harness =
  (program: string, answer: FakeScript): FakeScript =>
  (call) =>
    call.command === BUILD ? {} : call.command.startsWith(program) ? answer(call) : { exitCode: 127, stderr: 'not found\n' };

/** The benchmarks each run of the log timed. */
const measuredIn = (out: string) =>
  readLog(path.join(out, 'results.jsonl')).runs.map((run) =>
    run.measurements
      .filter((m) => m.metric === 'time')
      .map((m) => m.benchmark)
      .sort(),
  );

/** Each distinct command the harness was called with, its temporary paths redacted. */
const commandsRun = (calls: FakeCall[]) => [...new Set(calls.map((c) => redact(c.command)))];

describe('time mode without the harness flag for machine-readable output', () => {
  it('Google Benchmark printing its console table: benchgate adds --benchmark_format=json to the direct call', async () => {
    const repo = makeRepo([{ 'bench.cc': '' }, { 'bench.cc': '// head' }]);
    const out = tempDir();
    const fake = fakeExecutor(harness('./bench', googleBenchmark));
    const r = await runLastCommitInProcess(
      repo,
      './bench --benchmark_filter=BM_ --benchmark_min_time=0.01s',
      out,
      ['--build', BUILD, '--format', 'google-benchmark', ...TIME_FLAGS],
      fake,
    );
    expect(r.stderr).not.toContain('invalid JSON');
    expect(r.code).toBe(0);
    expect(measuredIn(out)).toEqual(Array.from({ length: 4 }, () => ['BM_Add', 'BM_Mul']));
    expect(commandsRun(fake.calls)).toMatchSnapshot();
  });

  it('a call benchgate sees but cannot complete is exit 2 before the build, naming the flag', async () => {
    const repo = makeRepo([{ 'bench.cc': '' }, { 'bench.cc': '// head' }]);
    const fake = fakeExecutor(harness('./bench', googleBenchmark));
    const r = await runLastCommitInProcess(
      repo,
      'cd . && ./bench --benchmark_filter=BM_',
      tempDir(),
      ['--build', BUILD, '--format', 'google-benchmark', ...TIME_FLAGS],
      fake,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('add --benchmark_format=json to that call');
    // Nothing ran: no build, no benchmark.
    expect(fake.calls).toEqual([]);
  });

  it('pytest-benchmark without --benchmark-json: benchgate has it write the JSON to a file of its own and reads that', async () => {
    const repo = makeRepo([{ 'tests/test_sum.py': '' }, { 'tests/test_sum.py': '# head' }]);
    const out = tempDir();
    const fake = fakeExecutor(harness('python3 -m pytest', pytest));
    const r = await runLastCommitInProcess(repo, 'python3 -m pytest tests/', out, ['--format', 'pytest-benchmark', ...TIME_FLAGS], fake);
    expect(r.stderr).not.toContain('cannot read the benchmark output');
    expect(r.code).toBe(0);
    expect(measuredIn(out)).toEqual(Array.from({ length: 4 }, () => ['tests/test_sum.py::test_sum']));
    expect(commandsRun(fake.calls)).toMatchSnapshot();
  });
});
