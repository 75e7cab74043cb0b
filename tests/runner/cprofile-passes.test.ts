/**
 * runCProfilePasses with a stand-in harness (a bash script that writes pytest-benchmark's JSON
 * with the plugin's calls: `f` called twice per op on base, three times on head): which runs it
 * makes, how each side's two works pair into one profile, and a failed pass.
 */
import { describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pytestBenchmark } from '../../src/harness/pytest-benchmark.js';
import type { BenchmarkProfile, Side } from '../../src/model.js';
import type { CountContext, CountedBenchmark } from '../../src/runner/counts.js';
import { runCProfilePasses } from '../../src/runner/cprofile-passes.js';
import { RunFailure } from '../../src/runner/errors.js';
import { tempDir } from '../e2e/helpers.js';
import { realExecutor } from '../../src/runner/executor.js';

const NAME = 'tests/test_a.py::test_a';

/** Arguments: the node id, --calls=N, --benchmark-json=FILE. Work 13 fails; PER_OP calls per op of `f`, plus 5 fixed. */
const SCRIPT = `#!/bin/bash
name=$1; n=\${2#--calls=}; out=\${3#--benchmark-json=}
if [ "$n" = 13 ]; then echo "pytest: error: boom" >&2; exit 4; fi
printf '{"benchmarks":[{"fullname":"%s","stats":{"median":0.001}}],"benchgate_cprofile":{"%s":[["%s/tests/test_a.py",1,"f",%d],["~",0,"len",%d]]}}' \\
  "$name" "$name" "$PWD" $((n * PER_OP + 5)) "$n" > "$out"
`;

function setup(): { ctx: CountContext; b: CountedBenchmark; runs: string[] } {
  const root = tempDir();
  const dirs = { base: path.join(root, 'base'), head: path.join(root, 'head') };
  const script = path.join(root, 'harness.sh');
  writeFileSync(script, SCRIPT);
  chmodSync(script, 0o755);
  const runs: string[] = [];
  const site = (side: Side) => {
    mkdirSync(dirs[side]);
    return { raw: NAME, binary: script, prefix: [], cwd: dirs[side], nsPerOp: null };
  };
  const ctx: CountContext = {
    format: 'pytest-benchmark',
    description: {
      ...pytestBenchmark.counts!,
      selectOne: (name) => [name],
      callProfile: (n) => [`--calls=${n}`],
      support: undefined,
      env: {},
    },
    target: { packages: [], pattern: '.', buildFlags: [] },
    suite: 's',
    dirs,
    env: (side) => ({ PATH: process.env.PATH, PER_OP: side === 'base' ? '2' : '3' }),
    normaliseName: (n) => n,
    timeoutSec: 30,
    jobs: 2,
    executor: realExecutor,
    tmp: root,
    info: (m) => runs.push(m),
    warn: (m) => runs.push(m),
    checkCancelled: () => {},
  };
  return { ctx, b: { name: NAME, sides: { base: site('base'), head: site('head') } }, runs };
}

describe('runCProfilePasses', () => {
  it("appends one profile a side from its two works, the worktree's files relative and C functions dropped", async () => {
    const { ctx, b, runs } = setup();
    const profiles: BenchmarkProfile[] = [];
    await runCProfilePasses(ctx, [b], { [NAME]: { small: 10, large: 20 } }, (p) => profiles.push(p));
    expect(profiles.map((p) => p.side).sort()).toEqual(['base', 'head']);
    const head = profiles.find((p) => p.side === 'head')!;
    expect(head).toMatchObject({
      benchmark: NAME,
      round: 0,
      works: [10, 20],
      tool: 'cprofile',
      level: 'calls',
      files: ['tests/test_a.py'],
    });
    expect(head.functions).toEqual([[0, 'f', 35, 65]]);
    expect(runs[0]).toBe('cProfile passes: 1 changed benchmark(s), 4 runs, 2 at once');
    expect(runs[1]).toMatch(/^cProfile passes: 4 runs in \d+\.\d s$/);
  });

  it('makes no run for a harness without a call-count pass, or without a changed benchmark', async () => {
    const { ctx, b, runs } = setup();
    const append = () => {
      throw new Error('no profile expected');
    };
    await runCProfilePasses(
      { ...ctx, description: { ...ctx.description, callProfile: undefined } },
      [b],
      { [NAME]: { small: 10, large: 20 } },
      append,
    );
    await runCProfilePasses(ctx, [], {}, append);
    expect(runs).toEqual([]);
  });

  it('stops with a RunFailure naming the pass and the harness error when a run fails', async () => {
    const { ctx, b } = setup();
    const failed = runCProfilePasses(ctx, [b], { [NAME]: { small: 13, large: 26 } }, () => {});
    await expect(failed).rejects.toThrow(RunFailure);
    await expect(failed).rejects.toThrow(
      /cProfile pass of tests\/test_a\.py::test_a at work 13 failed .*exited with code 4\n {2}\| pytest: error: boom/s,
    );
  });
});
