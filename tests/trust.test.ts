/**
 * The trust rule (src/trust.ts) over the whole option table: whatever options the table holds,
 * a value from a pull request's own file is admitted only as its trust class allows.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseConfigText, type Config, type RawConfig } from '../src/config.js';
import { CONFIG_KEYS, OPTIONS, optionSpec } from '../src/options.js';
import { checkWorkingDirectory, governingEvent, governLayer, reviewWarnings, workingDirectoryIn } from '../src/trust.js';
import { git, makeRepo, ROOT, tempDir } from './e2e/helpers.js';

const at = (key: string, value: unknown, file = '.benchgate.yml', line = 3): RawConfig => ({
  [key]: { value, where: `${file}:${line} (${key})` },
});

/** A valid value of each option that differs from its default (and from `trustedValue`). */
function otherValue(key: string): unknown {
  const spec = optionSpec(key);
  if (spec.choices) return spec.choices.find((c) => c !== spec.default);
  if (spec.type === 'int' || spec.type === 'number')
    return typeof spec.default === 'number' ? (spec.default === 0 ? 1 : spec.default * 3) : 7;
  if (spec.type === 'flag') return 'true';
  if (spec.type === 'glob-thresholds') return 'something-*=7';
  return 'something-else';
}

describe('governLayer: the trust class of every option in src/options.ts', () => {
  it.each(CONFIG_KEYS.map((k) => [k, optionSpec(k).trust]))('%s (%s)', (key, trust) => {
    const spec = optionSpec(key);
    const proposed = at(key, otherValue(key));
    const { admitted, warnings } = governLayer({}, proposed, 'pull_request event');
    if (trust === 'any') {
      expect(admitted).toEqual(proposed);
      expect(warnings).toEqual([]);
      return;
    }
    if (trust === 'stricter-only') {
      // otherValue is 3x the default (or 1 from 0): admitted exactly when higher is stricter.
      expect(admitted[key as keyof RawConfig] !== undefined).toBe(spec.stricter === 'higher');
      return;
    }
    expect(admitted).toEqual({});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.code).toBe('config-ignored');
    expect(warnings[0]!.message).toMatch(new RegExp(`^\\.benchgate\\.yml:3 \\(${key}\\): ignored ${key}: `));
  });

  it('stricter-only values: admitted in the stricter direction against the trusted value, else ignored with the governing value named', () => {
    const trusted = { ...at('threshold', 5, 'abc:.benchgate.yml', 2), ...at('alpha', 0.05), ...at('rounds', 10) };
    const proposed = { ...at('threshold', 3), ...at('alpha', 0.01, '.benchgate.yml', 4), ...at('rounds', 20, '.benchgate.yml', 5) };
    const { admitted, warnings } = governLayer(trusted, proposed, 'pull_request event');
    expect(Object.keys(admitted).sort()).toEqual(['rounds', 'threshold']);
    expect(warnings.map((w) => w.message)).toEqual([
      `.benchgate.yml:4 (alpha): ignored alpha: 0.01 from the pull request's own file on a pull_request event: it may only make alpha higher (stricter) than 0.05 (docs/security.md)`,
    ]);
    expect(governLayer(trusted, at('threshold', 8), 'x').warnings[0]!.message).toContain('lower (stricter) than 5');
  });

  it('bounds every raise: at most 10x the governing value, min-rounds at most the trusted max-rounds, each clamp a warning', () => {
    // No trusted rounds: the default (10) governs it.
    const trusted = { ...at('min-rounds', 10), ...at('max-rounds', 30), ...at('alpha', 0.05) };
    const proposed = {
      ...at('rounds', 100_000_000, '.benchgate.yml', 2),
      ...at('min-rounds', 40, '.benchgate.yml', 3),
      ...at('max-rounds', 1000, '.benchgate.yml', 4),
      ...at('alpha', 0.9, '.benchgate.yml', 5),
    };
    const { admitted, warnings } = governLayer(trusted, proposed, 'pull_request event');
    expect(Object.fromEntries(Object.entries(admitted).map(([k, v]) => [k, v!.value]))).toEqual({
      rounds: 100,
      'min-rounds': 30,
      'max-rounds': 300,
      alpha: 0.5,
    });
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'config-clamped',
        `.benchgate.yml:2 (rounds): clamped rounds: 100000000 from the pull request's own file to 100 on a pull_request event: a pull request may raise rounds to at most 10× the governing 10 (docs/security.md)`,
      ],
      [
        'config-clamped',
        `.benchgate.yml:3 (min-rounds): clamped min-rounds: 40 from the pull request's own file to 30 on a pull_request event: min-rounds is at most the trusted max-rounds (30) (docs/security.md)`,
      ],
      [
        'config-clamped',
        `.benchgate.yml:4 (max-rounds): clamped max-rounds: 1000 from the pull request's own file to 300 on a pull_request event: a pull request may raise max-rounds to at most 10× the governing 30 (docs/security.md)`,
      ],
      [
        'config-clamped',
        `.benchgate.yml:5 (alpha): clamped alpha: 0.9 from the pull request's own file to 0.5 on a pull_request event: a pull request may raise alpha to at most 10× the governing 0.05 (docs/security.md)`,
      ],
    ]);
  });

  it("names an ignored list by its items, without the parser's bookkeeping", () => {
    const proposed = parseConfigText('ignore:\n  - Benchmark*\n  - slow\n', '.benchgate.yml');
    const [warning] = governLayer({}, proposed, 'e').warnings;
    expect(warning!.message).toContain('ignored ignore: ["Benchmark*","slow"] from');
    expect(warning!.message).not.toContain('where');
  });

  it('a value equal to the trusted one is admitted silently; an empty value cannot unset a trusted one', () => {
    expect(governLayer(at('fail-on', 'regression'), at('fail-on', 'regression'), 'e')).toEqual({
      admitted: at('fail-on', 'regression'),
      warnings: [],
    });
    const unset = governLayer(at('threshold', 1), at('threshold', null), 'e');
    expect(unset.admitted).toEqual({});
    expect(unset.warnings[0]!.message).toContain('it cannot unset threshold');
  });

  it('an invalid value from the pull request is a ConfigError naming its line, not a silent pass', () => {
    expect(() => governLayer({}, at('alpha', 'lots'), 'e')).toThrow(ConfigError);
    expect(() => governLayer({}, at('alpha', 'lots'), 'e')).toThrow('.benchgate.yml:3 (alpha): expected a probability');
  });

  it('a long value is shortened in the warning', () => {
    const { warnings } = governLayer({}, at('bench', 'x'.repeat(5000)), 'e');
    expect(warnings[0]!.message.length).toBeLessThan(300);
  });
});

