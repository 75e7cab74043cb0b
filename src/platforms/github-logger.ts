/** GitHub Actions' log: lines, warning annotations and folded groups through @actions/core. */
import * as core from '@actions/core';
import { inertForLog } from '../log-text.js';
import type { Logger } from './types.js';

export class GitHubLogger implements Logger {
  /** Warnings printed so far: each takes one of the step's warning annotations. */
  private printed = 0;

  get warnings(): number {
    return this.printed;
  }

  info(message: string): void {
    core.info(inertForLog(message));
  }

  warn(message: string): void {
    this.printed++;
    core.warning(inertForLog(message));
  }

  group<T>(title: string, fn: () => T | Promise<T>): Promise<T> {
    return core.group(inertForLog(title), async () => await fn());
  }
}
