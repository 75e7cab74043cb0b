/**
 * A name over the results log's limit is refused at the first run that prints it (issue 22, item 7).
 * The CLI runs in process (tests/helpers/in-process-cli.ts) over a scripted Go harness.
 */
import { describe, expect, it } from '@jest/globals';
import { fakeExecutor } from '../helpers/fake-executor.js';
import { runLastCommitInProcess } from '../helpers/in-process-cli.js';
import { extraWorktrees, makeRepo, tempDir } from './helpers.js';

describe('a benchmark name over 4,096 characters', () => {
  it('stops the run at the first run that prints it: exit 2 naming the harness and the line, no round wasted', async () => {
    const long = `Benchmark${'X'.repeat(5000)}`;
    const fake = fakeExecutor(() => ({ stdout: `goos: linux\nBenchmarkShort-2 100 1000 ns/op\n${long}-2 100 1000 ns/op\n` }));
    const repo = makeRepo([{ 'bench.sh': '' }, { 'bench.sh': '# head' }]);
    const r = await runLastCommitInProcess(repo, './bench.sh', tempDir(), ['--format', 'go', '--rounds', '10', '--warmup', '1'], fake);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/(base|head) run in warmup 1\/1: the go output at line 3 has a benchmark name of 5011 characters/);
    // The first run printed it: no other ran, and no worktree is left.
    expect(fake.calls).toHaveLength(1);
    expect(extraWorktrees(repo)).toEqual([]);
  });
});