describe("governingEvent: the events whose checkout's config may not govern", () => {
  const eventFile = (payload: object) => {
    const file = path.join(tempDir(), 'event.json');
    writeFileSync(file, JSON.stringify(payload));
    return file;
  };
  const github = (name: string, payload: object, more: Record<string, string> = {}) => ({
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: name,
    GITHUB_EVENT_PATH: eventFile(payload),
    ...more,
  });
  /** A clone whose HEAD is a commit of its own, with an origin (no fetch is made: only the ref is named). */
  const clone = () => {
    const repo = makeRepo([{ 'a.txt': '1' }]);
    git(repo, 'remote', 'add', 'origin', 'https://github.invalid/o/r.git');
    return { repo, head: git(repo, 'rev-parse', 'HEAD').trim() };
  };
  const noReader = { baseSha: () => Promise.reject(new Error('not asked')) };

  it.each(['pull_request', 'pull_request_target', 'pull_request_review', 'pull_request_review_comment'])(
    'GitHub %s: the base SHA of the payload',
    async (name) => {
      const env = github(name, { pull_request: { base: { sha: 'b'.repeat(40) } } });
      expect(await governingEvent(env, '.', noReader)).toEqual({ name: `${name} event`, base: 'b'.repeat(40) });
    },
  );

  it('GitHub merge_group: the queue base', async () => {
    expect((await governingEvent(github('merge_group', { merge_group: { base_sha: 'c'.repeat(40) } }), '.'))?.base).toBe('c'.repeat(40));
  });

  it("GitHub issue_comment on a pull request: its base, read through the API; on an issue: the default branch's tip", async () => {
    const asked: number[] = [];
    const reader = { baseSha: (n: number) => (asked.push(n), Promise.resolve('e'.repeat(40))) };
    const onPr = github('issue_comment', { issue: { number: 9, pull_request: { url: 'https://api.github.invalid/pulls/9' } } });
    expect(await governingEvent(onPr, '.', reader)).toEqual({ name: 'issue_comment event on pull request #9', base: 'e'.repeat(40) });
    expect(asked).toEqual([9]);
    await expect(governingEvent(onPr, '.')).rejects.toThrow('reading its base needs a token');
    const { repo } = clone();
    const onIssue = github('issue_comment', { issue: { number: 3 }, repository: { default_branch: 'main' } });
    expect((await governingEvent(onIssue, repo, reader))?.base).toBe('origin/main');
  });

  it("an event on no list: the default branch's tip; without one, exit 2", async () => {
    const { repo } = clone();
    expect(await governingEvent(github('deployment', { repository: { default_branch: 'trunk' } }), repo)).toEqual({
      name: 'deployment event',
      base: 'origin/trunk',
    });
    await expect(governingEvent(github('deployment', {}), repo)).rejects.toThrow(ConfigError);
    await expect(governingEvent(github('deployment', {}), repo)).rejects.toThrow('deployment event without a base commit');
  });

  it('workflow_dispatch: the checkout governs when it is the dispatched commit, else the default branch', async () => {
    const { repo, head } = clone();
    const payload = { repository: { default_branch: 'main' } };
    expect(await governingEvent(github('workflow_dispatch', payload, { GITHUB_SHA: head }), repo)).toBeUndefined();
    expect((await governingEvent(github('workflow_dispatch', payload, { GITHUB_SHA: 'f'.repeat(40) }), repo))?.base).toBe('origin/main');
  });

  it('push, schedule and local runs: the checkout governs', async () => {
    expect(await governingEvent(github('push', { before: 'a'.repeat(40) }), '.')).toBeUndefined();
    expect(await governingEvent(github('schedule', {}), '.')).toBeUndefined();
    expect(await governingEvent({ GITLAB_CI: 'true', CI_PIPELINE_SOURCE: 'push' }, '.')).toBeUndefined();
    expect(await governingEvent({}, '.')).toBeUndefined();
  });

  it('GitLab merge request pipelines: the target branch SHA, else the merge base', async () => {
    const gitlab = (env: Record<string, string>) => governingEvent({ GITLAB_CI: 'true', ...env }, '.');
    expect(
      (await gitlab({ CI_MERGE_REQUEST_IID: '7', CI_MERGE_REQUEST_DIFF_BASE_SHA: 'd1', CI_MERGE_REQUEST_TARGET_BRANCH_SHA: 't1' }))?.base,
    ).toBe('t1');
    expect((await gitlab({ CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_DIFF_BASE_SHA: 'd1' }))?.base).toBe('d1');
    expect((await gitlab({ CI_EXTERNAL_PULL_REQUEST_IID: '3', CI_EXTERNAL_PULL_REQUEST_TARGET_BRANCH_SHA: 'e1' }))?.base).toBe('e1');
  });

  it.each(['parent_pipeline', 'pipeline', 'chat', ''])("GitLab source %j: the default branch's tip", async (source) => {
    const { repo } = clone();
    const env = { GITLAB_CI: 'true', CI_PIPELINE_SOURCE: source, CI_DEFAULT_BRANCH: 'main' };
    expect((await governingEvent(env, repo))?.base).toBe('origin/main');
    await expect(governingEvent({ ...env, CI_DEFAULT_BRANCH: '' }, repo)).rejects.toThrow('without a base commit');
  });

  it('a review event without a base commit fails closed', async () => {
    await expect(governingEvent(github('pull_request', { pull_request: {} }), '.')).rejects.toThrow(
      'pull_request event without a base commit',
    );
    await expect(governingEvent({ GITLAB_CI: 'true', CI_MERGE_REQUEST_IID: '7' }, '.')).rejects.toThrow(ConfigError);
  });
});

