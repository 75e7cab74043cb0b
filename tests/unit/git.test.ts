import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { GitError, resolveCommit } from '../../src/git.js';
import { git, makeRepo, tempDir } from '../e2e/helpers.js';

/** An origin with main (the base) and feature (the head), cloned the way CI does: one branch, depth 1. */
function shallowFeatureClone(): { origin: string; clone: string } {
  const origin = makeRepo([{ 'a.txt': 'base\n' }]);
  git(origin, 'checkout', '-q', '-b', 'feature');
  git(origin, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', 'head');
  const clone = path.join(tempDir(), 'clone');
  git(path.dirname(clone), 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin}`, clone);
  return { origin, clone };
}

describe('resolveCommit in a shallow single-branch clone', () => {
  it.each(['main', 'origin/main', 'the SHA of main'])('fetches the missing base %s from origin', async (name) => {
    const { origin, clone } = shallowFeatureClone();
    const mainSha = git(origin, 'rev-parse', 'main').trim();
    const ref = name === 'the SHA of main' ? mainSha : name;
    const messages: string[] = [];
    await expect(resolveCommit(clone, ref, (m) => messages.push(m))).resolves.toBe(mainSha);
    expect(messages).toEqual([`${ref} is not in this clone; fetching it from origin`]);
  });

  it('resolves what the clone has without fetching', async () => {
    const { origin, clone } = shallowFeatureClone();
    const messages: string[] = [];
    await expect(resolveCommit(clone, 'HEAD', (m) => messages.push(m))).resolves.toBe(git(origin, 'rev-parse', 'feature').trim());
    expect(messages).toEqual([]);
  });

  it('names a ref origin does not have either', async () => {
    const { clone } = shallowFeatureClone();
    await expect(resolveCommit(clone, 'origin/nope', () => {})).rejects.toThrow(new GitError(`cannot resolve "origin/nope" to a commit in ${clone} (fetch it, or check the name)`));
  });
});
