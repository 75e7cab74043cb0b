/**
 * `store: postgresql://…`: records in one table, for organisations with many suites. The URL
 * comes from a secret and is used only by the recording job. The schema is versioned: a
 * migration list applied under an advisory lock, and a database migrated by a newer benchgate
 * is refused rather than written to. The record is kept as `json` (its text as written), so
 * it reads back exactly as the git store's file does.
 */
import pg from 'pg';
import { chronological, parseRecord, type HistoryRecord } from './record.js';
import { StoreError, type HistoryStore, type RecordQuery } from './store.js';

/** Migration N (1-based) brings the schema from version N-1 to N. Never edit one; append. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE benchgate_records (
     id bigserial PRIMARY KEY,
     branch text NOT NULL,
     suite text NOT NULL,
     head text NOT NULL,
     recorded_at timestamptz NOT NULL,
     record json NOT NULL,
     UNIQUE (branch, suite, head, recorded_at)
   );
   CREATE INDEX benchgate_records_branch_suite ON benchgate_records (branch, suite, recorded_at)`,
];
export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.length;

/** Any number unlikely to be another application's advisory lock: "benchgt" in ASCII. */
const MIGRATION_LOCK = 0x62656e636867;

export class PostgresStore implements HistoryStore {
  readonly name: string;

  private constructor(private readonly client: pg.Client) {
    this.name = `PostgreSQL ${client.host}:${client.port}/${client.database ?? ''}`;
  }

  static async open(url: string): Promise<PostgresStore> {
    const client = new pg.Client({ connectionString: url });
    // A connection lost while idle is reported by the next query; unhandled, it would end the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      // The URL may hold a password: name the server only.
      throw new StoreError(`PostgreSQL ${client.host}:${client.port}: cannot connect: ${(err as Error).message}`);
    }
    const store = new PostgresStore(client);
    try {
      await store.migrate();
    } catch (err) {
      await client.end();
      throw err;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.client.query('BEGIN');
    try {
      await this.client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await this.client.query('CREATE TABLE IF NOT EXISTS benchgate_schema (version integer NOT NULL)');
      const { rows } = await this.client.query<{ version: number | null }>('SELECT max(version) AS version FROM benchgate_schema');
      const current = rows[0]?.version ?? 0;
      if (current > POSTGRES_SCHEMA_VERSION) {
        throw new StoreError(
          `${this.name}: schema version ${current} was written by a newer benchgate (this one knows ${POSTGRES_SCHEMA_VERSION}): upgrade benchgate`,
        );
      }
      for (let v = current + 1; v <= POSTGRES_SCHEMA_VERSION; v++) {
        await this.client.query(MIGRATIONS[v - 1]!);
        await this.client.query('INSERT INTO benchgate_schema (version) VALUES ($1)', [v]);
      }
      await this.client.query('COMMIT');
    } catch (err) {
      await this.client.query('ROLLBACK');
      throw err;
    }
  }

  async append(record: HistoryRecord): Promise<void> {
    await this.client.query(
      `INSERT INTO benchgate_records (branch, suite, head, recorded_at, record) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (branch, suite, head, recorded_at) DO NOTHING`,
      [record.branch, record.suite, record.head, record.recordedAt, JSON.stringify(record)],
    );
  }

  async read(query: RecordQuery): Promise<HistoryRecord[]> {
    const { rows } = await this.client.query<{ id: string; record: unknown }>(
      'SELECT id, record FROM benchgate_records WHERE branch = $1 AND ($2::text IS NULL OR suite = $2) ORDER BY recorded_at, head, suite',
      [query.branch, query.suite ?? null],
    );
    return chronological(rows.map((r) => parseRecord(r.record, `${this.name}: benchgate_records id ${r.id}`)));
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