describe('working-directory is confined to the worktree', () => {
  it.each(['../..', '..', '/etc', 'a/../../b', 'C:\\Windows', '\\\\server\\share', '..\\x'])('rejects %s', (dir) => {
    expect(() => checkWorkingDirectory(dir, '.benchgate.yml:2 (working-directory)')).toThrow(
      `.benchgate.yml:2 (working-directory): "${dir}" is outside the repository`,
    );
  });

  it.each(['.', 'bench', 'a/../b', './x/y'])('accepts %s', (dir) => {
    expect(() => checkWorkingDirectory(dir, 'w')).not.toThrow();
  });

  it('follows symbolic links: one leading out of the worktree is refused; a missing directory is named', () => {
    const worktree = tempDir();
    mkdirSync(path.join(worktree, 'bench'));
    symlinkSync(tempDir(), path.join(worktree, 'escape'));
    symlinkSync(path.join(worktree, 'bench'), path.join(worktree, 'inside'));
    expect(workingDirectoryIn(worktree, 'bench', 'head')).toBe(path.join(worktree, 'bench'));
    expect(workingDirectoryIn(worktree, 'inside', 'head')).toBe(path.join(worktree, 'inside'));
    expect(() => workingDirectoryIn(worktree, 'escape', 'head')).toThrow(
      'working-directory "escape" leads outside the head worktree through a symbolic link',
    );
    expect(() => workingDirectoryIn(worktree, 'missing', 'base')).toThrow(
      'working-directory "missing" is not a directory in the base commit',
    );
  });
});

