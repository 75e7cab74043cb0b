/** The terminal: log lines and a live status line on stderr, the table on stdout, colour where it fits. */
import type { ComparisonResult } from '../model.js';
import { inertForLog } from '../log-text.js';
import type { CompareSpec } from '../refs.js';
import { renderTerminal } from '../report/terminal.js';
import { ProgressDisplay } from './progress.js';
import { colorsFor, type Colors } from './tty.js';
import type { Platform, RunProgress } from './types.js';

type Output = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export class LocalPlatform implements Platform {
  readonly name = 'local';
  private readonly errColors: Colors;
  /** Only on a terminal: a pipe or a CI log gets plain lines. */
  private readonly display: ProgressDisplay | null;

  constructor(
    private readonly out: Output = process.stdout,
    private readonly err: Output = process.stderr,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.errColors = colorsFor(err, env);
    this.display = err.isTTY && env.TERM !== 'dumb' ? new ProgressDisplay(err, this.errColors) : null;
  }

  private line(text: string): void {
    if (this.display) this.display.write(`${text}\n`);
    else this.err.write(`${text}\n`);
  }

  info(message: string): void {
    this.line(inertForLog(message));
  }

  warn(message: string): void {
    this.line(`${this.errColors.yellow('warning:')} ${inertForLog(message)}`);
  }

  async group<T>(title: string, fn: () => T | Promise<T>): Promise<T> {
    this.line(this.errColors.bold(`── ${inertForLog(title)}`));
    return await fn();
  }

  progress(p: RunProgress | null): void {
    this.display?.update(p);
  }

  defaultComparison(): CompareSpec {
    return { kind: 'refs' };
  }

  publish(result: ComparisonResult): Promise<void> {
    this.display?.update(null);
    this.out.write(renderTerminal(result, colorsFor(this.out, this.env)));
    return Promise.resolve();
  }
}
