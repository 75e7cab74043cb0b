/**
 * scripts/release-check.ts, the release workflow's first gate, and the release workflow and
 * its checklist around it.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { releaseProblems, type ReleaseFacts } from '../../scripts/release-check.js';
import { ROOT } from '../e2e/helpers.js';

const COMPONENT = readFileSync(path.join(ROOT, 'templates', 'benchgate.yml'), 'utf8');
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

const ready: ReleaseFacts = {
  version,
  repositoryUrl: 'https://github.com/acme/benchgate',
  packageJson: { version, repository: { url: 'git+https://github.com/acme/benchgate.git' } },
  component: COMPONENT,
  npmVersion: '11.6.2',
};

describe('the release check', () => {
  it('passes a commit whose package.json, GitLab component and npm agree with the version', () => {
    expect(releaseProblems(ready)).toEqual([]);
    expect(releaseProblems({ ...ready, packageJson: { ...ready.packageJson, repository: 'github:ACME/benchgate' } })).toEqual([]);
  });

  it('names the file and the fix for each disagreement', () => {
    expect(releaseProblems({ ...ready, version: 'v1.0.0' })).toEqual([expect.stringMatching(/expected X\.Y\.Z/)]);
    expect(
      releaseProblems({
        ...ready,
        component: COMPONENT.replace(/^( {4}cli-package:\n(?: {6}.*\n)*)/m, '$1      default: benchgate@9.9.9\n'),
      }),
    ).toEqual([expect.stringMatching(/^templates\/benchgate\.yml: the cli-package input has a default \(benchgate@9\.9\.9\); remove it/)]);
    expect(releaseProblems({ ...ready, packageJson: { version } })).toEqual([
      expect.stringMatching(/^package\.json: repository\.url is missing; .*git\+https:\/\/github\.com\/acme\/benchgate\.git/),
    ]);
    expect(releaseProblems({ ...ready, repositoryUrl: 'https://github.com/fork/benchgate' })).toHaveLength(1);
    expect(releaseProblems({ ...ready, npmVersion: '10.9.2' })).toEqual([
      expect.stringMatching(/^npm 10\.9\.2: trusted publishing needs npm 11\.5\.1/),
    ]);
    expect(releaseProblems({ ...ready, npmVersion: '11.5.0' })).toHaveLength(1);
  });

  it('checks only the version for the GitLab catalog, where npm plays no part', () => {
    expect(releaseProblems({ ...ready, repositoryUrl: undefined, npmVersion: undefined, packageJson: { version } })).toEqual([]);
    expect(releaseProblems({ ...ready, repositoryUrl: undefined, packageJson: { version: '0.0.1' } })).toHaveLength(1);
  });
});

describe('the release workflow', () => {
  const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/release.yml'), 'utf8'));
  const job = workflow.jobs.release;
  const runs = (job.steps as { run?: string }[]).map((s) => s.run ?? '').join('\n');

  it('runs by hand from the default branch, behind an environment, with no token in the git config', () => {
    expect(Object.keys(workflow.on)).toEqual(['workflow_dispatch']);
    expect(job.if).toBe('github.ref_name == github.event.repository.default_branch');
    expect(job.environment).toBe('release');
    expect(workflow.permissions).toEqual({});
    expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
  });

  it('checks, then tags, moves the major tag, releases and publishes with provenance, in that order', () => {
    const order = [
      'scripts/release-check.ts',
      'npm run bundle',
      'npm run jest',
      'npm publish --dry-run',
      'gh release create',
      'git/refs/tags/$major',
      'npm publish --provenance',
    ];
    const at = order.map((needle) => runs.indexOf(needle));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('is what docs/release.md walks through', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'release.md'), 'utf8');
    for (const term of [
      'RELEASE_TOKEN',
      'NPM_TOKEN',
      'trusted publisher',
      'environment',
      'repository',
      'cli-package',
      'v1',
      '.gitlab-ci.yml',
    ])
      expect(doc).toContain(term);
  });
});
