/**
 * The embedded default: records as files on a branch of a git repository (`benchgate-data`),
 * one file per record, so concurrent recorders never edit the same file. Appending builds a
 * commit on the branch's tip in a private scratch repository and pushes it; when another
 * recorder pushed first, the push is refused as a non-fast-forward and the append starts again
 * from the new tip. It never force-pushes. Every git call is an argument array (src/git.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkRefSyntax, git } from '../git.js';
import type { HistoryRecord } from './record.js';
import { readRecordTree, recordPath, recordText } from './store-directory.js';
import { StoreError, type HistoryStore, type RecordQuery } from './store.js';

export const DEFAULT_DATA_BRANCH = 'benchgate-data';

/** How often an append retries after losing a race, and the longest pause between tries. */
const ATTEMPTS = 10;
const MAX_PAUSE_MS = 400;

/** A push another recorder beat: worth another try from the new tip. */
const LOST_RACE =
  /non-fast-forward|fetch first|cannot lock ref|failed to update ref|stale info|incorrect old value|reference already exists/i;

/** Fixed identity and no signing or hooks: the scratch repository must not depend on the user's git config. */
const CONFIG = [
  '-c',
  'user.name=benchgate',
  '-c',
  'user.email=benchgate@localhost',
  '-c',
  'commit.gpgsign=false',
  '-c',
  'core.hooksPath=/dev/null',
];

export class GitStore implements HistoryStore {
  readonly name: string;
  private scratch: string | null = null;

  /** `remote`: a URL or a path (the recording job's credentials are git's own: a credential helper or a URL). */
  constructor(
    private readonly remote: string,
    private readonly branch: string = DEFAULT_DATA_BRANCH,
  ) {
    if (remote.length === 0 || remote.startsWith('-')) throw new StoreError(`git store: "${remote}" is not a repository URL or path`);
    checkRefSyntax(branch);
    this.name = `git ${remote.replace(/\/\/[^@/]*@/, '//***@')} branch ${branch}`;
  }

  private async run(args: string[], what: string): Promise<string> {
    const r = await git(await this.repo(), [...CONFIG, ...args]);
    if (r.code !== 0) throw new StoreError(`${this.name}: ${what} failed: ${r.stderr.trim() || `git exited with ${r.code}`}`);
    return r.stdout.trim();
  }

  private async repo(): Promise<string> {
    if (this.scratch === null) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'benchgate-store-'));
      const r = await git(dir, ['init', '--quiet', dir]);
      if (r.code !== 0) throw new StoreError(`${this.name}: git init in ${dir} failed: ${r.stderr.trim()}`);
      this.scratch = dir;
    }
    return this.scratch;
  }

  /** The branch's tip fetched into the scratch repository, or null when the branch does not exist yet. */
  private async fetchTip(): Promise<string | null> {
    const ref = `refs/heads/${this.branch}`;
    const listed = await git(await this.repo(), ['ls-remote', '--exit-code', '--heads', this.remote, ref]);
    if (listed.code === 2) return null;
    if (listed.code !== 0) throw new StoreError(`${this.name}: cannot reach the repository: ${listed.stderr.trim()}`);
    await this.run(['fetch', '--quiet', '--no-tags', this.remote, ref], 'fetching the data branch');
    return this.run(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'], 'reading the fetched tip');
  }

  async append(record: HistoryRecord): Promise<void> {
    const repo = await this.repo();
    const file = path.join(repo, '.git', 'benchgate-record.json');
    await writeFile(file, recordText(record));
    const blob = await this.run(['hash-object', '-w', '--', file], 'storing the record');
    const where = recordPath(record);
    let lastError = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const tip = await this.fetchTip();
      await this.run(tip === null ? ['read-tree', '--empty'] : ['read-tree', tip], 'reading the data branch');
      const existing = tip === null ? '' : await this.run(['ls-files', '--stage', '--', where], 'looking for the record');
      if (existing.includes(blob)) return; // appended already (a retried job)
      if (existing !== '')
        throw new StoreError(`${this.name}: ${where} exists with other content; two records of one commit at one instant`);
      await this.run(['update-index', '--add', '--cacheinfo', `100644,${blob},${where}`], 'adding the record');
      const tree = await this.run(['write-tree'], 'writing the tree');
      const message = `benchgate: record ${record.suite} at ${record.head}`;
      const commit = await this.run(['commit-tree', tree, ...(tip === null ? [] : ['-p', tip]), '-m', message], 'committing the record');
      const pushed = await git(repo, [...CONFIG, 'push', '--quiet', this.remote, `${commit}:refs/heads/${this.branch}`]);
      if (pushed.code === 0) return;
      lastError = pushed.stderr.trim();
      if (!LOST_RACE.test(lastError)) throw new StoreError(`${this.name}: push refused: ${lastError}`);
      // Another recorder pushed first: wait a random while so the two do not collide again.
      await sleep(Math.random() * Math.min(MAX_PAUSE_MS, 50 * attempt));
    }
    throw new StoreError(`${this.name}: still losing the race to other recorders after ${ATTEMPTS} tries: ${lastError}`);
  }

  async read(query: RecordQuery): Promise<HistoryRecord[]> {
    const tip = await this.fetchTip();
    if (tip === null) return [];
    const repo = await this.repo();
    const snapshot = path.join(repo, '.git', `snapshot-${Date.now()}`);
    await this.run(['read-tree', tip], 'reading the data branch');
    await this.run(['checkout-index', '--all', '--force', `--prefix=${snapshot}/`], 'checking out the records');
    try {
      return readRecordTree(snapshot, query, this.name);
    } finally {
      await rm(snapshot, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    if (this.scratch !== null) await rm(this.scratch, { recursive: true, force: true });
    this.scratch = null;
  }
}
