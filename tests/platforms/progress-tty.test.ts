/**
 * The live status line and colour, end to end: the local platform under a pseudo-terminal
 * (util-linux `script`) and through pipes, with NO_COLOR and FORCE_COLOR.
 */
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../e2e/helpers.js';

const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const DRIVER = path.join(ROOT, 'tests', 'helpers', 'progress-driver.ts');
const ESC = '\u001b';
const CLEAR_LINE = `\r${ESC}[2K`;
const COLOUR = new RegExp(`${ESC}\\[3\\dm`);

/** The driver's environment: the test's own colour variables removed, then `extra`. */
function envWith(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color' };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  return { ...env, ...extra };
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { env, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(err) : resolve({ stdout, stderr }))),
  );
}

/** Under a pseudo-terminal: stdout and stderr are both the terminal, so the capture holds both. */
async function underTerminal(extra: NodeJS.ProcessEnv = {}): Promise<string> {
  const command = [process.execPath, '--import', TSX, DRIVER].map((a) => `'${a}'`).join(' ');
  // A terminal 160 columns wide, so the status line has room for the harness's line.
  const { stdout } = await run('script', ['-qec', `stty cols 160 rows 40; ${command}`, '/dev/null'], envWith(extra));
  return stdout;
}

const throughPipes = (extra: NodeJS.ProcessEnv = {}) => run(process.execPath, ['--import', TSX, DRIVER], envWith(extra));

describe('progress and colour', () => {
  it('draws a status line in place and colours the verdicts in a terminal', async () => {
    const out = await underTerminal();
    expect(out).toContain(CLEAR_LINE);
    expect(out).toMatch(/round 2\/2.*head.*3\/4 runs.*elapsed.*ETA/);
    // The harness's line is shown with its control characters made visible, never obeyed.
    expect(out).toContain('BenchmarkParse-8 \\x1b[2J 1000');
    expect(out).not.toContain(`${ESC}[2J`);
    expect(out).toContain(`${ESC}[31mregression${ESC}[39m`);
    expect(out).toContain(`${ESC}[32mimprovement${ESC}[39m`);
    // The round's log line survives the redraws, on a line of its own.
    expect(out).toMatch(/round 1\/2 \(base, head\) 0\.6 s\r?\n/);
  }, 60_000);

  it('keeps the status line but drops colour under NO_COLOR', async () => {
    const out = await underTerminal({ NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(out).toContain(CLEAR_LINE);
    expect(out).not.toMatch(COLOUR);
  }, 60_000);

  it('prints plain lines through a pipe, coloured only with FORCE_COLOR', async () => {
    const plain = await throughPipes();
    expect(plain.stderr).not.toContain(ESC);
    expect(plain.stdout).not.toContain(ESC);
    expect(plain.stderr).toBe('round 1/2 (base, head) 0.6 s\nround 2/2 (base, head) 0.6 s\n');
    expect(plain.stdout).toMatch(/^Parse-8 .* regression$/m);
    const forced = await throughPipes({ FORCE_COLOR: '1' });
    expect(forced.stderr).not.toContain(CLEAR_LINE);
    expect(forced.stdout).toContain(`${ESC}[31mregression${ESC}[39m`);
    expect((await throughPipes({ FORCE_COLOR: '0' })).stdout).not.toContain(ESC);
  }, 60_000);
});
