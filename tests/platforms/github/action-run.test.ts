/**
 * action.ts's run() with a mocked toolkit, as actions/typescript-action tests its main: inputs
 * come from a mocked getInput, the comparison is a mock, and every way the step can end is
 * checked for its exit code and failure message. The bundle itself runs in action.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Outcome } from '../../../src/conclude.js';
import type { Config } from '../../../src/config.js';
import { tempDir } from '../../e2e/helpers.js';

let inputs: Record<string, string> = {};
const core = {
  getInput: jest.fn((name: string) => inputs[name] ?? ''),
  setFailed: jest.fn(),
  setSecret: jest.fn(),
  setOutput: jest.fn(),
  debug: jest.fn(),
  info: jest.fn(),
  warning: jest.fn(),
  group: jest.fn((_title: string, fn: () => Promise<unknown>) => fn()),
};
const runComparison = jest.fn<(config: Config) => Promise<Outcome>>();

jest.unstable_mockModule('@actions/core', () => core);
jest.unstable_mockModule('../../../src/commands/run.js', () => ({ runComparison }));

const { run } = await import('../../../src/action.js');
/** What importing the module did, before any test calls run(). */
const onImport = { inputsRead: core.getInput.mock.calls.length, exitCode: process.exitCode };
const { Cancelled, RunFailure } = await import('../../../src/runner/errors.js');

const outcome = (exitCode: number) => ({ result: {}, reports: {}, exitCode }) as Outcome;

describe('the action step', () => {
  const saved = { ...process.env };

  beforeEach(() => {
    inputs = { bench: 'node bench.mjs', rounds: '4', comment: 'off', check: 'off' };
    process.env.GITHUB_WORKSPACE = tempDir('benchgate-action-');
    delete process.env.GITHUB_EVENT_PATH;
    jest.clearAllMocks();
  });
  afterEach(() => {
    process.env = { ...saved };
    process.exitCode = undefined;
  });

  it('runs nothing on import', () => {
    expect(onImport).toEqual({ inputsRead: 0, exitCode: undefined });
  });

  it('passes: exit 0, no failure message, the config built from the inputs', async () => {
    runComparison.mockResolvedValue(outcome(0));
    expect(await run()).toBe(0);
    expect(process.exitCode).toBe(0);
    expect(core.setFailed).not.toHaveBeenCalled();
    expect(runComparison.mock.calls[0]![0]).toMatchObject({ bench: 'node bench.mjs', rounds: 4, repoDir: process.env.GITHUB_WORKSPACE });
  });

  it('fails the step with exit 1 when the gate fails', async () => {
    runComparison.mockResolvedValue(outcome(1));
    expect(await run()).toBe(1);
    expect(core.setFailed).toHaveBeenCalledWith('benchgate: the gate failed (a significant regression beyond the threshold)');
  });

  it('exits 2 on a bad input, naming it, before running anything', async () => {
    inputs.rounds = 'ten';
    expect(await run()).toBe(2);
    expect(process.exitCode).toBe(2);
    expect(core.setFailed).toHaveBeenCalledWith('benchgate: input rounds: expected a whole number >= 1, or auto, got "ten"');
    expect(runComparison).not.toHaveBeenCalled();
  });

  it('exits 2 when the saved results to publish are missing', async () => {
    inputs = { 'report-from': 'nowhere', comment: 'off', check: 'off' };
    expect(await run()).toBe(2);
    expect(String(core.setFailed.mock.calls[0]![0])).toMatch(/nowhere\/results\.json: not found/);
  });

  it('exits 3 on a failed run and 128 + n on a signal', async () => {
    runComparison.mockRejectedValueOnce(new RunFailure('build failed on base: exited with code 2'));
    expect(await run()).toBe(3);
    expect(core.setFailed).toHaveBeenLastCalledWith('benchgate: build failed on base: exited with code 2');
    runComparison.mockRejectedValueOnce(new Cancelled('SIGTERM'));
    expect(await run()).toBe(143);
    expect(process.exitCode).toBe(143);
  });

  it('exits with the internal-error code, never 1, on a bug, with the stack in the debug log', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'median')");
    runComparison.mockRejectedValue(bug);
    expect(await run()).toBe(4);
    expect(process.exitCode).toBe(4);
    expect(String(core.setFailed.mock.calls[0]![0])).toMatch(/^benchgate: internal error: Cannot read properties/);
    expect(core.debug).toHaveBeenCalledWith(bug.stack);
  });
});
