/**
 * The trust rule (src/trust.ts) over the whole option table: whatever options the table holds,
 * a value from a pull request's own file is admitted only as its trust class allows.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseConfigText, type Config, type RawConfig } from '../../src/config.js';
import { CONFIG_KEYS, OPTIONS, optionSpec } from '../../src/options.js';
import { checkWorkingDirectory, governLayer, reviewEvent, reviewWarnings, workingDirectoryIn } from '../../src/trust.js';
import { git, makeRepo, ROOT, tempDir } from '../e2e/helpers.js';

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

describe('reviewEvent: which CI events carry a pull request', () => {
  const eventFile = (payload: object) => {
    const file = path.join(tempDir(), 'event.json');
    writeFileSync(file, JSON.stringify(payload));
    return file;
  };

  it.each(['pull_request', 'pull_request_target'])('GitHub %s: the base SHA of the payload', (name) => {
    const env = {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: name,
      GITHUB_EVENT_PATH: eventFile({ pull_request: { base: { sha: 'b'.repeat(40) } } }),
    };
    expect(reviewEvent(env)).toEqual({ name: `${name} event`, base: 'b'.repeat(40) });
  });

  it('GitHub merge_group: the queue base', () => {
    const env = {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'merge_group',
      GITHUB_EVENT_PATH: eventFile({ merge_group: { base_sha: 'c'.repeat(40) } }),
    };
    expect(reviewEvent(env)?.base).toBe('c'.repeat(40));
  });

  it('push, workflow_dispatch and local runs are not reviews', () => {
    expect(
      reviewEvent({ GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventFile({ before: 'a'.repeat(40) }) }),
    ).toBeUndefined();
    expect(reviewEvent({ GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'workflow_dispatch' })).toBeUndefined();
    expect(reviewEvent({ GITLAB_CI: 'true', CI_PIPELINE_SOURCE: 'push' })).toBeUndefined();
    expect(reviewEvent({})).toBeUndefined();
  });

  it('GitLab merge request pipelines: the target branch SHA, else the merge base', () => {
    expect(
      reviewEvent({
        GITLAB_CI: 'true',
        CI_MERGE_REQUEST_IID: '7',
        CI_MERGE_REQUEST_DIFF_BASE_SHA: 'd1',
        CI_MERGE_REQUEST_TARGET_BRANCH_SHA: 't1',
      })?.base,
    ).toBe('t1');
    expect(reviewEvent({ GITLAB_CI: 'true', CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_DIFF_BASE_SHA: 'd1' })?.base).toBe(
      'd1',
    );
    expect(
      reviewEvent({ GITLAB_CI: 'true', CI_EXTERNAL_PULL_REQUEST_IID: '3', CI_EXTERNAL_PULL_REQUEST_TARGET_BRANCH_SHA: 'e1' })?.base,
    ).toBe('e1');
  });

  it('a review event without a base commit fails closed', () => {
    expect(() =>
      reviewEvent({ GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile({ pull_request: {} }) }),
    ).toThrow('pull_request event without a base commit');
    expect(() => reviewEvent({ GITLAB_CI: 'true', CI_MERGE_REQUEST_IID: '7' })).toThrow(ConfigError);
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
