/** Owners of the log's lock and of each run's checkouts: whose process died on this host. */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deadRunRoots, markOwner, OWNER_FILE, ownerDied, ownerText } from '../src/run-owner.js';

/** The pid of a process that has already ended. */
const endedPid = (): number => spawnSync('true').pid;

describe('run owners', () => {
  it('say an owner died only when it is a process of this host that is gone', () => {
    const dead = endedPid();
    expect(ownerDied(ownerText())).toBe(false);
    expect(ownerDied(`${dead}\n${os.hostname()}\n`)).toBe(true);
    expect(ownerDied(`${dead}\nanother-host\n`)).toBe(false);
    expect(ownerDied('not a pid\n')).toBe(false);
  });

  it("list the run directories whose owner died, and leave a live run's and an unowned one", () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'run-owner-'));
    try {
      const [live, dead, unowned] = ['benchgate-live', 'benchgate-dead', 'benchgate-unowned'].map((name) => path.join(tmp, name));
      for (const dir of [live!, dead!, unowned!]) mkdirSync(dir);
      markOwner(live!);
      writeFileSync(path.join(dead!, OWNER_FILE), `${endedPid()}\n${os.hostname()}\n`);
      expect(deadRunRoots(tmp)).toEqual([dead]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
