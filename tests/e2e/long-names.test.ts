/** A name over the results log's limit is refused at the first run that prints it (issue 22, item 7). */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extraWorktrees, makeRepo, runLastCommit, tempDir } from './helpers.js';

describe('a benchmark name over 4,096 characters', () => {
  it('stops the run at the first run that prints it: exit 2 naming the harness and the line, no round wasted', async () => {
    const counter = path.join(tempDir(), 'runs');
    const long = `Benchmark${'X'.repeat(5000)}`;
    const bench = `echo run >> "${counter}"\necho 'goos: linux'\necho 'BenchmarkShort-2 100 1000 ns/op'\necho '${long}-2 100 1000 ns/op'\n`;
    const repo = makeRepo([{ 'bench.sh': bench }, { 'bench.sh': `${bench}\n` }]);
    const out = tempDir();
    const r = await runLastCommit(repo, './bench.sh', out, ['--format', 'go', '--rounds', '10', '--warmup', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/(base|head) run in warmup 1\/1: the go output at line 3 has a benchmark name of 5011 characters/);
    // The first run printed it: no other ran, and no worktree is left.
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(extraWorktrees(repo)).toEqual([]);
  }, 30_000);
});
