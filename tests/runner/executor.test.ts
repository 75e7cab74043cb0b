/**
 * Decision 9: every user process starts through the Executor the door was given. The real one is
 * today's runner/exec.ts and runner/exec-argv.ts, and no other module of src/ calls them directly
 * (so a fake executor sees every build and run).
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execArgv } from '../../src/runner/exec-argv.js';
import { execMeasured } from '../../src/runner/exec.js';
import { realExecutor } from '../../src/runner/executor.js';
import { ROOT } from '../e2e/helpers.js';

const STARTERS = ['src/runner/exec.ts', 'src/runner/exec-argv.ts', 'src/runner/executor.ts'];

describe('the executor seam', () => {
  it('the real executor runs commands with execMeasured and argument arrays with execArgv', () => {
    expect(realExecutor.measured).toBe(execMeasured);
    expect(realExecutor.argv).toBe(execArgv);
  });

  it('no module of src/ but the executor calls execMeasured or execArgv', () => {
    const files = readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join('src', f));
    const callers = files.filter(
      (f) => !STARTERS.includes(f) && /\bexec(?:Measured|Argv)\(/.test(readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(callers).toEqual([]);
  });
});
