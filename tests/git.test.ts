import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkRefSyntax,
  commitSummary,
  createWorktrees,
  firstParent,
  GitError,
  mergeBase,
  resolveCommit,
  withoutCredentials,
} from '../src/git.js';
import { extraWorktrees, git, makeRepo, tempDir } from './e2e/helpers.js';

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
    await expect(resolveCommit(clone, 'origin/nope', () => {})).rejects.toThrow(
      new GitError(`cannot resolve "origin/nope" to a commit in ${clone} (fetch it, or check the name)`),
    );
  });
});

describe('commitSummary', () => {
  it("gives a commit's subject and committer date, and null where the directory lacks the commit or is no repository", async () => {
    const repo = makeRepo([{ 'a.txt': 'base\n' }]);
    git(repo, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', 'parse: fewer allocations', '-m', 'The body is not kept.');
    const sha = git(repo, 'rev-parse', 'HEAD').trim();
    const summary = await commitSummary(repo, sha);
    expect(summary?.subject).toBe('parse: fewer allocations');
    expect(Date.parse(summary!.committedAt)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(await commitSummary(repo, 'f'.repeat(40))).toBeNull();
    expect(await commitSummary(tempDir(), sha)).toBeNull();
    expect(await commitSummary(repo, '--output=x')).toBeNull();
  });
});

describe('refs that are refspecs or options', () => {
  it.each(['+main:refs/heads/main', 'main:main', '+main', '--upload-pack=x', 'a b'])('refuses %j before git sees it', (ref) => {
    expect(() => checkRefSyntax(ref)).toThrow(GitError);
  });

  it('fetches no +src:dst refspec: the local branch it names stays where it was', async () => {
    const { origin, clone } = shallowFeatureClone();
    git(clone, 'branch', 'keep', 'HEAD');
    const before = git(clone, 'rev-parse', 'keep').trim();
    await expect(resolveCommit(clone, `+main:refs/heads/keep`, () => {})).rejects.toThrow(/refspec/);
    expect(git(clone, 'rev-parse', 'keep').trim()).toBe(before);
    expect(git(origin, 'rev-parse', 'main').trim()).not.toBe(before);
  });
});

describe('fetching into a full clone', () => {
  it('fetches a missing ref without --depth, so the clone stays complete', async () => {
    const origin = makeRepo([{ 'a.txt': '1\n' }, { 'a.txt': '2\n' }]);
    git(origin, 'checkout', '-q', '-b', 'other');
    git(origin, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', 'other');
    const clone = path.join(tempDir(), 'clone');
    git(path.dirname(clone), 'clone', '-q', '--single-branch', '--branch', 'main', `file://${origin}`, clone);
    expect(git(clone, 'rev-parse', '--is-shallow-repository').trim()).toBe('false');
    await expect(resolveCommit(clone, 'other', () => {})).resolves.toBe(git(origin, 'rev-parse', 'other').trim());
    expect(git(clone, 'rev-parse', '--is-shallow-repository').trim()).toBe('false');
  });
});

describe('first parent and merge base in shallow clones', () => {
  /** main: m1 - m2 - m3 (+ merge); feature branches at m1 with f1 - f2; the merge commit joins m3 and f2. */
  function history() {
    const origin = makeRepo([{ 'a.txt': 'm1\n' }]);
    const m1 = git(origin, 'rev-parse', 'HEAD').trim();
    git(origin, 'checkout', '-q', '-b', 'feature');
    for (const n of [1, 2]) git(origin, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', `f${n}`);
    const f2 = git(origin, 'rev-parse', 'HEAD').trim();
    git(origin, 'checkout', '-q', 'main');
    for (const n of [2, 3]) git(origin, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', `m${n}`);
    const m3 = git(origin, 'rev-parse', 'HEAD').trim();
    git(origin, 'merge', '-q', '--no-ff', '--no-gpg-sign', '-m', 'merge', 'feature');
    const merge = git(origin, 'rev-parse', 'HEAD').trim();
    git(origin, 'update-ref', 'refs/pull/1/merge', merge);
    git(origin, 'reset', '-q', '--hard', m3);
    return { origin, m1, m3, f2, merge };
  }

  /** What actions/checkout does on pull_request: fetch the merge commit alone, depth 1. */
  function checkoutOf(origin: string, sha: string): string {
    const clone = path.join(tempDir(), 'clone');
    git(tempDir(), 'init', '-q', clone);
    git(clone, 'remote', 'add', 'origin', `file://${origin}`);
    git(clone, 'fetch', '-q', '--depth=1', 'origin', sha);
    git(clone, 'checkout', '-q', '--detach', sha);
    return clone;
  }

  it('fetches the first parent of a depth-1 merge commit and keeps the clone shallow', async () => {
    const { origin, m3, merge } = history();
    const clone = checkoutOf(origin, merge);
    const messages: string[] = [];
    await expect(firstParent(clone, merge, (m) => messages.push(m))).resolves.toBe(m3);
    expect(messages).toEqual([`the first parent of ${merge} is not in this clone; fetching it from origin`]);
    expect(git(clone, 'rev-parse', '--is-shallow-repository').trim()).toBe('true');
  });

  it('deepens until base and head meet, then finds their merge base', async () => {
    const { origin, m1, m3, f2 } = history();
    const clone = checkoutOf(origin, f2);
    await resolveCommit(clone, m3, () => {});
    const messages: string[] = [];
    await expect(mergeBase(clone, m3, f2, (m) => messages.push(m))).resolves.toBe(m1);
    expect(messages).toEqual([`the merge base of ${m3} and ${f2} is not in this clone; fetching 64 commits of their history from origin`]);
  });

  it('says so when two commits share no history', async () => {
    const { origin, f2 } = history();
    const unrelated = makeRepo([{ 'b.txt': 'x\n' }]);
    const root = git(unrelated, 'rev-parse', 'HEAD').trim();
    git(origin, 'fetch', '-q', unrelated, `${root}:refs/heads/unrelated`);
    const clone = checkoutOf(origin, f2);
    await resolveCommit(clone, root, () => {});
    await expect(mergeBase(clone, root, f2, () => {})).rejects.toThrow(`${root} and ${f2} have no common ancestor`);
  });

  it('refuses a root commit as a merge commit: it has no first parent', async () => {
    const { origin, m1 } = history();
    const full = path.join(tempDir(), 'full');
    git(path.dirname(full), 'clone', '-q', `file://${origin}`, full);
    await expect(firstParent(full, m1, () => {})).rejects.toThrow(`${m1} has no parent`);
  });
});

describe('worktrees of a repository with submodules', () => {
  it('initialises them in both worktrees and removes everything afterwards', async () => {
    const library = makeRepo([{ 'lib.txt': 'library v1\n' }]);
    const repo = makeRepo([{ 'a.txt': '1\n' }]);
    // Local submodules need the file transport, which git refuses by default since 2.38.1.
    const saved = { ...process.env };
    process.env.GIT_CONFIG_PARAMETERS = "'protocol.file.allow'='always'";
    try {
      git(repo, '-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', library, 'vendor/lib');
      git(repo, 'commit', '-q', '--no-gpg-sign', '-m', 'add submodule');
      const head = git(repo, 'rev-parse', 'HEAD').trim();
      const warnings: string[] = [];
      const wt = await createWorktrees(repo, head, head, (m) => warnings.push(m));
      expect(warnings).toEqual([]);
      for (const dir of [wt.base, wt.head]) expect(readFileSync(path.join(dir, 'vendor/lib/lib.txt'), 'utf8')).toBe('library v1\n');
      await wt.remove();
      expect(existsSync(wt.base)).toBe(false);
      expect(extraWorktrees(repo)).toEqual([]);
    } finally {
      process.env = saved;
    }
  });

  it('warns, and goes on, when a submodule cannot be fetched', async () => {
    const repo = makeRepo([{ 'a.txt': '1\n', '.gitmodules': '[submodule "gone"]\n\tpath = gone\n\turl = /nonexistent/benchgate-gone\n' }]);
    git(repo, 'update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},gone`);
    git(repo, 'commit', '-q', '--no-gpg-sign', '-m', 'gitlink');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const warnings: string[] = [];
    const wt = await createWorktrees(repo, head, head, (m) => warnings.push(m));
    await wt.remove();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^initialising the submodules of .*base failed \(the build may miss them\): /);
  });
});

describe('withoutCredentials', () => {
  it('drops userinfo from http(s) URLs and a password from others', () => {
    expect(withoutCredentials('https://x-access-token:ghs_secret@github.com/o/r')).toBe('https://github.com/o/r');
    expect(withoutCredentials('https://gitlab-ci-token:glcbt-secret@gitlab.example/g/p.git')).toBe('https://gitlab.example/g/p.git');
    expect(withoutCredentials('http://ghp_token@host.example/r')).toBe('http://host.example/r');
    expect(withoutCredentials('ssh://git:pw@host.example/r')).toBe('ssh://git@host.example/r');
    expect(withoutCredentials('git@github.com:o/r.git')).toBe('git@github.com:o/r.git');
    expect(withoutCredentials('/srv/repo')).toBe('/srv/repo');
  });
});
