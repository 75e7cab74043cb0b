/**
 * `benchgate run --measure instructions` end to end on a small C program: a head that executes
 * ~4% more instructions is a regression within 3 rounds, A/A is unchanged, and a machine
 * without valgrind gets a clear exit-2 error.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { lcgProgram } from '../../bench/real/c/program.js';
import { SCHEMA_VERSION } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, readResults, runCli, tempDir } from './helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';

const itWithValgrind = itWhen(() => hasTool('valgrind', '--version') && hasTool('cc', '--version'));

const BASE_ITERATIONS = 1_000_000;

function repo(): string {
  return makeRepo([{ 'prog.c': lcgProgram(BASE_ITERATIONS) }, { 'prog.c': lcgProgram(BASE_ITERATIONS * 1.045) }]);
}

const args = (repoDir: string, base: string, out: string) => [
  'run',
  '--repo',
  repoDir,
  '--base',
  base,
  '--head',
  'HEAD',
  '--build',
  'cc -O1 -o prog prog.c',
  '--bench-command',
  './prog',
  '--measure',
  'instructions',
  '--rounds',
  '3',
  '--warmup',
  '0',
  '--seed',
  '3',
  '--out',
  out,
];

describe('benchgate run --measure instructions', () => {
  const dir = repo();

  itWithValgrind('flags a head that executes ~4% more instructions within 3 rounds, by the deterministic rule', async () => {
    const out = tempDir();
    const r = await runCli(args(dir, 'HEAD~1', out));
    expect(r.code).toBe(1);
    const result = readResults(out);
    const c = result.comparisons.find((x) => x.metric === 'instructions')!;
    expect(c).toMatchObject({
      benchmark: 'benchmarks',
      unit: 'instructions',
      verdict: 'regression',
      test: { name: 'exact-count', p: 0, statistic: null },
      deterministic: true,
    });
    expect(c.base!.n).toBe(3);
    // Every run of a side counted the same, but for the shell: dash formats its parent's pid
    // into $PPID, 19 instructions a digit, and pids wrap (at 32768 here) between two runs.
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    expect(spread(c.baseSamples!)).toBeLessThanOrEqual(100);
    expect(spread(c.headSamples!)).toBeLessThanOrEqual(100);
    expect(c.changePct!).toBeGreaterThan(3);
    expect(c.changePct!).toBeLessThan(5);
    // No time or simulator cost was compared: CPU and memory under valgrind are not the program's.
    expect(result.comparisons.map((x) => x.metric)).toEqual(['instructions']);
    // Every report says once what a count cannot see.
    expect(result.warnings.map((w) => w.code)).toContain('counts-can-miss');
    expect(result.schemaVersion).toBe(SCHEMA_VERSION);
    const log = readLog(path.join(out, 'results.jsonl'));
    expect(log.header.config.measure).toBe('instructions');
    expect(log.header.environment.valgrind).toMatch(/^valgrind-\d/);
  });

  itWithValgrind('calls A/A unchanged', async () => {
    const out = tempDir();
    const r = await runCli(args(dir, 'HEAD', out));
    expect(r.code).toBe(0);
    expect(readResults(out).comparisons.map((c) => [c.verdict, c.test?.name])).toEqual([['unchanged', 'exact-count']]);
  });

  it('without valgrind, exits 2 and says how to install it', async () => {
    // A PATH with git (the repository is checked first) and nothing else.
    const bin = tempDir();
    symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), path.join(bin, 'git'));
    const r = await runCli(args(dir, 'HEAD~1', tempDir()), { env: { PATH: bin } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('apt-get install valgrind');
  });

  it('refuses a harness format it cannot count per benchmark in instruction mode', async () => {
    const r = await runCli(['run', '--repo', dir, '--base', 'HEAD', '--bench', './prog', '--format', 'jmh', '--measure', 'instructions']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--format: measure: instructions counts per benchmark for go, google-benchmark, pytest-benchmark, benchgate only, .*jmh cannot be counted per benchmark: .*Count the whole command instead/,
    );
  });
});
