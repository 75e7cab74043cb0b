/**
 * Counted runs in parallel count exactly what they count one at a time: a C program whose work
 * is fixed, counted four times at jobs 1 and four times at jobs 2, gives one number.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lcgProgram } from '../../bench/real/c/program.js';
import { execArgvCounted } from '../../src/runner/instructions.js';
import { runPool } from '../../src/runner/pool.js';
import { tempDir } from '../e2e/helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';
import { realExecutor } from '../../src/runner/executor.js';

const itWithTools = itWhen(() => hasTool('valgrind', '--version') && hasTool('cc', '--version'));

async function countsAt(jobs: number, program: string): Promise<number[]> {
  const counts: number[] = [];
  await runPool(
    [1, 2, 3, 4],
    jobs,
    () => execArgvCounted(realExecutor, [program], { cwd: path.dirname(program), env: process.env, timeoutSec: 60 }),
    (r) => {
      if (r.counts === null || 'unreadable' in r.counts) throw new Error(`no count: ${JSON.stringify(r.counts)}`);
      counts.push(r.counts.instructions);
    },
  );
  return counts;
}

describe('counted runs at 1 and 2 jobs', () => {
  itWithTools(
    'count a program that repeats exactly the same at jobs 1 and jobs 2',
    async () => {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'prog.c'), lcgProgram(200_000));
      execFileSync('cc', ['-O1', '-o', 'prog', 'prog.c'], { cwd: dir });
      const one = await countsAt(1, path.join(dir, 'prog'));
      const two = await countsAt(2, path.join(dir, 'prog'));
      expect(one).toHaveLength(4);
      expect(two).toHaveLength(4);
      expect(one[0]).toBeGreaterThan(800_000);
      expect(new Set([...one, ...two])).toEqual(new Set([one[0]]));
    },
    60_000,
  );
});

describe('runPool', () => {
  it('runs at most `jobs` tasks at once, hands each result over as it finishes, and stops at the first failure', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runPool(
      [30, 10, 20, 5],
      2,
      async (ms) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, ms));
        running--;
        return ms;
      },
      (ms) => done.push(ms),
    );
    expect(most).toBe(2);
    expect(done.sort((a, b) => a - b)).toEqual([5, 10, 20, 30]);
    const started: number[] = [];
    await expect(
      runPool(
        [1, 2, 3, 4],
        1,
        async (n) => (started.push(n), n),
        (n) => {
          if (n === 2) throw new Error('stop');
        },
      ),
    ).rejects.toThrow('stop');
    expect(started).toEqual([1, 2]);
  });
});
