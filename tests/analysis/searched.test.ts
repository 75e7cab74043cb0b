/**
 * bisect --benchmark's glob (analysis/searched.ts): it matches the name the reports show, the name
 * as printed and the name as history records it, and a glob matching none is explained.
 */
import { describe, expect, it } from '@jest/globals';
import { searchedMatcher, unsearchedMessage } from '../../src/analysis/searched.js';

const step = { benchmark: 'example.com/hist.BenchmarkStep-2', metric: 'time' };

describe('the benchmarks a bisect searches', () => {
  it.each([
    ['the displayed name', 'Step*'],
    ['the displayed name, exactly', 'Step-2'],
    ['the name as printed', 'example.com/hist.BenchmarkStep-2'],
    ['the name as history records it (no -N), as the trend site’s command gives it', 'example.com/hist.BenchmarkStep'],
  ])('matches %s (%s)', (_what, glob) => {
    expect(searchedMatcher(glob, 'go')(step)).toBe(true);
  });

  it('matches a secondary metric by its suffix, as thresholds take it', () => {
    expect(searchedMatcher('Step* [B/op]', 'go')({ ...step, metric: 'B/op' })).toBe(true);
    expect(searchedMatcher('Step* [B/op]', 'go')(step)).toBe(false);
  });

  it('matches no other benchmark, and no name the glob only starts', () => {
    const matches = searchedMatcher('Step', 'go');
    expect(matches({ benchmark: 'example.com/hist.BenchmarkStepper-2', metric: 'time' })).toBe(false);
    expect(matches({ benchmark: 'example.com/hist.BenchmarkWork-2', metric: 'time' })).toBe(false);
  });

  it('says which names were printed, and by what, when the glob matches none', () => {
    const subjects = Array.from({ length: 10 }, (_, i) => ({ benchmark: `B${i}`, metric: 'time' }));
    expect(unsearchedMessage('Nope*', 'benchgate', subjects, 'the warm-up')).toBe(
      '--benchmark Nope* matches no benchmark the warm-up printed (B0, B1, B2, B3, B4, B5, B6, B7)',
    );
    expect(unsearchedMessage('Nope*', 'benchgate', [], 'the listing')).toBe(
      '--benchmark Nope* matches no benchmark the listing printed (none)',
    );
    expect(unsearchedMessage('B1', 'benchgate', subjects, 'the warm-up')).toBeNull();
  });
});
