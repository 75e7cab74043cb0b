import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore } from '../../src/history/open-store.js';
import { DirectoryStore, pathSegment } from '../../src/history/store-directory.js';
import { GitStore } from '../../src/history/store-git.js';
import { PostgresStore } from '../../src/history/store-postgres.js';
import type { HistoryStore } from '../../src/history/store.js';
import { hasPostgres, startPostgres, type ThrowawayPostgres } from '../helpers/postgres.js';
import { describeWhen } from '../helpers/toolchains.js';
import { benchmarkRecord, historyRecord } from './records.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'benchgate-stores-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function bareRepo(name: string): string {
  const dir = path.join(scratch, name);
  execFileSync('git', ['init', '--quiet', '--bare', dir]);
  return dir;
}

const records = (n: number, over = {}) =>
  Array.from({ length: n }, (_, k) =>
    historyRecord(k + 1, [benchmarkRecord({ headMedian: 100 + k, changePct: k % 3, interval: [-1, 3] })], over),
  );

describe('directory store', () => {
  it('reads back what it appended, per branch and suite, in order, once', async () => {
    const store = new DirectoryStore(path.join(scratch, 'dir'));
    const go = records(3);
    const other = historyRecord(9, [benchmarkRecord()], { suite: 'c' });
    for (const r of [...go].reverse()) await store.append(r);
    await store.append(other);
    await store.append(go[0]!);
    expect(await store.read({ branch: 'main', suite: 'go' })).toEqual(go);
    expect(await store.read({ branch: 'main' })).toHaveLength(4);
    expect(await store.read({ branch: 'release' })).toEqual([]);
  });

  it('keeps hostile branch and suite names inside the store, one path segment each', async () => {
    expect(pathSegment('../../etc')).toBe('%2E.%2F..%2Fetc');
    expect(pathSegment('.')).toBe('%2E');
    expect(pathSegment('')).toBe('%');
    const root = path.join(scratch, 'hostile');
    const store = new DirectoryStore(root);
    const r = historyRecord(1, [benchmarkRecord()], { branch: '../x', suite: 'a/b' });
    await store.append(r);
    expect(readdirSync(path.join(root, 'records'))).toEqual(['%2E.%2Fx']);
    expect(await store.read({ branch: '../x', suite: 'a/b' })).toEqual([r]);
  });

  it('names the file of a damaged record and refuses one from a newer benchgate', async () => {
    const root = path.join(scratch, 'damaged');
    const store = new DirectoryStore(root);
    await store.append(historyRecord(1, [benchmarkRecord()]));
    const dir = path.join(root, 'records', 'main', 'go');
    writeFileSync(path.join(dir, 'z.json'), '{"schemaVersion": 99}');
    await expect(store.read({ branch: 'main' })).rejects.toThrow(/records\/main\/go\/z\.json: written by a newer benchgate/);
    writeFileSync(path.join(dir, 'z.json'), '{not json');
    await expect(store.read({ branch: 'main' })).rejects.toThrow(/z\.json: not JSON/);
  });
});

describe('git store against a local bare repository', () => {
  it('two concurrent recorders lose nothing, and the branch only ever moved forward', async () => {
    const remote = bareRepo('concurrent.git');
    const [a, b] = [new GitStore(remote), new GitStore(remote)];
    const all = records(8);
    const [mine, theirs] = [all.filter((_, i) => i % 2 === 0), all.filter((_, i) => i % 2 === 1)];
    await Promise.all([
      (async () => {
        for (const r of mine) await a.append(r);
      })(),
      (async () => {
        for (const r of theirs) await b.append(r);
      })(),
    ]);
    expect(await a.read({ branch: 'main', suite: 'go' })).toEqual(all);
    // One commit per record on one first-parent line: no commit was replaced by a force push.
    const log = execFileSync('git', ['-C', remote, 'rev-list', '--first-parent', 'benchgate-data'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(log).toHaveLength(8);
    await a.append(all[0]!); // a retried job appends the same record: nothing new
    expect(execFileSync('git', ['-C', remote, 'rev-list', '--count', 'benchgate-data'], { encoding: 'utf8' }).trim()).toBe('8');
    await Promise.all([a.close(), b.close()]);
  });

  it('opens from a spec naming a remote of the current repository and a branch', async () => {
    const remote = bareRepo('named.git');
    const work = path.join(scratch, 'work');
    execFileSync('git', ['init', '--quiet', work]);
    execFileSync('git', ['-C', work, 'remote', 'add', 'upstream', remote]);
    const store = await openStore('git:upstream#perf-data', work);
    expect(store.name).toContain('branch perf-data');
    await store.append(records(1)[0]!);
    expect(execFileSync('git', ['-C', remote, 'branch', '--list'], { encoding: 'utf8' })).toContain('perf-data');
    await store.close();
  });

  it('refuses a branch that is an option or a refspec', () => {
    expect(() => new GitStore('/tmp/x', '--force')).toThrow(/cannot start with "-"/);
    expect(() => new GitStore('/tmp/x', '+main:main')).toThrow(/refspec/);
    expect(() => new GitStore('--upload-pack=x')).toThrow(/not a repository/);
  });
});

const withPostgres = describeWhen(() => hasPostgres);

withPostgres('PostgreSQL store against a real server', () => {
  let server: ThrowawayPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  }, 30_000);
  afterAll(async () => server?.stop());

  it('gives the same history as the git store', async () => {
    const stores: HistoryStore[] = [await openStore(server.url, scratch), new GitStore(bareRepo('same.git'))];
    const all = [...records(4), ...records(2, { suite: 'c' }), ...records(1, { branch: 'release' })];
    for (const store of stores) for (const r of all) await store.append(r);
    await stores[0]!.append(all[0]!);
    const [fromPg, fromGit] = await Promise.all(stores.map((s) => s.read({ branch: 'main', suite: 'go' })));
    expect(fromPg).toHaveLength(4);
    expect(JSON.stringify(fromPg)).toBe(JSON.stringify(fromGit));
    const [allPg, allGit] = await Promise.all(stores.map((s) => s.read({ branch: 'main' })));
    expect(allPg).toHaveLength(6);
    expect(JSON.stringify(allPg)).toBe(JSON.stringify(allGit));
    await Promise.all(stores.map((s) => s.close()));
  });

  it('migrates once, and refuses a database a newer benchgate migrated', async () => {
    const again = await PostgresStore.open(server.url);
    await again.close();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    expect((await client.query('SELECT version FROM benchgate_schema')).rows).toEqual([{ version: 1 }]);
    await client.query('INSERT INTO benchgate_schema (version) VALUES (99)');
    await client.end();
    await expect(PostgresStore.open(server.url)).rejects.toThrow(/schema version 99 was written by a newer benchgate/);
  });

  it('names the server, never the password, when it cannot connect', async () => {
    await expect(PostgresStore.open('postgresql://u:s3cret@127.0.0.1:1/db')).rejects.toThrow(/^PostgreSQL 127\.0\.0\.1:1: cannot connect/);
    await expect(PostgresStore.open('postgresql://u:s3cret@127.0.0.1:1/db')).rejects.not.toThrow(/s3cret/);
  });
});