describe('docs/security.md', () => {
  it('lists every option a config file can set with its trust class, as src/options.ts has them', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'security.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z-]+)` \| (any|stricter-only|trusted-only)(?: \((higher|lower) is stricter\))? \|$/gm)].map(
      (m) => [m[1], m[2], m[3]],
    );
    expect(rows).toEqual(OPTIONS.filter((o) => o.file).map((o) => [o.name, o.trust, o.stricter]));
  });
});

describe('reviewWarnings', () => {
  it('a malformed .gitmodules (beside a submodule) does not weaken the CI-files warning to "could not tell"', async () => {
    const repo = makeRepo([{ 'a.txt': '1' }]);
    const base = git(repo, 'rev-parse', 'HEAD').trim();
    writeFileSync(path.join(repo, '.gitmodules'), '[submodule "x"]\n\tpath = sub\n\turl = ./x\n[bad\n');
    mkdirSync(path.join(repo, '.github', 'workflows'), { recursive: true });
    writeFileSync(path.join(repo, '.github', 'workflows', 'bench.yml'), 'on: pull_request\n');
    git(repo, 'update-index', '--add', '--cacheinfo', `160000,${base},sub`);
    git(repo, 'add', '.gitmodules', '.github');
    git(repo, 'commit', '-q', '--no-gpg-sign', '-m', 'pr');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const config = {
      governance: { event: 'pull_request event', baseSha: base, configFile: '.benchgate.yml', warnings: [] },
    } as unknown as Config;
    const [warning] = await reviewWarnings(config, repo, base, head);
    expect(warning).toEqual({
      code: 'ci-files-changed',
      message: expect.stringMatching(/^the head commit changes \.github\/workflows\/bench\.yml: on a pull_request event/),
    });
  });
});
