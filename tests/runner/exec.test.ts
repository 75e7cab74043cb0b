import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execMeasured } from '../../src/runner/exec.js';
import { VERSION } from '../../src/version.js';
import { ROOT } from '../e2e/helpers.js';

const linux = process.platform === 'linux';

describe('execMeasured', () => {
  it('captures stdout, the exit code and the last lines', async () => {
    const r = await execMeasured('echo out; echo err >&2; exit 3', { cwd: ROOT, env: process.env, timeoutSec: 0 });
    expect(r.stdout).toBe('out\n');
    expect(r.exitCode).toBe(3);
    expect(r.tail).toEqual(expect.arrayContaining(['out', 'err']));
    expect(r.timedOut).toBe(false);
  });

  (linux ? it : it.skip)('measures CPU time and peak RSS of the whole process tree (Linux)', async () => {
    // A child of a child burns 300 ms of CPU (not of wall time, which a loaded machine stretches
    // without the CPU) and holds ~64 MB: both must be seen through the tree.
    const script =
      'const b = Buffer.alloc(64 * 1024 * 1024, 1); let x = 0; while (process.cpuUsage().user < 300000) x += b[x % b.length]; console.log(x > 0)';
    const r = await execMeasured(`sh -c '${process.execPath} -e "${script}"'`, { cwd: ROOT, env: process.env, timeoutSec: 0 });
    expect(r.exitCode).toBe(0);
    expect(r.cpuUserMs! + r.cpuSysMs!).toBeGreaterThan(150);
    expect(r.maxRssKb!).toBeGreaterThan(60 * 1024);
  });

  it('kills the process group at the time limit', async () => {
    const r = await execMeasured('sleep 30 & sleep 30; wait', { cwd: ROOT, env: process.env, timeoutSec: 0.3 });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).not.toBe(0);
  });
});

describe('version', () => {
  it('matches package.json', () => {
    expect(VERSION).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });
});
