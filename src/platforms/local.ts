/** The terminal: log lines and a live status line on stderr, the table on stdout, colour where it fits. */
import { inertForLog } from '../log-text.js';
import type { ViewName } from '../report/index.js';
import type { PlatformFacts } from '../report/view.js';
import { ProgressDisplay } from './progress.js';
import { colorsFor, type Colors } from './tty.js';
import type { Logger, Platform, Publisher, RunProgress, Shown } from './types.js';

type Output = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** Log lines on stderr, above a live status line when stderr is a terminal. */
class LocalLogger implements Logger {
  private readonly colors: Colors;
  /** Only on a terminal: a pipe or a CI log gets plain lines. */
  private readonly display: ProgressDisplay | null;

  constructor(
    private readonly err: Output,
    env: NodeJS.ProcessEnv,
  ) {
    this.colors = colorsFor(err, env);
    this.display = err.isTTY && env.TERM !== 'dumb' ? new ProgressDisplay(err, this.colors) : null;
  }

  private line(text: string): void {
    if (this.display) this.display.write(`${text}\n`);
    else this.err.write(`${text}\n`);
  }

  info(message: string): void {
    this.line(inertForLog(message));
  }

  warn(message: string): void {
    this.line(`${this.colors.yellow('warning:')} ${inertForLog(message)}`);
  }

  async group<T>(title: string, fn: () => T | Promise<T>): Promise<T> {
    this.line(this.colors.bold(`── ${inertForLog(title)}`));
    return await fn();
  }

  progress(p: RunProgress | null): void {
    this.display?.update(p);
  }
}

/** The table on stdout, once the status line is gone. */
class LocalPublisher implements Publisher {
  readonly views: readonly ViewName[] = ['terminal'];

  constructor(
    private readonly logger: LocalLogger,
    private readonly out: Output,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Colour where stdout takes it. */
  viewFacts(): PlatformFacts {
    return { colors: colorsFor(this.out, this.env) };
  }

  publish({ views }: Shown): Promise<void> {
    this.logger.progress(null);
    this.out.write(views.terminal!);
    return Promise.resolve();
  }
}

/** The local terminal: no CI event (base and head are the refs given), the table printed. */
export function localPlatform(out: Output = process.stdout, err: Output = process.stderr, env: NodeJS.ProcessEnv = process.env): Platform {
  const logger = new LocalLogger(err, env);
  return {
    name: 'local',
    logger,
    events: { defaultComparison: () => ({ kind: 'refs' }) },
    publisher: new LocalPublisher(logger, out, env),
  };
}
