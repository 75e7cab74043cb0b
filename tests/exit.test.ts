import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { ConfigError } from '../src/config.js';
import { describeExitCode, errorExit, EXIT, exitCodeOf, signalExitCode } from '../src/exit.js';
import { GitError } from '../src/git.js';
import type { Failures } from '../src/model.js';
import { Cancelled, RunFailure } from '../src/runner/errors.js';
import { LogError } from '../src/runner/log.js';
import { ROOT } from './e2e/helpers.js';

const none: Failures = { runs: [], benchmarks: [], stopped: null, noResults: false };

describe('exit codes of a finished analysis', () => {
  it('passes, fails the gate on a regression, and exits 3 when anything failed, even beside a regression', () => {
    expect(exitCodeOf({ failures: none, gateFailed: false })).toBe(0);
    expect(exitCodeOf({ failures: none, gateFailed: true })).toBe(1);
    const failed: Failures[] = [
      { ...none, runs: [{ suite: 's', side: 'head', round: 2, error: 'benchmark exited with code 139' }] },
      { ...none, benchmarks: [{ suite: 's', benchmark: 'b', metric: 'time', side: 'base', runs: 1, first: 'round 1: panic' }] },
      { ...none, stopped: 'build failed on base' },
      { ...none, noResults: true },
    ];
    for (const failures of failed) {
      expect(exitCodeOf({ failures, gateFailed: false })).toBe(3);
      expect(exitCodeOf({ failures, gateFailed: true })).toBe(3);
    }
  });

  it('describes the codes a finished analysis can end with', () => {
    expect(describeExitCode(EXIT.gateFailed)).toMatch(/the gate failed/);
    expect(describeExitCode(EXIT.runFailed)).toMatch(/run failed/);
  });
});

describe('exit codes of errors', () => {
  it('maps usage and input errors to 2, a failed run to 3 and signals to 128 + their number', () => {
    for (const err of [new ConfigError('--rounds: bad'), new GitError('unknown ref'), new LogError('x.jsonl: no header')]) {
      expect(errorExit(err)).toEqual({ code: 2, message: err.message });
    }
    expect(errorExit(new RunFailure('head run in round 3/5 failed'))).toEqual({ code: 3, message: 'head run in round 3/5 failed' });
    expect(errorExit(new Cancelled('SIGINT'))).toEqual({
      code: 130,
      message: 'cancelled by SIGINT; the results log keeps every finished run',
    });
    expect(errorExit(new Cancelled('SIGTERM')).code).toBe(143);
    expect(signalExitCode('SIGINT')).toBe(130);
  });

  it("maps a file system error on a path to 2, naming it, whichever realm's Error it is", () => {
    const fileError = (make: string) =>
      errorExit(vm.runInNewContext(`${make}; Object.assign(e, { code: 'EISDIR', path: '/out/summary.md', syscall: 'open' })`));
    const message = 'cannot open /out/summary.md: EISDIR (check that the path, e.g. --out, is a writable directory with free space)';
    expect(fileError("const e = new Error('x')")).toEqual({ code: 2, message });
    // A plain object with the same fields is no error of Node's: a bug.
    expect(fileError('const e = {}').code).toBe(EXIT.internal);
  });

  it('maps anything else to the internal-error code, never 1, with its stack for the debug log', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'median')");
    const exit = errorExit(bug);
    expect(exit.code).toBe(EXIT.internal);
    expect(exit.code).not.toBe(EXIT.gateFailed);
    expect(exit.message).toBe(
      "internal error: Cannot read properties of undefined (reading 'median') (a bug in benchgate; please report it with this message)",
    );
    expect(exit.stack).toBe(bug.stack);
    expect(errorExit('a thrown string').code).toBe(EXIT.internal);
  });
});

describe('errors no await reaches', () => {
  /** A process that guards itself as the CLI entry does, then leaves a promise rejected unseen. */
  function strayRejection(code: number) {
    const exit = pathToFileURL(path.join(ROOT, 'src', 'exit.ts')).href;
    const script = `
      const { guardProcess } = await import(${JSON.stringify(exit)});
      const guard = guardProcess((e) => process.stderr.write('benchgate: ' + e.message + '\\n'));
      Promise.reject(new TypeError('late'));
      setTimeout(() => { process.exitCode = guard.finalCode(${code}); }, 50);`;
    return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  }

  it("turn a pass or a failed gate into the internal-error code, not Node's 1, and say what happened", () => {
    const r = strayRejection(1);
    expect(r.stderr).toContain('benchgate: internal error: late');
    expect(r.status).toBe(4);
    // A failed run keeps its own code.
    expect(strayRejection(3).status).toBe(3);
  });
});
