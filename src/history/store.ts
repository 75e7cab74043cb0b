/**
 * Where history records live. A store appends one record and reads a branch's records back;
 * nothing else. A new store is one file implementing this and one entry in open-store.ts.
 */
import type { HistoryRecord } from './record.js';

export interface RecordQuery {
  branch: string;
  /** Only this suite's records; all suites when absent. */
  suite?: string;
}

export interface HistoryStore {
  /** The store as messages name it, never with a password. */
  readonly name: string;
  /** Appends one record; appending the same record twice keeps one. */
  append(record: HistoryRecord): Promise<void>;
  /** The branch's records, checked (record.ts parseRecord) and in chronological order. */
  read(query: RecordQuery): Promise<HistoryRecord[]>;
  close(): Promise<void>;
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}
