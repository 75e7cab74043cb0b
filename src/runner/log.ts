/**
 * The results log: JSON Lines, a header, one line per run appended the moment the run ends,
 * and an end line. Each line is written with one synchronous append, so a killed benchgate
 * leaves every finished run on disk and at most one partial last line, which the reader skips.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LogEnd, LogHeader, LogLine, Run } from '../model.js';
import { validateLogLine } from '../validate.js';

export class ResultsLog {
  private ended = false;

  constructor(readonly file: string, header: LogHeader) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(header) + '\n');
  }

  append(run: Run): void {
    appendFileSync(this.file, JSON.stringify({ type: 'run', run } satisfies LogLine) + '\n');
  }

  end(status: LogEnd['status'], message?: string): void {
    if (this.ended) return;
    this.ended = true;
    const line: LogEnd = { type: 'end', endedAt: new Date().toISOString(), status, ...(message ? { message } : {}) };
    appendFileSync(this.file, JSON.stringify(line) + '\n');
  }
}

export interface ParsedLog {
  header: LogHeader;
  runs: Run[];
  /** Absent when the job was killed before it could write the end line. */
  end: LogEnd | null;
  /** Lines that could not be read (a partial last line after a kill), with their numbers. */
  skipped: number[];
}

export class LogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogError';
  }
}

/** Reads one or more results logs' text; only the header is mandatory. */
export function parseLog(text: string, file: string): ParsedLog {
  const lines = text.split('\n');
  let header: LogHeader | null = null;
  const runs: Run[] = [];
  let end: LogEnd | null = null;
  const skipped: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      skipped.push(i + 1);
      return;
    }
    const parsed = validateLogLine(json, file, i + 1);
    if (parsed.type === 'header') {
      if (header) throw new LogError(`${file}:${i + 1}: a second header line (use "benchgate merge" to combine logs)`);
      header = parsed;
    } else if (parsed.type === 'run') runs.push(parsed.run);
    else if (parsed.type === 'end') end = parsed;
    else skipped.push(i + 1);
  });
  if (!header) throw new LogError(`${file}: no header line: is this a benchgate results.jsonl?`);
  return { header, runs, end, skipped };
}

export function readLog(file: string): ParsedLog {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new LogError(`${file}: cannot read: ${(err as Error).message}`);
  }
  return parseLog(text, file);
}
