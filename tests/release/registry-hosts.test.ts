/**
 * No tracked file names a package registry's host (the lock file aside, whose resolved URLs are
 * npm's own record): registries are reached through their clients by package name (apt-get,
 * npm, pip, go), never by a URL written here. The hosts are spelled from their parts so that this
 * file does not name them either.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../e2e/helpers.js';

/** Hosts of package registries (and their download and index hosts), each as its labels. */
const REGISTRY_HOSTS: string[][] = [
  ['registry', 'npmjs', 'org'],
  ['npmjs', 'com'],
  ['registry', 'yarnpkg', 'com'],
  ['deb', 'debian', 'org'],
  ['ftp', 'debian', 'org'],
  ['security', 'debian', 'org'],
  ['snapshot', 'debian', 'org'],
  ['archive', 'debian', 'org'],
  ['archive', 'ubuntu', 'com'],
  ['security', 'ubuntu', 'com'],
  ['ports', 'ubuntu', 'com'],
  ['pypi', 'org'],
  ['files', 'pythonhosted', 'org'],
  ['crates', 'io'],
  ['proxy', 'golang', 'org'],
  ['sum', 'golang', 'org'],
  ['rubygems', 'org'],
  ['repo1', 'maven', 'org'],
  ['repo', 'maven', 'apache', 'org'],
  ['nuget', 'org'],
  ['packagist', 'org'],
  ['hex', 'pm'],
  ['cpan', 'org'],
  ['anaconda', 'org'],
  ['conda', 'anaconda', 'org'],
  ['jsr', 'io'],
  ['registry-1', 'docker', 'io'],
  ['hub', 'docker', 'com'],
  ['ghcr', 'io'],
];

/** One extended regular expression: a host, or any subdomain of it, standing as a whole name. */
const pattern = `(^|[^a-z0-9.-])([a-z0-9-]+\\.)*(${REGISTRY_HOSTS.map((labels) => labels.join('\\.')).join('|')})($|[^a-z0-9-])`;

/** `file:line: text` of every tracked text file's line that names one, the lock file aside. */
function linesNamingRegistryHosts(): string[] {
  const r = spawnSync('git', ['grep', '-n', '-I', '-i', '-E', pattern, '--', '.', ':(exclude)package-lock.json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`git grep failed: ${r.stderr}`);
  return r.stdout.split('\n').filter((line) => line !== '');
}

describe('package registries', () => {
  it('are named by no tracked file, the lock file aside', () => {
    expect(linesNamingRegistryHosts()).toEqual([]);
  });

  it('would be found: the pattern matches each host and its subdomains, not a longer name', () => {
    const matches = (text: string): boolean => new RegExp(pattern, 'i').test(text);
    for (const labels of REGISTRY_HOSTS) {
      expect(matches(`see https://${labels.join('.')}/x`)).toBe(true);
      expect(matches(`mirror.${labels.join('.')}`)).toBe(true);
    }
    expect(matches(['registry', 'example', 'test'].join('.'))).toBe(false);
    expect(matches(`my${['crates', 'io'].join('.')}`)).toBe(false);
  });
});
