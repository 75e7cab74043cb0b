/**
 * Big-O fit the way nanobench does it: for each candidate class f, the least-squares constant
 * through the origin c = sum(f(n) y) / sum(f(n)^2), and the normalised root-mean-square error
 * sqrt(mean((c f(n) - y)^2)) / mean(y). The best fit is the class with the smallest error.
 * A class change between base and head (O(n) -> O(n^2)) is flagged even over a small range of
 * n, because it predicts how the gap grows beyond the measured sizes.
 */
import type { ClassFit, ComplexityNumbers, SideFit, Warning } from '../model.js';
import type { Diagnosis } from './types.js';

const CLASSES: { name: string; f: (n: number) => number }[] = [
  { name: 'O(1)', f: () => 1 },
  { name: 'O(n)', f: (n) => n },
  { name: 'O(log n)', f: (n) => Math.log2(n) },
  { name: 'O(n log n)', f: (n) => n * Math.log2(n) },
  { name: 'O(n²)', f: (n) => n * n },
  { name: 'O(n³)', f: (n) => n * n * n },
];

/** Fewer distinct sizes than this cannot tell the classes apart. */
export const MIN_SIZES = 3;

function fitClass(name: string, f: (n: number) => number, points: readonly [number, number][]): ClassFit {
  let fy = 0;
  let ff = 0;
  for (const [n, y] of points) {
    fy += f(n) * y;
    ff += f(n) * f(n);
  }
  const constant = ff === 0 ? 0 : fy / ff;
  let squared = 0;
  let sum = 0;
  for (const [n, y] of points) {
    squared += (constant * f(n) - y) ** 2;
    sum += y;
  }
  const mean = sum / points.length;
  return { name, constant, nrmse: Math.sqrt(squared / points.length) / mean };
}

/** Fits every class to (n, value) points; null with fewer than MIN_SIZES distinct n. */
export function fitComplexity(points: readonly [number, number][]): SideFit | null {
  if (new Set(points.map(([n]) => n)).size < MIN_SIZES) return null;
  const fits = CLASSES.map((c) => fitClass(c.name, c.f, points)).sort((a, b) => a.nrmse - b.nrmse || a.name.localeCompare(b.name));
  return { best: fits[0]!.name, fits };
}

/** The value c * f(n) a fitted class predicts (for plots). */
export function predict(fit: ClassFit, n: number): number {
  const cls = CLASSES.find((c) => c.name === fit.name)!;
  return fit.constant * cls.f(n);
}

/**
 * How much worse a side's data must fit the other side's class than its own for the change to
 * count: with noise, neighbouring classes (O(n), O(n log n)) can swap places by a hair.
 */
const CLEAR_CHANGE_RATIO = 1.5;

function errorOf(side: SideFit, name: string): number {
  return side.fits.find((f) => f.name === name)!.nrmse;
}

/** True when the best classes differ and at least one side clearly prefers its own class. */
export function isClassChange(base: SideFit, head: SideFit): boolean {
  if (base.best === head.best) return false;
  const clear = (own: SideFit, other: SideFit) => errorOf(own, other.best) >= CLEAR_CHANGE_RATIO * errorOf(own, own.best);
  return clear(base, head) || clear(head, base);
}

/**
 * The fit of one benchmark family on both sides from its (n, median) points, and a warning when
 * the class changed; null when either side has too few sizes to fit.
 */
export function complexityDiagnostic(
  family: string,
  points: { base: [number, number][]; head: [number, number][] },
): Diagnosis<ComplexityNumbers> | null {
  const base = fitComplexity(points.base);
  const head = fitComplexity(points.head);
  if (!base || !head) return null;
  const numbers: ComplexityNumbers = { family, points, base, head, classChange: isClassChange(base, head) };
  const warnings: Warning[] = [];
  if (numbers.classChange) {
    warnings.push({
      code: 'complexity-change',
      message: `${family}: complexity changed from ${base.best} to ${head.best} (normalised RMSE ${base.fits[0]!.nrmse.toFixed(3)} base, ${head.fits[0]!.nrmse.toFixed(3)} head, n = ${points.base[0]![0]}..${points.base.at(-1)![0]})`,
    });
  }
  return { numbers, warnings };
}
