/** `benchgate run` end to end with harness outputs: what the formats read reaches the results log. */
import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { FIXTURES } from '../formats/fixture.js';
import { makeRepo, runLastCommit, tempDir, verdictsOf } from './helpers.js';

function run(repo: string, out: string, format: string, env: NodeJS.ProcessEnv = {}) {
  // Three rounds read the formats; too few for a gate that could fail (analysis/reach.ts), so it is off.
  return runLastCommit(
    repo,
    'sh bench.sh',
    out,
    ['--format', format, '--rounds', '3', '--warmup', '0', '--seed', '1', '--fail-on', 'none'],
    {
      env,
    },
  );
}

describe('formats in a real run', () => {
  it('criterion: the samples saved in target/criterion of the worktree replace the console estimates', async () => {
    // A stand-in for cargo bench: writes what criterion 0.5.1 saved and prints its console output.
    const bench =
      '#!/bin/sh\nmkdir -p target && rm -rf target/criterion && cp -r "$FIXTURE_TARGET" target/criterion\ncat "$FIXTURE_CONSOLE"\n';
    const repo = makeRepo([{ 'bench.sh': bench }, { README: 'head\n' }]);
    const out = tempDir();
    const r = await run(repo, out, 'auto', {
      FIXTURE_TARGET: `${FIXTURES}criterion/generated_v0.5.1_target_criterion`,
      FIXTURE_CONSOLE: `${FIXTURES}criterion/generated_v0.5.1_cargo_bench_console_second_run_with_change.txt`,
      BENCHGATE_PASS_ENV: 'FIXTURE_TARGET,FIXTURE_CONSOLE',
    });
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
    const libtest = (b: string) =>
      `#!/bin/sh\necho 'running 2 tests'\necho 'test tests::a ... bench:       1,000 ns/iter (+/- 10)'\necho '${b}'\n`;
    const repo = makeRepo([
      { 'bench.sh': libtest('test tests::b ... bench:       2,000 ns/iter (+/- 10)') },
      { 'bench.sh': `${libtest('test tests::b ... FAILED')}echo 'error: bench failed' >&2\nexit 101\n` },
    ]);
    const out = tempDir();
    const r = await run(repo, out, 'cargo-bench');
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
    const repo = makeRepo([{ 'bench.sh': '#!/bin/sh\necho PASS\n' }, { README: 'head\n' }]);
    const r = await run(repo, tempDir(), 'go');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('cannot read the benchmark output: go: no benchmark results in the output; expected go test -bench output');
  });
});
