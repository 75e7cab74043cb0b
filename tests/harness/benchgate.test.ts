import { describe, expect, it } from '@jest/globals';
import { parse } from 'shell-quote';
import { benchgateJson } from '../../src/harness/benchgate.js';
import { countCall } from '../../src/harness/count-setting.js';
import { FORMATS_WITH_COUNTS } from '../../src/harness/index.js';
import type { ShellWord } from '../../src/harness/types.js';

const counts = benchgateJson.counts!;
const recognise = (command: string) => counts.recognise(parse(command, (key) => ({ op: `$${key}` })) as ShellWord[]);

describe('benchgate JSON harness description: counts', () => {
  it('is a counted format', () => {
    expect(FORMATS_WITH_COUNTS).toContain('benchgate');
    expect(benchgateJson.countsMissing).toBeUndefined();
  });

  it('recognises a direct call of the harness in plain words, as its command', () => {
    expect(recognise('node --predictable bench.mjs')).toEqual({
      packages: [],
      pattern: '.',
      buildFlags: [],
      command: ['node', '--predictable', 'bench.mjs'],
    });
    expect(recognise("./bench --suite 'a b'")!.command).toEqual(['./bench', '--suite', 'a b']);
  });

  it('refuses what an argument array cannot run as the shell would', () => {
    for (const command of [
      '',
      'node bench.mjs {filter}', // the harness reads BENCHGATE_FILTER; no shell expands the placeholder
      'NODE_OPTIONS=--x node bench.mjs',
      'cd bench && node bench.mjs',
      'node bench.mjs | tee out.json',
      'node $SCRIPT',
      'node bench/*.mjs',
    ])
      expect(recognise(command)).toBeNull();
  });

  it('selects one benchmark and fixes its work through the environment, never the arguments', () => {
    expect(countCall(counts.selectOne('a "quoted" | name'), counts.fixWork(300))).toEqual({
      args: [],
      env: { BENCHGATE_FILTER: '["a \\"quoted\\" | name"]', BENCHGATE_ITERATIONS: '300' },
    });
    // Listing runs every benchmark once, whatever BENCHGATE_FILTER the caller's environment held.
    expect(countCall(counts.discover({ packages: [], pattern: '.', buildFlags: [], command: ['./bench'] }))).toEqual({
      args: [],
      env: { BENCHGATE_FILTER: '', BENCHGATE_ITERATIONS: '1' },
    });
    expect(JSON.parse(countCall(counts.selectOne('x')).env.BENCHGATE_FILTER!)).toEqual(['x']);
  });
});

describe('countCall', () => {
  it('appends argument settings in order and merges environment ones, a later variable winning', () => {
    expect(countCall(['-a'], { env: { X: '1', Y: '1' } }, ['-b', '-c'], { env: { Y: '2' } })).toEqual({
      args: ['-a', '-b', '-c'],
      env: { X: '1', Y: '2' },
    });
    expect(countCall()).toEqual({ args: [], env: {} });
  });
});
