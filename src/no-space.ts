/**
 * A full disk or a spent quota where benchgate writes a file: the machine's fault, not
 * benchgate's. Every writer (the results log, the reports in --out) throws it, and exit.ts maps
 * it to its code, so it lies below them all.
 */

/** The machine's, not benchgate's: a full disk or a spent quota (ENOSPC, EDQUOT) where a file is written. */
export class NoSpace extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    what: string,
  ) {
    super(
      `${path}: ${what}: ${code} (${code === 'EDQUOT' ? 'disk quota exceeded' : 'no space left on the device'}); free some space or use another --out`,
    );
    this.name = 'NoSpace';
  }
}

/** Whether an error is a full disk or quota. */
export function isNoSpace(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
