/**
 * The release's first gate: the version asked for is the one this commit declares everywhere
 * a user pins it and, for the npm publish (.github/workflows/release.yml), npm can attach
 * provenance from this repository. GitLab's release job (.gitlab-ci.yml) checks the version only.
 * Usage: node --import tsx scripts/release-check.ts X.Y.Z [https://github.com/OWNER/benchgate]
 * Prints one line per problem, each naming the file and the fix, and exits 1 if there is any.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** npm attaches provenance through trusted publishing from this version on. */
const MIN_NPM: [number, number, number] = [11, 5, 1];

export interface ReleaseFacts {
  version: string;
  /** https://github.com/OWNER/NAME of the repository the workflow runs in; absent, no npm checks. */
  repositoryUrl?: string;
  packageJson: { version?: string; repository?: string | { url?: string } };
  /** templates/benchgate.yml, the GitLab component. */
  component: string;
  npmVersion?: string;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** `git+https://github.com/o/r.git`, `github:o/r` and `https://github.com/o/r` name the same repository. */
function normalRepository(url: string): string {
  return url
    .replace(/^github:/, 'https://github.com/')
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/\/$/, '')
    .toLowerCase();
}

function componentDefault(component: string, input: string): unknown {
  const header = parseAllDocuments(component)[0]?.toJS() as { spec?: { inputs?: Record<string, { default?: unknown }> } } | undefined;
  return header?.spec?.inputs?.[input]?.default;
}

function atLeast(version: string, min: [number, number, number]): boolean {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((parts[i] ?? 0) !== min[i]) return (parts[i] ?? 0) > min[i]!;
  return true;
}

export function releaseProblems(facts: ReleaseFacts): string[] {
  const problems: string[] = [];
  if (!SEMVER.test(facts.version))
    return [`version "${facts.version}": expected X.Y.Z (GitLab's CI/CD Catalog and npm both need a semantic version)`];
  if (facts.packageJson.version !== facts.version) {
    problems.push(
      `package.json: version is ${facts.packageJson.version}, not ${facts.version}; set it (npm version ${facts.version} --no-git-tag-version) and commit`,
    );
  }
  // The component names no package by default: a default would run whatever holds that name
  // in every pipeline that kept it, and the include pins the release instead (docs/gitlab.md).
  const cliPackage = componentDefault(facts.component, 'cli-package');
  if (cliPackage !== undefined) {
    problems.push(
      `templates/benchgate.yml: the cli-package input has a default (${String(cliPackage)}); remove it, so every include names the CLI it runs (cli-package: benchgate@${facts.version})`,
    );
  }
  if (facts.repositoryUrl === undefined) return problems;
  const repository = typeof facts.packageJson.repository === 'string' ? facts.packageJson.repository : facts.packageJson.repository?.url;
  if (!repository || normalRepository(repository) !== normalRepository(facts.repositoryUrl)) {
    problems.push(
      `package.json: repository.url is ${repository ?? 'missing'}; npm's provenance requires git+${facts.repositoryUrl}.git, the repository this workflow runs in`,
    );
  }
  if (facts.npmVersion !== undefined && !atLeast(facts.npmVersion, MIN_NPM)) {
    problems.push(`npm ${facts.npmVersion}: trusted publishing needs npm ${MIN_NPM.join('.')} or later (Node 24's npm has it)`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [version = '', repositoryUrl] = process.argv.slice(2);
  const problems = releaseProblems({
    version,
    repositoryUrl,
    packageJson: JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')),
    component: readFileSync(path.join(ROOT, 'templates', 'benchgate.yml'), 'utf8'),
    npmVersion: repositoryUrl === undefined ? undefined : execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(),
  });
  // ::error:: is a GitHub workflow command; GitLab's log shows the line as it is.
  for (const p of problems) console.log(`::error::${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(`benchgate ${version} is ready to release${repositoryUrl ? ` from ${repositoryUrl}` : ''}`);
}
