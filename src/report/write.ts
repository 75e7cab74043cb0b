/**
 * Writing the report files: each whole or not at all (a temporary file beside it, then a rename),
 * so a full disk never leaves a report cut short. A full disk or quota is the machine's problem,
 * not a bug: the files it stopped are named, and the rest are still written.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isNoSpace, NoSpace } from '../no-space.js';

/** Writes `text` to `file` atomically (a full disk: NoSpace naming it); `write` is replaceable for tests. */
export function writeAtomic(file: string, text: string, write: typeof writeFileSync = writeFileSync): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    write(temp, text);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    const e = err as NodeJS.ErrnoException;
    if (isNoSpace(e)) throw new NoSpace(file, e.code!, 'could not be written');
    // Name the report, not the temporary file (exit.ts words it: "cannot write FILE: EISDIR").
    if (e.path !== undefined) throw Object.assign(new Error(e.message), { code: e.code, syscall: 'write', path: file });
    throw err;
  }
}

export interface NotWritten {
  file: string;
  /** ENOSPC or EDQUOT. */
  code: string;
}

/** Writes each file atomically; returns the ones a full disk or quota stopped (other errors throw). */
export function writeAll(files: { file: string; text: () => string }[], write?: typeof writeFileSync): NotWritten[] {
  const notWritten: NotWritten[] = [];
  for (const { file, text } of files) {
    try {
      writeAtomic(file, text(), write);
    } catch (err) {
      if (!(err instanceof NoSpace)) throw err;
      notWritten.push({ file, code: err.code });
    }
  }
  return notWritten;
}
