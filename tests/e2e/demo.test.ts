import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDemoRepo } from '../../src/demo.js';
import type { ComparisonResult } from '../../src/model.js';
import { extraWorktrees, runCli, tempDir } from './helpers.js';

function verdicts(out: string): Record<string, string> {
  const result = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult;
  return Object.fromEntries(result.comparisons.filter((c) => c.benchmark !== '(process)').map((c) => [c.benchmark, c.verdict]));
}

// The demo's effects (+25% and -20% of deterministic work) are far larger than the noise of a
// shared machine, so these verdicts cannot flip by chance.
describe('the demo scenario through the real CLI', () => {
  const repo = createDemoRepo(tempDir('benchgate-demo-'));
  const common = ['--repo', repo, '--bench', 'node bench.mjs', '--format', 'benchgate', '--rounds', '10', '--seed', '7'];

  it('flags the slowed benchmark as a regression, the sped-up one as an improvement, and fails the gate', async () => {
    const out = tempDir();
    const r = await runCli(['run', ...common, '--base', 'HEAD~1', '--head', 'HEAD', '--out', out]);
    expect(r.stderr).toContain('seed 7');
    expect(r.code).toBe(1);
    const v = verdicts(out);
    expect(v['checksum/fnv']).toBe('regression');
    expect(v['primes/sieve']).toBe('improvement');
    for (const untouched of ['json/parse', 'sort/numbers']) expect(['unchanged', 'inconclusive']).toContain(v[untouched]);
    expect(r.stdout).toMatch(/checksum\/fnv .*regression/);
    expect(extraWorktrees(repo)).toEqual([]);

    // The same log re-analysed with the gate off passes, without running anything.
    const again = await runCli(['analyze', path.join(out, 'results.jsonl'), '--fail-on', 'none', '--out', tempDir()]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/checksum\/fnv .*regression/);
  });

  it('passes an A/A run (base and head the same commit) and flags nothing', async () => {
    const out = tempDir();
    const r = await runCli(['run', ...common, '--base', 'HEAD', '--head', 'HEAD', '--out', out]);
    expect(r.code).toBe(0);
    const v = Object.values(verdicts(out));
    expect(v).toHaveLength(4);
    for (const verdict of v) expect(['unchanged', 'inconclusive']).toContain(verdict);
  });
});
