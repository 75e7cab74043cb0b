/** The terminal: plain log lines and the table on stdout. */
import type { ComparisonResult } from '../model.js';
import { inertForLog } from '../report/escape.js';
import type { CompareSpec } from '../refs.js';
import { renderTerminal } from '../report/terminal.js';
import type { Platform } from './types.js';

export class LocalPlatform implements Platform {
  readonly name = 'local';

  constructor(private readonly out: NodeJS.WritableStream = process.stdout, private readonly err: NodeJS.WritableStream = process.stderr) {}

  info(message: string): void {
    this.err.write(`${inertForLog(message)}\n`);
  }

  warn(message: string): void {
    this.err.write(`warning: ${inertForLog(message)}\n`);
  }

  async group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    this.err.write(`── ${inertForLog(title)}\n`);
    return fn();
  }

  defaultComparison(): CompareSpec {
    return { kind: 'refs' };
  }

  async publish(result: ComparisonResult): Promise<void> {
    this.out.write(renderTerminal(result));
  }
}
