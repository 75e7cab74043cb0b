/** The status line's text (src/platforms/progress.ts) and the colour switch (src/platforms/tty.ts). */
import { describe, expect, it } from '@jest/globals';
import pc from 'picocolors';
import { ProgressDisplay, formatClock, statusLine } from '../../src/platforms/progress.js';
import { colorEnabled } from '../../src/platforms/tty.js';

const plain = pc.createColors(false);
const p = { label: 'round 3/10', side: 'head' as const, runsDone: 5, runsTotal: 20, startedMs: 0 };

describe('statusLine', () => {
  it('shows round, side, runs, elapsed and an ETA from the pace so far', () => {
    expect(statusLine(p, 50_000, 200, plain)).toBe('⠋ round 3/10 · head · 5/20 runs · 0:50 elapsed · ETA 2:30');
  });

  it('has no ETA before the first run ends', () => {
    expect(statusLine({ ...p, runsDone: 0 }, 1_000, 200, plain)).toMatch(/ETA –$/);
  });

  it('clips to the terminal width and shows the harness line inert', () => {
    const line = statusLine({ ...p, lastLine: `BenchmarkX-8 \u0007${'y'.repeat(300)}` }, 50_000, 80, plain);
    expect([...line].length).toBeLessThanOrEqual(79);
    expect(line).toContain('BenchmarkX-8 \\x07');
    expect(line.endsWith('…')).toBe(true);
  });

  it('formats hours', () => {
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(59_400)).toBe('0:59');
  });
});

describe('ProgressDisplay', () => {
  it('writes log lines above the status line and clears it when the rounds end', () => {
    let out = '';
    const display = new ProgressDisplay({ write: (t: string) => (out += t), columns: 100 }, plain, () => 10_000);
    display.update(p);
    display.write('round 2/10 done\n');
    display.update(null);
    expect(out).toBe(
      '\r\u001b[2K⠋ round 3/10 · head · 5/20 runs · 0:10 elapsed · ETA 0:30' +
        '\r\u001b[2Kround 2/10 done\n' +
        '\r\u001b[2K⠋ round 3/10 · head · 5/20 runs · 0:10 elapsed · ETA 0:30' +
        '\r\u001b[2K',
    );
  });
});

describe('colorEnabled', () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { TERM: 'dumb' }, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: '' }, true],
    [false, { FORCE_COLOR: '1' }, true],
    [false, { FORCE_COLOR: '' }, true],
    [true, { FORCE_COLOR: '0' }, false],
    [true, { FORCE_COLOR: 'false' }, false],
    [false, { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
  ])('isTTY %s, env %j: %s', (isTTY, env, expected) => {
    expect(colorEnabled({ isTTY }, env)).toBe(expected);
  });
});
