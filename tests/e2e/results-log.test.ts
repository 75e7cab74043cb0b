/** Two `benchgate run`s and one output directory: the second waits its turn, and no log is lost. */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import { makeRepo, runCli, startCli, tempDir } from './helpers.js';

/** Waits until the test creates $RELEASE, so the first run is still writing when the second starts. */
const BENCH = `#!/bin/sh\nwhile [ ! -e "$RELEASE" ]; do sleep 0.05; done\nprintf '{"benchgate": 1, "benchmarks": [{"name": "b", "unit": "ms", "values": [1.0%s]}]}\\n' "\${BENCHGATE_ROUND#-}"\n`;

describe('one writer per output directory', () => {
  it('refuses a second run while the first writes, and keeps the first log when the next run comes', async () => {
    const repo = makeRepo([{ 'bench.sh': BENCH }, { 'bench.sh': BENCH }]);
    const out = tempDir();
    const file = path.join(out, 'results.jsonl');
    const args = [
      'run',
      '--repo',
      repo,
      '--base',
      'HEAD~1',
      '--bench',
      'sh bench.sh',
      '--format',
      'benchgate',
      '--rounds',
      '4',
      '--warmup',
      '0',
      '--seed',
      '2',
      '--out',
      out,
    ];
    const release = path.join(tempDir(), 'release');
    const env = { RELEASE: release, BENCHGATE_PASS_ENV: 'RELEASE' };
    const first = startCli(args, { env });
    let second;
    try {
      while (!existsSync(`${file}.lock`)) await new Promise((r) => setTimeout(r, 20));
      second = await runCli(args, { env });
    } finally {
      writeFileSync(release, '');
    }
    const done = await first.done;
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(
      new RegExp(
        `benchgate: ${out}: another benchgate \\(pid ${first.child.pid} on .*\\) is writing its results log here; wait for it or use another --out`,
      ),
    );
    expect(done.code).not.toBe(2);
    expect(readLog(file).runs).toHaveLength(8);

    const third = await runCli(args, { env });
    expect(third.code).toBe(done.code);
    const kept = /the earlier results log there is kept as (\S+)/.exec(third.stderr)?.[1];
    expect(kept).toMatch(/results\.\d{8}T\d{6}Z\.jsonl$/);
    expect(readLog(kept!).runs).toHaveLength(8);
    expect(readLog(file).runs).toHaveLength(8);
    expect(readLog(kept!).header.startedAt).not.toBe(readLog(file).header.startedAt);
    expect(readdirSync(out).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });
});
