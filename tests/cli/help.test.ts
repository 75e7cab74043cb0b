/** `run --help`'s groups cover every flag of run once, and its examples are command lines run accepts. */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { main } from '../../src/cli.js';
import { RUN_EXAMPLES, RUN_HELP_GROUPS } from '../../src/help.js';
import { commandOptions } from '../../src/options.js';
import { localPlatform } from '../../src/platforms/local.js';
import { startCli, tempDir } from '../e2e/helpers.js';

const sink = (into: { text: string }) => ({ write: (t: string) => ((into.text += t), true) }) as NodeJS.WritableStream;

describe('run --help', () => {
  it('puts every flag of run in exactly one group, and names no other', () => {
    const grouped = RUN_HELP_GROUPS.flatMap(([, flags]) => flags);
    expect([...grouped].sort()).toEqual(
      commandOptions('run')
        .map((o) => o.name)
        .sort(),
    );
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it.each(RUN_EXAMPLES.map(([what, argv]) => [what, argv]))('example "%s" passes every check before the refs', async (_what, argv) => {
    // A repository without commits: the flags and the config are checked, then the base cannot resolve.
    const repo = tempDir();
    execFileSync('git', ['init', '-q', repo]);
    const out = { text: '' };
    const err = { text: '' };
    const platform = localPlatform(sink(out), sink(err));
    const code = await main([...argv, '--repo', repo], { platform, output: { out: (t) => (out.text += t), err: (t) => (err.text += t) } });
    expect([code, err.text]).toEqual([2, expect.stringMatching(/benchgate: cannot resolve "[^"]+" to a commit/)]);
  });
});

describe('help piped into a reader that stops early', () => {
  it('exits 0 with nothing on stderr when the pipe is closed before the help is written (`run --help | head`)', async () => {
    const { child, done } = startCli(['run', '--help']);
    // The reader is gone before benchgate writes a byte: every write meets EPIPE.
    child.stdout!.destroy();
    const { code, stderr } = await done;
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
