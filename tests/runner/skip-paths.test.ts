import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { changedFiles, pathMatcher, skipDecision } from '../../src/runner/skip-paths.js';
import { joinShardDirectories } from '../../src/commands/report.js';
import { readLog } from '../../src/runner/log.js';
import { git, makeRepo, tempDir } from '../e2e/helpers.js';
import { testHeader } from '../helpers/log-header.js';

describe('skip-paths globs', () => {
  it('match paths as git names them: * stays in a directory, ** crosses them, dot files match', () => {
    const m = pathMatcher(['docs/**', '*.md', '.github/ISSUE_TEMPLATE/*']);
    expect(['docs/a/b.png', 'README.md', '.github/ISSUE_TEMPLATE/bug.yml'].map(m)).toEqual([true, true, true]);
    expect(['src/README.md', 'src/x.ts', '.github/workflows/ci.yml', 'docsx/a'].map(m)).toEqual([false, false, false, false]);
  });

  it('a leading ! is an ordinary character, not a negation that would match everything else', () => {
    expect(pathMatcher(['!src/**'])('README.md')).toBe(false);
  });

  it('skip only when every file matches; none without globs; the first 20 files kept', () => {
    expect(skipDecision('m', ['README.md', 'src/a.ts'], ['*.md'])).toBeNull();
    expect(skipDecision('m', ['README.md'], [])).toBeNull();
    const many = Array.from({ length: 25 }, (_, i) => `docs/${i}.md`);
    expect(skipDecision('m', many, ['docs/**'])).toEqual({ mergeBase: 'm', changedFiles: 25, files: many.slice(0, 20) });
  });
});

describe('changed files', () => {
  it('come from the merge base, so what base gained since is not the pull request’s change; a rename names both paths', async () => {
    const repo = makeRepo([{ 'src/a.ts': '1', 'README.md': 'r' }]);
    const fork = git(repo, 'rev-parse', 'HEAD').trim();
    git(repo, 'checkout', '-q', '-b', 'pr');
    mkdirSync(path.join(repo, 'docs'));
    git(repo, 'mv', 'src/a.ts', 'docs/a.ts');
    git(repo, 'commit', '-q', '-m', 'move');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    git(repo, 'checkout', '-q', fork);
    git(repo, 'checkout', '-q', '-b', 'main2');
    writeFileSync(path.join(repo, 'src/new.ts'), 'n');
    git(repo, 'add', 'src/new.ts');
    git(repo, 'commit', '-q', '-m', 'base moves on');
    const base = git(repo, 'rev-parse', 'HEAD').trim();
    const changed = await changedFiles(repo, base, head);
    expect(changed.mergeBase).toBe(fork);
    expect(changed.files.sort()).toEqual(['docs/a.ts', 'src/a.ts']);
    // The rename's old path is source: docs/** alone does not skip it.
    expect(skipDecision(changed.mergeBase, changed.files, ['docs/**'])).toBeNull();
  });

  it('an unknown commit is an error, never an empty change', async () => {
    const repo = makeRepo([{ 'a.txt': '1' }]);
    await expect(changedFiles(repo, '0'.repeat(40), 'HEAD')).rejects.toThrow(/merge-base/);
  });
});

describe('a skipped sharded run', () => {
  it('the publish job takes one shard’s skipped log for all (every shard skips alike)', () => {
    const dir = tempDir('benchgate-shards-');
    const skipped = { mergeBase: 'a'.repeat(40), changedFiles: 1, files: ['README.md'] };
    for (const shard of ['shard-1', 'shard-2']) {
      mkdirSync(path.join(dir, shard));
      const lines = [testHeader({ skipped }), { type: 'end', endedAt: '2026-01-01T00:00:01Z', status: 'completed' }];
      writeFileSync(path.join(dir, shard, 'results.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    }
    joinShardDirectories(dir, []);
    expect(readLog(path.join(dir, 'results.jsonl')).header.skipped).toEqual(skipped);
  });
});
