/** results.json of a run with millions of values still fits the fork relay's 32 MiB (issue 22, item 13). */
import { describe, expect, it } from '@jest/globals';
import { renderJson, MAX_STORED_SAMPLES } from '../../src/report/json.js';
import { MAX_RESULTS_BYTES, validateResults } from '../../src/validate.js';
import { comparison, result, summary } from '../builders.js';

describe('results.json of a 1.2 M-value run (pooled sampling)', () => {
  it('keeps an evenly spaced share of the samples, says so, and stays under 32 MiB', () => {
    const n = 1_200_000;
    const samples = (ms: number) => Array.from({ length: n }, (_, i) => ms + (i % 997) / 1e6);
    const big = comparison({
      benchmark: 'big',
      base: summary(0.001, { n }),
      head: summary(0.002, { n }),
      baseSamples: samples(0.001),
      headSamples: samples(0.002),
    });
    const small = comparison({ benchmark: 'small', baseSamples: [1, 2, 3], headSamples: [1, 2, 3] });
    const text = renderJson(result([big, small]));
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_RESULTS_BYTES);
    const back = validateResults(JSON.parse(text), 'results.json');
    const [stored, untouched] = back.comparisons;
    expect(stored!.samplesThinned).toBe(true);
    expect(stored!.baseSamples).toHaveLength(MAX_STORED_SAMPLES / 4);
    expect([stored!.baseSamples[0], stored!.headSamples.at(-1)]).toEqual([0.001, samples(0.002)[n - n / (MAX_STORED_SAMPLES / 4)]]);
    // The statistics' own counts stand; a comparison that fits is kept whole and not marked.
    expect(stored!.base!.n).toBe(n);
    expect(untouched!.baseSamples).toEqual([1, 2, 3]);
    expect(untouched!.samplesThinned).toBeUndefined();
  });
});
