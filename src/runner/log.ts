/**
 * The results log: JSON Lines, a header, one line per run appended the moment the run ends,
 * and an end line. Each line is written with one synchronous append, so a killed benchgate
 * leaves every finished run on disk and at most one partial last line, which the reader skips;
 * an unreadable line anywhere else is refused (a log edited or corrupted in the middle cannot be trusted).
 * One writer at a time: a lock file beside the log keeps a second run out of the directory,
 * and an earlier log there is kept under a new name, never truncated.
 */
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchmarkProfile, LogEnd, LogHeader, LogLine, Run } from '../model.js';
import { validateLogLine } from '../validate.js';
import { isNoSpace, NoSpace } from './errors.js';
import { processAlive } from './leftovers.js';

export class ResultsLog {
  private ended = false;
  /** Runs appended so far. */
  private runs = 0;
  private readonly lock: string;
  /** Where an earlier log in the same place was moved, so this run does not overwrite it. */
  readonly kept: string | null;

  constructor(
    readonly file: string,
    header: LogHeader,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.lock = acquireLock(`${file}.lock`);
    try {
      this.kept = keepEarlierLog(file);
      writeFileSync(file, JSON.stringify(header) + '\n', { flag: 'wx' });
    } catch (err) {
      rmSync(this.lock, { force: true });
      if (isNoSpace(err))
        throw new NoSpace(file, (err as NodeJS.ErrnoException).code!, 'the results log could not be started (nothing was measured)');
      throw err;
    }
  }

  /** Appends one run; a full disk or quota is a NoSpace naming the log and what it still holds. */
  append(run: Run): void {
    try {
      appendFileSync(this.file, JSON.stringify({ type: 'run', run } satisfies LogLine) + '\n');
      this.runs++;
    } catch (err) {
      if (!isNoSpace(err)) throw err;
      const kept = this.runs === 0 ? 'nothing was measured' : `it keeps the ${this.runs} runs before it`;
      throw new NoSpace(
        this.file,
        (err as NodeJS.ErrnoException).code!,
        `the ${run.side} run of round ${run.round} could not be added to the results log (${kept})`,
      );
    }
  }

  /** Appends one benchmark's profile (decision 8); a full disk or quota is a NoSpace naming the log. */
  appendProfile(profile: BenchmarkProfile): void {
    try {
      appendFileSync(this.file, JSON.stringify({ type: 'profile', profile } satisfies LogLine) + '\n');
    } catch (err) {
      if (!isNoSpace(err)) throw err;
      throw new NoSpace(
        this.file,
        (err as NodeJS.ErrnoException).code!,
        `the ${profile.side} profile of ${profile.benchmark} could not be added to the results log (it keeps the ${this.runs} runs before it)`,
      );
    }
  }

  /** Writes the end line and frees the directory; on a full disk the log just has none (it reads as ended early). */
  end(status: LogEnd['status'], message?: string): void {
    if (this.ended) return;
    this.ended = true;
    const line: LogEnd = { type: 'end', endedAt: new Date().toISOString(), status, ...(message ? { message } : {}) };
    try {
      appendFileSync(this.file, JSON.stringify(line) + '\n');
    } catch (err) {
      if (!isNoSpace(err)) throw err;
    } finally {
      rmSync(this.lock, { force: true });
    }
  }
}

/**
 * Takes the lock file holding this process's id and host. It is created whole: written to a
 * private file, then linked into place, which fails when the lock exists (no reader ever sees
 * it half written). A lock left by a benchgate that died on this host (its process is gone) is
 * stale and taken over by renaming this run's file over it, under a takeover guard (another
 * file created exclusively), so that of several runs taking it over at once exactly one does:
 * the others find a live lock once the guard is free. Any other lock means a run is writing here.
 */
function acquireLock(lock: string): string {
  const mine = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(mine, ownerText(), { flag: 'wx' });
  } catch (err) {
    throw new LogError(`${lock}: cannot create the lock file: ${(err as Error).message}`);
  }
  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        createLock(mine, lock);
        return lock;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new LogError(`${lock}: cannot create the lock file: ${(err as Error).message}`);
      }
      const held = readLockFile(lock);
      if (held === null) continue; // released since: try again
      if (!isStale(held.text)) {
        const [pidText = '', host = ''] = held.text.split('\n');
        throw new LogError(
          `${path.dirname(lock)}: another benchgate (pid ${pidText || '?'} on ${host || 'an unknown host'}) is writing its results log here; ` +
            `wait for it or use another --out (if no benchgate runs there, delete ${lock})`,
        );
      }
      if (takeOver(lock, held.ino, mine)) return lock;
      pause(10); // another run is taking it over: read what it leaves
    }
    throw new LogError(`${lock}: could not take the lock (other runs kept taking it); use another --out`);
  } finally {
    rmSync(mine, { force: true });
  }
}

function ownerText(): string {
  return `${process.pid}\n${os.hostname()}\n`;
}

