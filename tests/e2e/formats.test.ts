/**
 * `benchgate run` end to end with harness outputs: what the formats read reaches the results log.
 * The CLI runs in process (tests/helpers/in-process-cli.ts) over scripted harnesses.
 */
import { describe, expect, it } from '@jest/globals';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { bySide, commands, fakeExecutor, type FakeScript } from '../helpers/fake-executor.js';
import { runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { FIXTURES } from '../formats/fixture.js';
import { makeRepo, tempDir, verdictsOf } from './helpers.js';

function run(repo: string, out: string, format: string, bench: FakeScript) {
  // Three rounds read the formats; too few for a gate that could fail (analysis/reach.ts), so it is off.
  return runLastCommitInProcess(
    repo,
    'sh bench.sh',
    out,
    ['--format', format, '--rounds', '3', '--warmup', '0', '--seed', '1', '--fail-on', 'none'],
    fakeExecutor(commands({ 'sh bench.sh': bench })),
  );
}

describe('formats in a real run', () => {
  it('criterion: the samples saved in target/criterion of the worktree replace the console estimates', async () => {
    // A stand-in for cargo bench: writes what criterion 0.5.1 saved into the worktree and prints its console output.
    const cargoBench: FakeScript = (call) => {
      const target = path.join(call.cwd, 'target', 'criterion');
      rmSync(target, { recursive: true, force: true });
      cpSync(`${FIXTURES}criterion/generated_v0.5.1_target_criterion`, target, { recursive: true });
      return { stdout: readFileSync(`${FIXTURES}criterion/generated_v0.5.1_cargo_bench_console_second_run_with_change.txt`, 'utf8') };
    };
    const repo = makeRepo([{ 'bench.sh': '' }, { README: 'head\n' }]);
    const out = tempDir();
    const r = await run(repo, out, 'auto', cargoBench);
    expect(r.stderr).not.toContain('failed');
    const log = readLog(path.join(out, 'results.jsonl'));
    expect(log.runs).toHaveLength(6);
    for (const run of log.runs) {
      expect(run.measurements.filter((m) => m.metric === 'time').map((m) => [m.benchmark, m.values.length])).toEqual([
        ['fib 15', 20],
        ['sum/iter_sum/100', 20],
        ['sum/iter_sum/10000', 20],
      ]);
    }
  });

  it('a benchmark the harness reports failed (libtest FAILED, exit 101) is compared as failed; the others still are compared; exit 3', async () => {
    const libtest = (b: string) => `running 2 tests\ntest tests::a ... bench:       1,000 ns/iter (+/- 10)\n${b}\n`;
    const repo = makeRepo([{ 'bench.sh': '' }, { 'bench.sh': '# head' }]);
    const out = tempDir();
    const r = await run(
      repo,
      out,
      'cargo-bench',
      bySide({
        base: { stdout: libtest('test tests::b ... bench:       2,000 ns/iter (+/- 10)') },
        head: { stdout: libtest('test tests::b ... FAILED'), stderr: 'error: bench failed\n', exitCode: 101 },
      }),
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /3 run\(s\) reported failed benchmarks \(first: head run in round \d\/3 exited with code 101: error: bench failed\); they are compared as failed/,
    );
    const log = readLog(path.join(out, 'results.jsonl'));
    expect(log.end?.status).toBe('completed');
    expect(log.runs).toHaveLength(6);
    expect(verdictsOf(out)).toEqual({ 'tests::a': 'unchanged', 'tests::b': 'failed' });
  });

  it('output without a single result fails the run (exit 3) instead of passing the gate', async () => {
    const repo = makeRepo([{ 'bench.sh': '' }, { README: 'head\n' }]);
    const r = await run(repo, tempDir(), 'go', () => ({ stdout: 'PASS\n' }));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('cannot read the benchmark output: go: no benchmark results in the output; expected go test -bench output');
  });
});
