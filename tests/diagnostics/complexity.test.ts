import { describe, expect, it } from '@jest/globals';
import { fitComplexity, isClassChange, predict } from '../../src/diagnostics/complexity.js';
import { fixture } from '../formats/fixture.js';
import { createRng } from '../../src/stats/index.js';

const sizes = [100, 200, 400, 800, 1600];

/** nanobench's definition, written out independently: sqrt(mean squared error) / mean(y). */
function nanobenchError(points: [number, number][], f: (n: number) => number): number {
  const c = points.reduce((s, [n, y]) => s + f(n) * y, 0) / points.reduce((s, [n]) => s + f(n) ** 2, 0);
  const mse = points.reduce((s, [n, y]) => s + (c * f(n) - y) ** 2, 0) / points.length;
  return Math.sqrt(mse) / (points.reduce((s, [, y]) => s + y, 0) / points.length);
}

describe('Big-O fit', () => {
  const rng = createRng(5);
  const quadratic: [number, number][] = sizes.map((n) => [n, 3e-9 * n * n * (1 + rng.normal(0, 0.02))]);

  it('fits a noisy O(n²) series as O(n²), with the constant and nanobench normalised RMSE', () => {
    const fit = fitComplexity(quadratic)!;
    expect(fit.best).toBe('O(n²)');
    const best = fit.fits[0]!;
    expect(best.constant / 3e-9).toBeCloseTo(1, 1);
    expect(best.nrmse).toBeCloseTo(
      nanobenchError(quadratic, (n) => n * n),
      12,
    );
    expect(best.nrmse).toBeLessThan(0.05);
    const linear = fit.fits.find((f) => f.name === 'O(n)')!;
    expect(linear.nrmse).toBeCloseTo(
      nanobenchError(quadratic, (n) => n),
      12,
    );
    expect(fit.fits.map((f) => f.nrmse)).toEqual([...fit.fits.map((f) => f.nrmse)].sort((a, b) => a - b));
    expect(predict(best, 1000)).toBeCloseTo(best.constant * 1e6, 15);
  });

  // Google Benchmark fits Complexity() families the same way (least squares through the origin,
  // RMS / mean) over every repetition, and prints its answer as the family's BigO and RMS rows.
  it("reproduces Google Benchmark's own BigO fit of a genuine run", () => {
    type Row = {
      name: string;
      run_type: string;
      real_time?: number;
      cpu_time?: number;
      big_o?: string;
      real_coefficient?: number;
      cpu_coefficient?: number;
      rms?: number;
    };
    const rows = (
      JSON.parse(fixture('google-benchmark-json/generated_v1.7.1_repetitions5_with_aggregates_and_bigo.json')) as { benchmarks: Row[] }
    ).benchmarks;
    const family = rows.filter((r) => r.run_type === 'iteration' && r.name.startsWith('BM_SetInsert/'));
    const points = (time: 'real_time' | 'cpu_time') => family.map((r) => [Number(r.name.split('/')[1]), r[time]!] as [number, number]);
    const bigO = rows.find((r) => r.name === 'BM_SetInsert_BigO')!;
    expect(bigO.big_o).toBe('NlgN');
    const real = fitComplexity(points('real_time'))!;
    expect(real.best).toBe('O(n log n)');
    expect(real.fits[0]!.constant).toBeCloseTo(bigO.real_coefficient!, 12);
    // Google Benchmark's RMS row is computed from CPU time.
    const cpu = fitComplexity(points('cpu_time'))!;
    expect(cpu.best).toBe('O(n log n)');
    expect(cpu.fits[0]!.constant).toBeCloseTo(bigO.cpu_coefficient!, 12);
    expect(cpu.fits[0]!.nrmse).toBeCloseTo(rows.find((r) => r.name === 'BM_SetInsert_RMS')!.rms!, 12);
  });

  it('tells every class apart on exact data', () => {
    const classes: [string, (n: number) => number][] = [
      ['O(1)', () => 1],
      ['O(log n)', (n) => Math.log2(n)],
      ['O(n)', (n) => n],
      ['O(n log n)', (n) => n * Math.log2(n)],
      ['O(n²)', (n) => n * n],
      ['O(n³)', (n) => n ** 3],
    ];
    for (const [name, f] of classes) expect(fitComplexity(sizes.map((n) => [n, 7 * f(n)]))!.best).toBe(name);
  });

  it('needs three sizes', () => {
    expect(
      fitComplexity([
        [10, 1],
        [20, 2],
        [20, 2.1],
      ]),
    ).toBeNull();
  });

  it('flags O(n) -> O(n²) over a small range, but not noise around one class', () => {
    const small = [100, 150, 200, 250];
    const linear = fitComplexity(small.map((n) => [n, n * (1 + rng.normal(0, 0.01))]))!;
    const quad = fitComplexity(small.map((n) => [n, 0.01 * n * n * (1 + rng.normal(0, 0.01))]))!;
    expect(linear.best).toBe('O(n)');
    expect(quad.best).toBe('O(n²)');
    expect(isClassChange(linear, quad)).toBe(true);
    // O(n) and O(n log n) are hard to tell apart over a small range: when noise swaps them, no flag.
    const a = fitComplexity(small.map((n) => [n, n * (1 + rng.normal(0, 0.02))]))!;
    const b = fitComplexity(small.map((n) => [n, n * (1 + rng.normal(0, 0.02))]))!;
    if (a.best !== b.best) expect(isClassChange(a, b)).toBe(false);
    expect(isClassChange(a, a)).toBe(false);
  });
});
