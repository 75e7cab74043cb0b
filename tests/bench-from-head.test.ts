/**
 * bench-from: head, its parts: which of head's files go into base (regular files only, paths never
 * through a shell), the rows marked in the analysis, and the options' validation.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchFilesFailureHint, benchFilesWarning } from '../src/bench-from-head.js';
import { markFromHead } from '../src/analysis/from-head.js';
import { ConfigError, resolveConfig, sourced } from '../src/config.js';
import type { BenchFilesHeader } from '../src/model.js';
import { copyBenchFiles, matchingFiles, planBenchFiles } from '../src/runner/bench-files.js';
import { comparison } from './builders.js';
import { git, makeRepo, tempDir } from './e2e/helpers.js';

/** Base and head checked out side by side, as measure.ts's worktrees are. */
function checkouts(head: (dir: string) => void) {
  const repo = makeRepo([{ 'bench/old_test.go': 'base old\n', 'lib.go': 'base\n', 'bench/base-link_test.go': 'base target\n' }]);
  // Base's own link at a path head has as a regular file.
  git(repo, 'rm', '-q', 'bench/base-link_test.go');
  symlinkSync('old_test.go', path.join(repo, 'bench', 'base-link_test.go'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '--no-gpg-sign', '-m', 'base');
  const baseSha = git(repo, 'rev-parse', 'HEAD').trim();
  head(repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '--no-gpg-sign', '-m', 'head');
  const headSha = git(repo, 'rev-parse', 'HEAD').trim();
  const base = path.join(tempDir(), 'base');
  git(repo, 'worktree', 'add', '-q', '--detach', base, baseSha);
  return { worktrees: { base, head: repo }, shas: { base: baseSha, head: headSha } };
}

const EVIL = 'bench/$(touch pwned) `x`; rm -rf ~_test.go';

function headChanges(dir: string): void {
  mkdirSync(path.join(dir, 'bench', 'deep'), { recursive: true });
  writeFileSync(path.join(dir, 'bench', 'old_test.go'), 'head old\n');
  writeFileSync(path.join(dir, 'bench', 'deep', 'new_test.go'), 'head new\n');
  writeFileSync(path.join(dir, EVIL), 'head evil\n');
  writeFileSync(path.join(dir, 'lib.go'), 'head\n');
  // A link out of the worktree is never copied.
  symlinkSync('/etc/hostname', path.join(dir, 'bench', 'link_test.go'));
  git(dir, 'rm', '-q', 'bench/base-link_test.go');
  writeFileSync(path.join(dir, 'bench', 'base-link_test.go'), 'head regular\n');
}

describe('the files bench-from: head copies', () => {
  it('matches globs on the path from the repository root, ** across directories, dot files too', () => {
    const files = ['a_test.go', 'pkg/b_test.go', 'pkg/.c_test.go', 'pkg/lib.go', 'bench/x.py'];
    expect(matchingFiles(files, ['*_test.go'])).toEqual(['a_test.go']);
    expect(matchingFiles(files, ['**/*_test.go'])).toEqual(['a_test.go', 'pkg/.c_test.go', 'pkg/b_test.go']);
    expect(matchingFiles(files, ['bench/**', 'pkg/b_*'])).toEqual(['bench/x.py', 'pkg/b_test.go']);
    expect(matchingFiles(files, ['!pkg/lib.go'])).toEqual([]);
  });

  it('head: only the regular files base lacks, whatever their names, and never through base’s own link', async () => {
    const { worktrees, shas } = checkouts(headChanges);
    const plan = await planBenchFiles('head', ['bench/**'], worktrees, shas);
    expect(plan).toEqual({ copied: ['bench/base-link_test.go', EVIL, 'bench/deep/new_test.go'].sort(), replaced: [] });
    copyBenchFiles(plan, worktrees);
    expect(readFileSync(path.join(worktrees.base, 'bench', 'deep', 'new_test.go'), 'utf8')).toBe('head new\n');
    expect(readFileSync(path.join(worktrees.base, EVIL), 'utf8')).toBe('head evil\n');
    expect(existsSync(path.join(worktrees.base, 'pwned'))).toBe(false);
    // Base's own version stays; the link base had is replaced by a file, its target untouched.
    expect(readFileSync(path.join(worktrees.base, 'bench', 'old_test.go'), 'utf8')).toBe('base old\n');
    expect(lstatSync(path.join(worktrees.base, 'bench', 'base-link_test.go')).isFile()).toBe(true);
    expect(existsSync(path.join(worktrees.base, 'bench', 'link_test.go'))).toBe(false);
    expect(readFileSync(path.join(worktrees.base, 'lib.go'), 'utf8')).toBe('base\n');
  });

  it('head-overwrite: every matching regular file, naming those that replace base’s own', async () => {
    const { worktrees, shas } = checkouts(headChanges);
    const plan = await planBenchFiles('head-overwrite', ['bench/*_test.go'], worktrees, shas);
    expect(plan.copied).toEqual(['bench/base-link_test.go', EVIL, 'bench/old_test.go'].sort());
    expect(plan.replaced).toEqual(['bench/old_test.go']);
    copyBenchFiles(plan, worktrees);
    expect(readFileSync(path.join(worktrees.base, 'bench', 'old_test.go'), 'utf8')).toBe('head old\n');
    expect(await planBenchFiles('base', ['**'], worktrees, shas)).toEqual({ copied: [], replaced: [] });
  });
});

describe('rows from head', () => {
  const files = (baseOwn: string[] | null): BenchFilesHeader => ({ from: 'head', copied: ['new_test.go'], replaced: [], baseOwn });
  const rows = [
    comparison({ benchmark: 'BenchmarkOld-8' }),
    comparison({ benchmark: 'BenchmarkNew-8' }),
    comparison({ benchmark: 'BenchmarkOnlyHead-8', base: null, verdict: 'added' }),
    comparison({ benchmark: '(process)' }),
  ];
  const marked = (out: ReturnType<typeof markFromHead>) =>
    out.filter((c) => c.warnings.some((w) => w.code === 'benchmark-from-head')).map((c) => c.benchmark);

  it('marks the rows base has only through the copy, by the harness’s normalised name', () => {
    // Base's own run printed the Go name at another GOMAXPROCS suffix: still the same benchmark.
    expect(marked(markFromHead(rows, files(['BenchmarkOld-2']), 'go'))).toEqual(['BenchmarkNew-8']);
  });

  it('marks every base row when base’s own run failed, and none without a copy', () => {
    expect(marked(markFromHead(rows, files(null), 'go'))).toEqual(['BenchmarkOld-8', 'BenchmarkNew-8']);
    expect(markFromHead(rows, undefined, 'go')).toBe(rows);
  });

  it('says what was copied, and what a failure on base probably means', () => {
    expect(benchFilesWarning({ ...files([]), from: 'head-overwrite', replaced: ['new_test.go'] }).message).toBe(
      'base ran with 1 benchmark file(s) copied from head (bench-from: head-overwrite): new_test.go, replacing base\'s own new_test.go; rows marked "from head" exist on base only because of them',
    );
    expect(benchFilesFailureHint(files([]))).toContain("Head's benchmark may need head's API");
    expect(benchFilesFailureHint(undefined)).toBe('');
  });
});

describe('bench-from and bench-files', () => {
  const resolve = (raw: Record<string, unknown>) => resolveConfig([sourced({ bench: 'b', ...raw }, (k) => `--${k}`)], '/repo');

  it('go together', () => {
    expect(resolve({})).toMatchObject({ benchFrom: 'base', benchFiles: [] });
    expect(resolve({ 'bench-from': 'head', 'bench-files': '**/*_test.go, bench/**' })).toMatchObject({
      benchFrom: 'head',
      benchFiles: ['**/*_test.go', 'bench/**'],
    });
    expect(() => resolve({ 'bench-from': 'head' })).toThrow(ConfigError);
    expect(() => resolve({ 'bench-from': 'head' })).toThrow(/^--bench-from: bench-from: head copies .*; add bench-files/);
    expect(() => resolve({ 'bench-files': '*.go' })).toThrow(
      '--bench-files: bench-files applies to bench-from: head or head-overwrite only',
    );
    expect(() => resolve({ 'bench-from': 'tail', 'bench-files': '*.go' })).toThrow(/bench-from/);
  });
});
