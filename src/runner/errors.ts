/** How a comparison's run ends early; exit.ts maps each to its exit code. */

/** A build or benchmark run failed: the message names the side, the round and the cause. */
export class RunFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFailure';
  }
}

/** benchgate was asked to stop (SIGINT/SIGTERM). */
export class Cancelled extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`cancelled by ${signal}`);
    this.name = 'Cancelled';
  }
}

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
