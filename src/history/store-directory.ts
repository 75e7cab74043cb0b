/**
 * `--store DIR`: one JSON file per record under DIR/records/<branch>/<suite>/. The same layout
 * is the git store's tree, which reads a snapshot of its branch through this store.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chronological, parseRecord, type HistoryRecord } from './record.js';
import { StoreError, type HistoryStore, type RecordQuery } from './store.js';

/** A record is small (a few hundred bytes per benchmark); a file far larger is not one. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/**
 * A branch or suite name as one path segment: letters, digits, "_", "-" and inner "." stay;
 * every other byte becomes %XX, so "../x", "a/b" and names differing only in case-folded
 * punctuation stay separate files inside the store.
 */
export function pathSegment(name: string): string {
  const encoded = [...Buffer.from(name, 'utf8')]
    .map((byte, i) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9_-]/.test(c) || (c === '.' && i > 0) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return encoded.length === 0 ? '%' : encoded;
}

/** records/<branch>/<suite>/<time>-<head>.json: sorts by time in a listing, unique per link. */
export function recordPath(r: HistoryRecord): string {
  const time = r.recordedAt.replace(/[-:]/g, '');
  return ['records', pathSegment(r.branch), pathSegment(r.suite), `${pathSegment(time)}-${pathSegment(r.head)}.json`].join('/');
}

export function recordText(r: HistoryRecord): string {
  return `${JSON.stringify(r)}\n`;
}

/** Reads the records under `root` for a query (used by the git store on its snapshot too). */
export function readRecordTree(root: string, query: RecordQuery, name: string): HistoryRecord[] {
  const branchDir = path.join(root, 'records', pathSegment(query.branch));
  if (!existsSync(branchDir)) return [];
  const suites = query.suite === undefined ? readdirSync(branchDir) : [pathSegment(query.suite)];
  const records: HistoryRecord[] = [];
  for (const suite of suites) {
    const dir = path.join(branchDir, suite);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const full = path.join(dir, file);
      const where = `${name}: ${path.relative(root, full)}`;
      if (statSync(full).size > MAX_RECORD_BYTES) throw new StoreError(`${where}: larger than ${MAX_RECORD_BYTES} bytes: not a record`);
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(full, 'utf8'));
      } catch (err) {
        throw new StoreError(`${where}: not JSON (${(err as Error).message}); remove or repair the file`);
      }
      const record = parseRecord(data, where);
      // The path says where a record belongs; a file whose content says otherwise was moved by hand.
      if (record.branch === query.branch && (query.suite === undefined || record.suite === query.suite)) records.push(record);
    }
  }
  return chronological(records);
}

export class DirectoryStore implements HistoryStore {
  readonly name: string;

  constructor(private readonly root: string) {
    this.name = `directory ${root}`;
  }

  async append(record: HistoryRecord): Promise<void> {
    const file = path.join(this.root, recordPath(record));
    const text = recordText(record);
    if (existsSync(file)) {
      if (readFileSync(file, 'utf8') === text) return;
      throw new StoreError(`${this.name}: ${file} exists with other content; two records of one commit at one instant`);
    }
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a record.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, text);
    await rename(partial, file);
  }

  read(query: RecordQuery): Promise<HistoryRecord[]> {
    // Read at once; a bad record is a rejection (the executor's throw), as from the other stores.
    return new Promise((resolve) => resolve(readRecordTree(this.root, query, this.name)));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