/** A lock (or guard) of a benchgate whose process is gone from this host. */
function isStale(text: string): boolean {
  const [pidText = '', host = ''] = text.split('\n');
  const pid = Number(pidText);
  return host === os.hostname() && Number.isSafeInteger(pid) && pid > 0 && !processAlive(pid);
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function pause(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Links the written lock into place; where the file system has no hard links, creates it exclusively. */
function createLock(mine: string, lock: string): void {
  try {
    linkSync(mine, lock);
  } catch (err) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    writeFileSync(lock, readFileSync(mine), { flag: 'wx' });
  }
}

/**
 * Replaces the stale lock (inode `ino`) with `mine` by rename, holding the takeover guard; true
 * when this run now holds the lock. A guard left by a run killed inside it is itself taken over.
 */
function takeOver(lock: string, ino: number, mine: string): boolean {
  const guard = `${lock}.takeover`;
  try {
    writeFileSync(guard, ownerText(), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new LogError(`${guard}: cannot create: ${(err as Error).message}`);
    const held = readLockFile(guard);
    if (held !== null && isStale(held.text)) rmSync(guard, { force: true });
    return false;
  }
  try {
    // Still the lock judged stale (not one another taker put in place since): replace it.
    if (readLockFile(lock)?.ino !== ino) return false;
    renameSync(mine, lock);
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

/** The lock's text and inode, or null when there is none now. */
function readLockFile(lock: string): { text: string; ino: number } | null {
  try {
    const fd = openSync(lock, 'r');
    try {
      return { text: readFileSync(fd, 'utf8'), ino: fstatSync(fd).ino };
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** `results.jsonl` -> `results.20261123T235501Z.jsonl` (the earlier log's last write), numbered if taken. */
function keepEarlierLog(file: string): string | null {
  if (!existsSync(file)) return null;
  const stamp = statSync(file)
    .mtime.toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const ext = path.extname(file);
  const stem = file.slice(0, file.length - ext.length);
  let kept = `${stem}.${stamp}${ext}`;
  for (let n = 2; existsSync(kept); n++) kept = `${stem}.${stamp}-${n}${ext}`;
  renameSync(file, kept);
  return kept;
}

export interface ParsedLog {
  header: LogHeader;
  runs: Run[];
  /** Per-function profiles (decision 8), in the order they were appended. */
  profiles: BenchmarkProfile[];
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

/** A run's identity: (suite, side, round), for a per-benchmark count run its benchmark and work too, in a joined log its shard. */
function runKey(run: Run): string {
  return JSON.stringify([
    run.shard ?? 0,
    run.suite,
    run.side,
    run.round,
    ...(run.benchmark === undefined ? [] : [run.benchmark, run.work]),
  ]);
}

function describeRun(run: Run): string {
  const what = run.benchmark === undefined ? '' : ` of "${run.benchmark}" at work ${run.work}`;
  return `a second ${run.side} run${what} of round ${run.round} of suite "${run.suite}"${run.shard === undefined ? '' : ` of shard ${run.shard}`}`;
}

/** Reads one or more results logs' text; only the header is mandatory. */
export function parseLog(text: string, file: string): ParsedLog {
  // An editor on Windows may save the log with a UTF-8 byte order mark.
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let header: LogHeader | null = null;
  const runs: Run[] = [];
  const profiles: BenchmarkProfile[] = [];
  let end: LogEnd | null = null;
  const skipped: number[] = [];
  /** Line of each run's identity (runKey): one log holds each run once. */
  const seen = new Map<string, number>();
  const lastLine = lines.findLastIndex((line) => line.trim() !== '');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const read = lineJson(line, i + 1, i === lastLine, file);
    if (read === null) {
      skipped.push(i + 1);
      return;
    }
    const parsed = validateLogLine(read.json, file, i + 1);
    if (parsed.type === 'header') header = checkedHeader(parsed, header, file, i + 1);
    else if (parsed.type === 'run') {
      recordRunOnce(parsed.run, seen, file, i + 1);
      runs.push(parsed.run);
    } else if (parsed.type === 'profile') profiles.push(parsed.profile);
    else if (parsed.type === 'end') end = parsed;
    else skipped.push(i + 1);
  });
  if (!header) throw new LogError(`${file}: no header line: is this a benchgate results.jsonl?`);
  return { header, runs, profiles, end, skipped };
}

/** A line's JSON, or null for a last line that is not JSON (cut off by a kill, skipped). */
function lineJson(line: string, lineNo: number, isLast: boolean, file: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(line) };
  } catch {
    // Only a kill mid-write cuts a line, and only the last one: dropping a line elsewhere would drop runs silently.
    if (!isLast) {
      throw new LogError(
        `${file}:${lineNo}: not a JSON line, and not the last line (only the last line may be cut off by a kill); the log is corrupted: restore it or re-run`,
      );
    }
    return null;
  }
}

/** The log's header, refused when an `earlier` one was read or its adaptive look limits are out of order. */
function checkedHeader(parsed: LogHeader, earlier: LogHeader | null, file: string, lineNo: number): LogHeader {
  if (earlier) throw new LogError(`${file}:${lineNo}: a second header line (use "benchgate merge" to combine logs)`);
  const adaptive = parsed.config.adaptive;
  // What the schema cannot say: the last look comes after the first.
  if (adaptive && adaptive.maxRounds < adaptive.minRounds) {
    throw new LogError(`${file}:${lineNo}: config.adaptive.maxRounds (${adaptive.maxRounds}) is below minRounds (${adaptive.minRounds})`);
  }
  return parsed;
}

/** Records the line of a run's identity (runKey) in `seen`; a run whose identity an earlier line holds is refused. */
function recordRunOnce(run: Run, seen: Map<string, number>, file: string, lineNo: number): void {
  const key = runKey(run);
  const earlier = seen.get(key);
  if (earlier !== undefined) {
    throw new LogError(
      `${file}:${lineNo}: ${describeRun(run)} (the first is on line ${earlier}); ` +
        'two runs wrote into one log: keep one run per log, and combine logs with "benchgate merge"',
    );
  }
  seen.set(key, lineNo);
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
