/**
 * The live status line under the log in a terminal, like hyperfine's: round, side, runs done,
 * elapsed, ETA and the harness's latest output line, redrawn in place. Log lines are written
 * above it. Only for a TTY: a pipe or a CI log gets the plain per-round lines alone.
 */
import { inertForLog } from '../log-text.js';
import type { Colors } from './tty.js';
import type { RunProgress } from './types.js';

const CLEAR_LINE = '\r\x1b[2K';
const REDRAW_MS = 250;
const SPINNER = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';

export function formatClock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(s / 3600);
  const mmss = `${String(Math.floor(s / 60) % 60).padStart(hours > 0 ? 2 : 1, '0')}:${String(s % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** The status line's text, clipped to `columns` characters (before colour). */
export function statusLine(p: RunProgress, nowMs: number, columns: number, colors: Colors, frame = 0): string {
  const elapsed = nowMs - p.startedMs;
  const eta = p.runsDone > 0 ? formatClock((elapsed / p.runsDone) * (p.runsTotal - p.runsDone)) : '–';
  const parts: [string, (s: string) => string][] = [
    [SPINNER[frame % SPINNER.length]!, colors.cyan],
    [p.label, colors.bold],
    [p.side, p.side === 'base' ? colors.blue : colors.magenta],
    [`${p.runsDone}/${p.runsTotal} runs`, (s) => s],
    [`${formatClock(elapsed)} elapsed`, (s) => s],
    [`ETA ${eta}`, (s) => s],
  ];
  // The harness's text is shown, never obeyed: control characters are made visible; Go's tabs are one space.
  const last = p.lastLine?.replace(/[ \t]+/g, ' ').trim();
  if (last) parts.push([inertForLog(last), colors.dim]);
  let room = Math.max(10, columns - 1);
  const shown: string[] = [];
  for (const [i, [text, paint]] of parts.entries()) {
    const sep = i === 0 ? '' : i === 1 ? ' ' : ' · ';
    const chars = [...text];
    if (sep.length + chars.length > room) {
      if (room - sep.length > 1) shown.push(sep + paint(`${chars.slice(0, room - sep.length - 1).join('')}…`));
      break;
    }
    shown.push(sep + paint(text));
    room -= sep.length + chars.length;
  }
  return shown.join('');
}

export interface ProgressStream {
  write(text: string): unknown;
  columns?: number;
}

export class ProgressDisplay {
  private state: RunProgress | null = null;
  private shown = false;
  private frame = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: ProgressStream,
    private readonly colors: Colors,
    private readonly now: () => number = Date.now,
  ) {}

  /** New state (null: the rounds are over). A new run redraws at once; output lines wait for the timer. */
  update(p: RunProgress | null): void {
    const newRun =
      p !== null &&
      (this.state === null || p.label !== this.state.label || p.side !== this.state.side || p.runsDone !== this.state.runsDone);
    this.state = p;
    if (p === null) {
      this.clear();
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.timer === undefined) {
      this.timer = setInterval(() => {
        this.frame++;
        this.draw();
      }, REDRAW_MS);
      this.timer.unref();
    }
    if (newRun) this.draw();
  }

  /** Writes a log line above the status line. */
  write(text: string): void {
    this.clear();
    this.stream.write(text);
    if (this.state) this.draw();
  }

  private clear(): void {
    if (!this.shown) return;
    this.stream.write(CLEAR_LINE);
    this.shown = false;
  }

  private draw(): void {
    if (!this.state) return;
    // A pseudo-terminal without a size reports 0 columns.
    this.stream.write(CLEAR_LINE + statusLine(this.state, this.now(), this.stream.columns || 80, this.colors, this.frame));
    this.shown = true;
  }
}
