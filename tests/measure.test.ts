/**
 * measure() in process: the SIGINT/SIGTERM watch that lets a cancel end the log and remove the
 * worktrees is installed only once the comparison is known, and removed on every way out.
 * (The pipeline itself is tested end to end in tests/e2e/.)
 */
import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { resolveConfig, sourced } from '../src/config.js';
import { measure } from '../src/measure.js';
import { localPlatform } from '../src/platforms/local.js';
import { makeRepo, tempDir } from './e2e/helpers.js';
import { realExecutor } from '../src/runner/executor.js';

const watchers = () => [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
const quiet = () => localPlatform(new PassThrough(), new PassThrough(), {});

describe('measure', () => {
  it('leaves no signal watch behind when it refuses before measuring: no base, or a CI shard of an unshardable suite', async () => {
    const before = watchers();
    const repo = makeRepo([{ a: '1' }]);
    const noBase = resolveConfig([sourced({ bench: 'true', out: tempDir() }, (k) => `--${k}`)], repo);
    await expect(measure(noBase, quiet(), realExecutor)).rejects.toThrow('no base commit');
    // The CI's matrix asks for a shard (CI_NODE_INDEX/CI_NODE_TOTAL) of a command, which takes no filter.
    const command = resolveConfig([sourced({ bench: 'true', base: 'HEAD', format: 'command', out: tempDir() }, (k) => `--${k}`)], repo);
    const local = quiet();
    const matrix = { ...local, events: { ...local.events, defaultShard: () => ({ index: 1, total: 2 }) } };
    await expect(measure(command, matrix, realExecutor)).rejects.toThrow('cannot be sharded');
    expect(watchers()).toEqual(before);
  });

  it('leaves no signal watch behind when a ref does not resolve inside the run', async () => {
    const before = watchers();
    const badRef = resolveConfig(
      [sourced({ bench: 'true', base: 'no-such-ref', head: 'HEAD', out: tempDir() }, (k) => `--${k}`)],
      makeRepo([{ a: '1' }]),
    );
    await expect(measure(badRef, quiet(), realExecutor)).rejects.toThrow();
    expect(watchers()).toEqual(before);
  });
});
