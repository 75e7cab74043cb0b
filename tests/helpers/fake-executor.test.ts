/**
 * The fake executor replays its script as the real one would report a run: per side and per run,
 * the output's lines streamed, tailed and searched for the error line, the stdout cap, a time-out,
 * an unknown command exiting 127, and instructions read back through valgrind's file format.
 */
import { describe, expect, it } from '@jest/globals';
import { tempDir } from '../e2e/helpers.js';
import { execCounted } from '../../src/runner/instructions.js';
import { bySide, commands, fakeExecutor } from './fake-executor.js';

const opts = (env: NodeJS.ProcessEnv = {}) => ({ cwd: tempDir(), env, timeoutSec: 0 });
const side = (name: string, round: number, filter?: string) => ({
  BENCHGATE_SIDE: name,
  BENCHGATE_ROUND: String(round),
  ...(filter !== undefined && { BENCHGATE_FILTER: filter }),
});

describe('fakeExecutor', () => {
  it('gives each side its runs in order, the last one repeating, and records every call with its side, round and filter', async () => {
    const fake = fakeExecutor(bySide({ base: [{ stdout: 'b1\n' }, { stdout: 'b2\n' }], head: (call) => ({ stdout: `h${call.round}\n` }) }));
    const outputs = [];
    for (const [name, round] of [
      ['base', 1],
      ['head', 1],
      ['base', 2],
      ['base', 3],
      ['head', 3],
    ] as const)
      outputs.push((await fake.measured('bench', opts(side(name, round, round === 3 ? '["a"]' : undefined)))).stdout);
    expect(outputs).toEqual(['b1\n', 'h1\n', 'b2\n', 'b2\n', 'h3\n']);
    expect(fake.calls.map((c) => [c.side, c.round, c.run, c.filter])).toEqual([
      ['base', 1, 1, ''],
      ['head', 1, 1, ''],
      ['base', 2, 2, ''],
      ['base', 3, 3, '["a"]'],
      ['head', 3, 2, '["a"]'],
    ]);
  });

  it('reports a run as the real one does: lines streamed and tailed, the error line found, times and exit as scripted', async () => {
    const fake = fakeExecutor(() => ({
      stdout: 'one\ntwo\n',
      stderr: 'TypeError: x is undefined\n',
      exitCode: 2,
      wallMs: 1234,
      maxRssKb: 99,
    }));
    const lines: string[] = [];
    const r = await fake.measured('bench', { ...opts(), onLine: (line, stream) => lines.push(`${stream}: ${line}`) });
    expect(lines).toEqual(['stdout: one', 'stdout: two', 'stderr: TypeError: x is undefined']);
    expect(r).toMatchObject({
      stdout: 'one\ntwo\n',
      tail: ['one', 'two', 'TypeError: x is undefined'],
      errorLine: 'TypeError: x is undefined',
      exitCode: 2,
      signal: null,
      wallMs: 1234,
      maxRssKb: 99,
      timedOut: false,
      outputLimitExceeded: false,
    });
  });

  it('a command the script does not know exits 127, not found, as in a shell', async () => {
    const fake = fakeExecutor(commands({ make: { stdout: 'built\n' } }));
    expect((await fake.measured('make', opts())).exitCode).toBe(0);
    const r = await fake.measured('cmake --build .', opts());
    expect(r.exitCode).toBe(127);
    expect(r.errorLine).toBe('sh: 1: cmake: not found');
  });

  it('past the stdout cap, or timed out, the run is killed: no stdout, SIGKILL', async () => {
    const fake = fakeExecutor(commands({ big: { stdout: 'x'.repeat(100) }, slow: { timedOut: true, stdout: 'partial\n' } }));
    expect(await fake.measured('big', { ...opts(), maxStdoutBytes: 10 })).toMatchObject({
      stdout: '',
      outputLimitExceeded: true,
      exitCode: null,
      signal: 'SIGKILL',
    });
    expect(await fake.measured('slow', opts())).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' });
  });

  it('from an argument array: the stderr tail as execArgv keeps it', async () => {
    const fake = fakeExecutor(commands({ 'go test -list .': { stdout: 'BenchmarkA\n', stderr: 'a\n\nb\n', exitCode: 1 } }));
    const r = await fake.argv(['go', 'test', '-list', '.'], opts());
    expect(r).toMatchObject({ stdout: 'BenchmarkA\n', stderrTail: ['a', 'b'], exitCode: 1, timedOut: false });
    expect(fake.calls[0]).toMatchObject({ kind: 'argv', argv: ['go', 'test', '-list', '.'] });
  });

  it('a counted run gets its scripted instructions back through the cachegrind file execCounted reads', async () => {
    const fake = fakeExecutor(bySide({ base: { instructions: 1_000_000 }, head: { instructions: 1_500_000 } }));
    expect((await execCounted(fake, 'bench', opts(side('base', 1)))).instructions).toBe(1_000_000);
    expect((await execCounted(fake, 'bench', opts(side('head', 1)))).instructions).toBe(1_500_000);
    expect(fake.calls[0]!.argv).toEqual(expect.arrayContaining(['valgrind', '--tool=cachegrind']));
  });
});
