/** GitLab CI's job log: lines on stderr, warnings in yellow, collapsible sections. */
import { inertForLog } from '../log-text.js';
import type { Logger } from './types.js';

/** Section names may hold only letters, digits, `_`, `.` and `-`. */
function sectionName(title: string, n: number): string {
  return `benchgate_${n}_${title.toLowerCase().replace(/[^a-z0-9_.-]+/g, '_')}`.slice(0, 60);
}

export class GitLabLogger implements Logger {
  private sections = 0;

  constructor(private readonly err: NodeJS.WritableStream) {}

  info(message: string): void {
    this.err.write(`${inertForLog(message)}\n`);
  }

  warn(message: string): void {
    this.err.write(`\x1b[33mwarning: ${inertForLog(message)}\x1b[0m\n`);
  }

  async group<T>(title: string, fn: () => T | Promise<T>): Promise<T> {
    const name = sectionName(title, ++this.sections);
    const now = () => Math.floor(Date.now() / 1000);
    this.err.write(`\x1b[0Ksection_start:${now()}:${name}[collapsed=true]\r\x1b[0K${inertForLog(title)}\n`);
    try {
      return await fn();
    } finally {
      this.err.write(`\x1b[0Ksection_end:${now()}:${name}\r\x1b[0K\n`);
    }
  }
}
