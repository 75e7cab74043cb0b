import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { commandTakesFilter, completeCall, joinShellWords, missingOutputFlag, shellWords } from '../../src/harness/direct-call.js';
import { expandFilterPlaceholder } from '../../src/harness/index.js';

/** The words sh passes for a completed command, BENCHGATE_FILTER set as a round sets it. */
function argvOf(command: string, filter: string): string[] {
  const shown = spawnSync('sh', ['-c', `set -- ${expandFilterPlaceholder(command)}; printf '%s\\n' "$@"`], {
    env: { BENCHGATE_FILTER: filter },
    encoding: 'utf8',
  });
  return shown.stdout.split('\n').slice(0, -1);
}

describe('shell words', () => {
  it('reads a lone $ as sh does, keeps variables out, and takes an unmatched glob as written', () => {
    expect(shellWords('go test -run ^$ -bench .')).toEqual(['go', 'test', '-run', '^$', '-bench', '.']);
    expect(shellWords('go test -bench $PATTERN')).toEqual(['go', 'test', '-bench', { op: '$PATTERN' }]);
    expect(shellWords('./b --benchmark_filter=BM_.*')).toEqual(['./b', '--benchmark_filter=BM_.*']);
  });

  it('joins words back into the same words, {filter} left for the runner', () => {
    const words = ['go', 'test', '-run', '^$', '-bench={filter}', "it's a $x", 'a b'];
    expect(argvOf(joinShellWords(words)!, '^(?:BenchmarkA)$')).toEqual([
      'go',
      'test',
      '-run',
      '^$',
      '-bench=^(?:BenchmarkA)$',
      "it's a $x",
      'a b',
    ]);
    expect(joinShellWords(['a', { comment: ' c' }])).toBeNull();
  });
});

describe('the filter benchgate places in a direct call', () => {
  it.each([
    [
      'go',
      'go test -run ^$ -bench . -benchtime 30ms -count 1',
      ['go', 'test', '-run', '^$', '-bench', 'F', '-benchtime', '30ms', '-count', '1'],
    ],
    ['go', "go test -run '^$' -bench=. ./...", ['go', 'test', '-run', '^$', '-bench=F', './...']],
    ['go', 'go test -bench ^Benchmark -benchmem ./pkg', ['go', 'test', '-bench', 'F', '-benchmem', './pkg']],
    ['google-benchmark', './build/latency', ['./build/latency', '--benchmark_filter=F', '--benchmark_format=json']],
    ['google-benchmark', './b --benchmark_filter=all --benchmark_format=json', ['./b', '--benchmark_format=json', '--benchmark_filter=F']],
    ['pytest-benchmark', 'pytest -q --benchmark-json=b.json >&2 && cat b.json', ['pytest', 'F', '-q', '--benchmark-json=b.json']],
  ])('%s: %s', (format, bench, argv) => {
    expect(commandTakesFilter(format, bench)).toBe(true);
    // The words up to the first operator: sh runs `>&2 && cat` as the user wrote them.
    expect(argvOf(completeCall(format, bench, 'out.json').command.split(' >&')[0]!, 'F')).toEqual(argv);
  });

  it.each([
    ['go', 'go test -bench ^BenchmarkParse$ .'], // selects less than the suite: a shard's list would not match it
    ['go', 'cd sub && go test -bench .'],
    ['go', 'go test -bench $PATTERN .'],
    ['go', 'go test -bench . # all'],
    ['google-benchmark', './b --benchmark_filter=BM_Parse'],
    ['pytest-benchmark', 'pytest tests/perf'], // its paths would be added to the filter's node ids
    ['cargo-bench', 'cargo bench'],
  ])('%s: leaves %s alone', (format, bench) => {
    expect(commandTakesFilter(format, bench)).toBe(false);
    expect(completeCall(format, bench, null).command).toBe(bench);
  });

  it('takes a command that says where the filter goes as it is', () => {
    expect(completeCall('go', 'go test -bench {filter} .', null).command).toBe('go test -bench {filter} .');
    expect(completeCall('go', 'go test -bench "$BENCHGATE_FILTER" .', null).command).toBe('go test -bench "$BENCHGATE_FILTER" .');
    expect(commandTakesFilter('go', 'go test -bench {filter} .')).toBe(true);
  });
});

describe("time mode's machine-readable output", () => {
  it('asks Google Benchmark for JSON on stdout', () => {
    expect(completeCall('google-benchmark', './latency --benchmark_filter=BM_x', '')).toEqual({
      command: './latency --benchmark_filter\\=BM_x --benchmark_format\\=json',
      readsFile: false,
    });
    expect(argvOf(completeCall('google-benchmark', './latency --benchmark_format=console', '').command, '')).toEqual([
      './latency',
      '--benchmark_filter=',
      '--benchmark_format=json',
    ]);
  });

  it("asks pytest-benchmark for JSON in benchgate's file, unless it writes and prints it itself", () => {
    const completed = completeCall('pytest-benchmark', 'python3 -m pytest tests/perf --benchmark-json=mine.json', '/tmp/o u t/r.json');
    expect(completed.readsFile).toBe(true);
    expect(argvOf(completed.command, '')).toEqual(['python3', '-m', 'pytest', 'tests/perf', '--benchmark-json=/tmp/o u t/r.json']);
    const shaped = completeCall('pytest-benchmark', 'pytest tests --benchmark-json=b.json >&2 && cat b.json', '/tmp/r.json');
    expect(shaped).toEqual({ command: 'pytest tests --benchmark-json=b.json >&2 && cat b.json', readsFile: false });
  });

  it('refuses, before building, a harness call inside a command that does not ask for it, naming the flag', () => {
    expect(missingOutputFlag('google-benchmark', 'cd build && ./latency --benchmark_filter=BM_x')).toMatch(
      /cannot add it to "\.\/latency --benchmark_filter\\\\=BM_x" inside this command: add --benchmark_format=json to that call/,
    );
    expect(missingOutputFlag('pytest-benchmark', 'cd py && pytest tests')).toMatch(
      /add --benchmark-json=bench\.json >&2 && cat bench\.json/,
    );
    // Asked for, completed by benchgate, or no visible call (a script's business): nothing to refuse.
    expect(missingOutputFlag('google-benchmark', 'cd build && ./latency --benchmark_format=json')).toBeNull();
    expect(missingOutputFlag('google-benchmark', './latency')).toBeNull();
    expect(missingOutputFlag('google-benchmark', 'make bench')).toBeNull();
    expect(missingOutputFlag('go', 'cd x && go test -bench .')).toBeNull();
  });
});
