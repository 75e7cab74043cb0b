/**
 * A full disk is the machine's problem, not a bug (issue 22, item 8): --out on a tiny tmpfs.
 * Mounting needs root (CI runs as root); elsewhere the tests skip, but never under
 * BENCHGATE_REQUIRE_TOOLCHAINS.
 */
import { afterAll, describe, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { extraWorktrees, makeRepo, runLastCommit, tempDir } from './helpers.js';
import { itWhen } from '../helpers/toolchains.js';

const mounted: string[] = [];

/** A fresh tmpfs of `kb` KiB, or null where mounting is not permitted. */
function tinyDisk(kb: number): string | null {
  const dir = tempDir('benchgate-tmpfs-');
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir]).status !== 0) return null;
  mounted.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of mounted) {
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

const probe = tinyDisk(4);
const run = itWhen(() => probe !== null);

/** A suite of 3 benchmarks, `values` values each per run: the size of each run's log line. */
function repo(values: number) {
  const numbers = Array.from({ length: values }, (_, i) => 1 + (i % 7) / 100).join(',');
  const json = `{"benchgate":1,"benchmarks":[${['a', 'b', 'c'].map((n) => `{"name":"${n}","unit":"ms","values":[${numbers}]}`).join(',')}]}`;
  const bench = `#!/bin/sh\necho '${json}'\n`;
  return makeRepo([{ 'bench.sh': bench }, { 'bench.sh': `${bench}\n` }]);
}

describe('--out on a full disk', () => {
  run(
    'reports it cannot write: named, none left cut short, the log kept whole; a pass without its reports exits 2',
    async () => {
      const out = tinyDisk(64);
      expect(out).not.toBeNull();
      const dir = repo(5);
      const r = await runLastCommit(dir, 'sh bench.sh', out!, [
        '--format',
        'benchgate',
        '--rounds',
        '3',
        '--warmup',
        '0',
        '--fail-on',
        'none',
      ]);
      expect(r.stderr).not.toContain('internal error');
      expect(r.stderr).toMatch(
        /not written, ENOSPC \(no space left on the device\): .*report\.html.*; the results log .*results\.jsonl keeps every run/,
      );
      expect(r.code).toBe(2);
      // Every file is whole or absent: no temporary file, and the log reads with all its runs.
      expect(readdirSync(out!).filter((f) => f.startsWith('.'))).toEqual([]);
      const log = readLog(path.join(out!, 'results.jsonl'));
      expect([log.runs.length, log.end?.status, log.skipped]).toEqual([6, 'completed', []]);
      const results = path.join(out!, 'results.json');
      if (existsSync(results)) expect(() => JSON.parse(readFileSync(results, 'utf8'))).not.toThrow();
      expect(extraWorktrees(dir)).toEqual([]);
    },
    60_000,
  );

  run(
    'during the rounds: exit 2 naming the log and what it keeps, not an internal error',
    async () => {
      const out = tinyDisk(16);
      expect(out).not.toBeNull();
      const r = await runLastCommit(repo(400), 'sh bench.sh', out!, ['--format', 'benchgate', '--rounds', '20', '--warmup', '0']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /results\.jsonl: the (base|head) run of round \d+ could not be added to the results log \((it keeps the \d+ runs before it|nothing was measured)\): ENOSPC/,
      );
      expect(r.stderr).not.toContain('internal error');
    },
    60_000,
  );
});
