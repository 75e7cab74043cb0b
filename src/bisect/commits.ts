/**
 * The commits `benchgate bisect` searches: the first-parent line from --good to --bad, as git
 * lists it (`rev-list --first-parent`), run with argument arrays and never a shell.
 */
import { ConfigError } from '../config.js';
import { git, GitError, resolveCommit } from '../git.js';
import { inertForLog } from '../log-text.js';

export interface LineCommit {
  sha: string;
  /** The commit's subject line, inert for a terminal. */
  subject: string;
}

/** good, then every first-parent commit after it up to and including bad (at least two). */
export async function firstParentLine(repo: string, good: string, bad: string, log: (m: string) => void): Promise<LineCommit[]> {
  const goodSha = await resolveCommit(repo, good, log);
  const badSha = await resolveCommit(repo, bad, log);
  if (goodSha === badSha)
    throw new ConfigError(`--good ${good} and --bad ${bad} are the same commit (${goodSha.slice(0, 12)}): nothing to search`);
  const ancestor = await git(repo, ['merge-base', '--is-ancestor', goodSha, badSha]);
  if (ancestor.code === 1) throw new ConfigError(`--good ${good} is not an ancestor of --bad ${bad}: give the older commit as --good`);
  if (ancestor.code !== 0) throw new GitError(`git merge-base --is-ancestor failed: ${ancestor.stderr.trim()}`);
  // %x00 ends each commit: a subject never holds a NUL, so no subject can forge a line.
  const listed = await git(repo, [
    'rev-list',
    '--first-parent',
    '--reverse',
    '--format=%H%x00%P%x00%s%x00',
    '--no-commit-header',
    `${goodSha}..${badSha}`,
  ]);
  if (listed.code !== 0) throw new GitError(`git rev-list ${goodSha}..${badSha} failed: ${listed.stderr.trim()}`);
  const after = listed.stdout
    .split('\0\n')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [sha = '', parents = '', subject = ''] = entry.split('\0');
      return { sha: sha.trim(), firstParent: parents.split(' ')[0], subject: inertForLog(subject) };
    });
  if (after[0]?.firstParent !== goodSha)
    throw new ConfigError(
      `--good ${good} is not on the first-parent line of --bad ${bad} (it was merged in from a side branch): give a commit of the line, e.g. the merge's first parent`,
    );
  const goodSubject = (await git(repo, ['log', '-1', '--format=%s', goodSha])).stdout.trim();
  return [{ sha: goodSha, subject: inertForLog(goodSubject) }, ...after.map(({ sha, subject }) => ({ sha, subject }))];
}
