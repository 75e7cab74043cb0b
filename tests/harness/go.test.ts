import { describe, expect, it } from '@jest/globals';
import { parse } from 'shell-quote';
import { identityKey } from '../../src/analysis/identity.js';
import { go } from '../../src/harness/go.js';
import { harnessOf, normaliseName } from '../../src/harness/index.js';
import type { ShellWord } from '../../src/harness/types.js';

const words = (command: string) => parse(command, (key) => ({ op: `$${key}` })) as ShellWord[];
const recognise = (command: string) => go.counts!.recognise(words(command));

describe('go harness description', () => {
  it('normalises away the GOMAXPROCS suffix only', () => {
    expect(go.normaliseName('example.com/m.BenchmarkX/n=4-8')).toBe('example.com/m.BenchmarkX/n=4');
    expect(go.normaliseName('example.com/m.BenchmarkX')).toBe('example.com/m.BenchmarkX');
    expect(normaliseName('google-benchmark', 'BM_x-8')).toBe('BM_x-8');
    expect(harnessOf('no-such-format')).toBeUndefined();
  });

  it('gives one identity to a Go benchmark at any GOMAXPROCS', () => {
    const at = (benchmark: string) => identityKey({ suite: 's', benchmark, metric: 'time' }, 'go');
    expect(at('m.BenchmarkX-2')).toBe(at('m.BenchmarkX-64'));
    expect(at('m.BenchmarkX-2')).toBe(at('m.BenchmarkX'));
    expect(at('m.BenchmarkX-2')).not.toBe(at('m.BenchmarkY-2'));
  });

  it('recognises a direct go test call', () => {
    expect(recognise("go test -run '^$' -bench . ./pkg")).toEqual({ packages: ['./pkg'], pattern: '.', buildFlags: [] });
    expect(recognise('go test -bench=Parse -benchmem -tags=fast -count 5 ./a ./b/...')).toEqual({
      packages: ['./a', './b/...'],
      pattern: 'Parse',
      buildFlags: ['-tags=fast'],
    });
    expect(recognise('go test -bench .')).toEqual({ packages: ['.'], pattern: '.', buildFlags: [] });
  });

  it.each([
    'make bench',
    'cd x && go test -bench .',
    'go test ./pkg',
    'go test -bench $PATTERN ./pkg',
    'go test -bench . ./pkg | tee out.txt',
    'go test -bench . ./pkg -args -x',
    'go test -C sub -bench .',
    'go test -bench . -exec wrapper',
    'GOFLAGS=-x go test -bench .',
  ])('does not see through %s', (command) => {
    expect(recognise(command)).toBeNull();
  });

  it('fixes the work and selects one benchmark without its package or suffix', () => {
    expect(go.counts!.fixWork(2000)).toEqual(['-test.benchtime=2000x']);
    expect(go.counts!.selectOne('example.com/m/pkg.BenchmarkX/a.b')).toEqual(['-test.run=^$', '-test.bench=^BenchmarkX$/^a\\.b$']);
    expect(go.counts!.env).toEqual({ GOMAXPROCS: '1', GOGC: 'off', GODEBUG: 'asyncpreemptoff=1' });
  });
});
