/**
 * What the command line makes of its arguments before anything runs: flags documented as
 * `--no-aslr true|false` take that value, and a `--repo` that cannot be compared says what it is.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli.js';
import { localPlatform } from '../../src/platforms/local.js';
import { commandOptions } from '../../src/options.js';
import { tempDir } from '../e2e/helpers.js';

const sink = (into: { text: string }) => ({ write: (t: string) => ((into.text += t), true) }) as NodeJS.WritableStream;

async function cli(argv: string[]): Promise<{ code: number; err: string }> {
  const out = { text: '' };
  const err = { text: '' };
  const platform = localPlatform(sink(out), sink(err));
  const code = await main(argv, { platform, output: { out: (t) => (out.text += t), err: (t) => (err.text += t) } });
  return { code, err: err.text };
}

/** A git repository with no commits: the config is read and checked, then HEAD~1 cannot resolve. */
function emptyRepo(): string {
  const dir = tempDir();
  execFileSync('git', ['init', '-q', dir]);
  return dir;
}

describe('flags that the README documents as `--flag true|false`', () => {
  const flags = commandOptions('run').filter((o) => o.type === 'flag');

  it.each(flags.map((o) => o.name))('--%s takes true, false or nothing, and refuses anything else', async (name) => {
    const repo = emptyRepo();
    const run = (...value: string[]) => cli(['run', '--repo', repo, '--bench', 'x', '--base', 'HEAD~1', `--${name}`, ...value]);
    for (const given of [['true'], ['false'], []]) {
      const r = await run(...given);
      // Past the flags and the config: only the empty repository's missing commit stops it.
      expect([r.code, r.err]).toEqual([2, expect.stringContaining('cannot resolve "HEAD~1"')]);
    }
    const bad = await run('maybe');
    expect([bad.code, bad.err]).toEqual([2, `benchgate: --${name}: expected true or false, got "maybe"\n`]);
  });
});

describe('a --repo that cannot be compared', () => {
  it('says it does not exist, is a file, or is not a git repository (exit 2)', async () => {
    const missing = path.join(tempDir(), 'nope');
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, '');
    const plain = tempDir();
    const says = async (repo: string) => {
      const r = await cli(['run', '--repo', repo, '--base', 'HEAD~1', '--bench', 'x']);
      return [r.code, r.err];
    };
    expect(await says(missing)).toEqual([2, `benchgate: --repo ${missing}: no such directory\n`]);
    expect(await says(file)).toEqual([2, `benchgate: --repo ${file}: a file, not a directory\n`]);
    expect(await says(plain)).toEqual([
      2,
      `benchgate: --repo ${plain}: not a git repository (nor inside one); pass --repo with the clone to compare\n`,
    ]);
  });
});
