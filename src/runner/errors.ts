/** How a comparison's run ends early; exit.ts maps each to its exit code (a full disk: ../no-space.ts). */

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
