/**
 * A throwaway PostgreSQL cluster for the history store tests: initdb in a temp directory, a
 * free local port, a socket in the same directory, trust authentication on 127.0.0.1 only.
 * Runs as the postgres user when the tests run as root (PostgreSQL refuses root). Debian's
 * PostgreSQL 15 by default (.ci/run installs it); BENCHGATE_PG_BIN names another bin directory.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PG_BIN = process.env.BENCHGATE_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPostgres = existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? (await run('id', ['-u', 'postgres'])).stdout.trim() : null;
  if (asRoot) {
    chownSync(dir, Number(pgUser), Number((await run('id', ['-g', 'postgres'])).stdout.trim()));
    chmodSync(dir, 0o700);
  }
  const as = (bin: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]) : run(path.join(PG_BIN, bin), args);
  await as('initdb', ['--pgdata', data, '--auth', 'trust', '--username', 'postgres', '--no-sync', '--encoding', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  await as('pg_ctl', ['--pgdata', data, '--log', path.join(dir, 'server.log'), '--options', options, '--wait', 'start']);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await as('pg_ctl', ['--pgdata', data, '--mode', 'immediate', '--wait', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
