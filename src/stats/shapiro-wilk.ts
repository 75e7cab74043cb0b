import { StatsError, requireFinite } from './errors.js';
import { normalSf } from './normal.js';

/*
 * Shapiro-Wilk W test of normality: Royston's algorithm AS R94 (1995), the one behind R's
 * shapiro.test and scipy.stats.shapiro. Hand-written: no kept JavaScript library has it.
 * The polynomial coefficients are Royston's published fits.
 */

/** Corrections to the two largest coefficients, as polynomials in 1/sqrt(n). */
const LARGEST_COEFFICIENT = [0, 0.221157, -0.147981, -2.07119, 4.434685, -2.706056];
const SECOND_COEFFICIENT = [0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633];
/** Mean and log-sd of -log(gamma - log(1 - W)) for 4 <= n <= 11, polynomials in n. */
const SMALL_MEAN = [0.544, -0.39978, 0.025054, -6.714e-4];
const SMALL_LOG_SD = [1.3822, -0.77857, 0.062767, -0.0020322];
const SMALL_GAMMA = [-2.273, 0.459];
/** Mean and log-sd of log(1 - W) for n >= 12, polynomials in log(n). */
const LARGE_MEAN = [-1.5861, -0.31082, -0.083751, 0.0038915];
const LARGE_LOG_SD = [-0.4803, -0.082676, 0.0030302];

/**
 * Normal quantile of Beasley & Springer's AS 111 (PPND), about 1e-9 relative. AS R94's
 * reference code, which scipy runs, uses it for the expected order statistics; R's swilk.c
 * uses its full-precision qnorm instead, so R's W differs from scipy's in the 10th digit.
 * Using AS 111 here reproduces scipy's W to the last bits; the order statistics are only
 * Blom's approximation anyway, so the extra digits of a better quantile carry no meaning.
 */
function ppndAS111(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= 0.42) {
    const r = q * q;
    return (
      (q * polynomial([2.50662823884, -18.61500062529, 41.39119773534, -25.44106049637], r)) /
      polynomial([1, -8.4735109309, 23.08336743743, -21.06224101826, 3.13082909833], r)
    );
  }
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const z =
    polynomial([-2.78718931138, -2.29796479134, 4.85014127135, 2.32121276858], r) / polynomial([1, 3.54388924762, 1.63706781897], r);
  return q < 0 ? -z : z;
}

const MIN_N = 3;
const MAX_N = 5000;

function polynomial(coefficients: readonly number[], x: number): number {
  let sum = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) sum = sum * x + coefficients[i]!;
  return sum;
}

/** W and its p-value; small p means the sample is unlikely to come from a normal distribution. */
export function shapiroWilk(x: readonly number[]): { w: number; p: number } {
  requireFinite(x, 'x');
  const n = x.length;
  if (n < MIN_N || n > MAX_N) {
    throw new StatsError(`Shapiro-Wilk needs ${MIN_N} to ${MAX_N} values, got ${n}`);
  }
  const sorted = [...x].sort((a, b) => a - b);
  const range = sorted[n - 1]! - sorted[0]!;
  if (range === 0) throw new StatsError('Shapiro-Wilk is undefined when all values are equal');

  const weights = coefficients(n);
  const oneMinusW = oneMinusSquaredCorrelation(
    weights,
    sorted.map((v) => v / range),
  );
  const w = 1 - oneMinusW;
  return { w, p: pValue(w, oneMinusW, n) };
}

/** The antisymmetric coefficient vector a (ascending, length n) of Royston's approximation. */
function coefficients(n: number): Float64Array {
  const half = Math.floor(n / 2);
  const a = new Float64Array(n);
  if (n === 3) {
    a[0] = -Math.SQRT1_2;
    a[2] = Math.SQRT1_2;
    return a;
  }
  // m: expected normal order statistics (Blom's approximation), lower half (negative)
  const m = Array.from({ length: half }, (_, i) => ppndAS111((i + 1 - 0.375) / (n + 0.25)));
  const sumSquares = 2 * m.reduce((s, v) => s + v * v, 0);
  const rootSum = Math.sqrt(sumSquares);
  const u = 1 / Math.sqrt(n);
  // The largest coefficient (two of them from n = 6 on) comes from Royston's polynomials;
  // the others are -m_i, scaled so that the whole vector has unit length.
  const fitted = [polynomial(LARGEST_COEFFICIENT, u) - m[0]! / rootSum];
  if (n > 5) fitted.push(polynomial(SECOND_COEFFICIENT, u) - m[1]! / rootSum);
  const fittedSquares = fitted.reduce((s, v) => s + v * v, 0);
  const replacedSquares = m.slice(0, fitted.length).reduce((s, v) => s + v * v, 0);
  const scale = Math.sqrt((sumSquares - 2 * replacedSquares) / (1 - 2 * fittedSquares));
  const upper = [...fitted, ...m.slice(fitted.length).map((v) => -v / scale)]; // largest first
  upper.forEach((value, i) => {
    a[i] = -value;
    a[n - 1 - i] = value;
  });
  return a;
}

/**
 * 1 - W, where W is the squared correlation of the coefficients with the sorted sample,
 * computed as (s - c)(s + c) / s^2 so that W close to 1 keeps its precision (as AS R94).
 */
function oneMinusSquaredCorrelation(a: Float64Array, sorted: number[]): number {
  const n = sorted.length;
  const meanA = a.reduce((s, v) => s + v, 0) / n;
  const meanX = sorted.reduce((s, v) => s + v, 0) / n;
  let ssa = 0;
  let ssx = 0;
  let sax = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - meanA;
    const dx = sorted[i]! - meanX;
    ssa += da * da;
    ssx += dx * dx;
    sax += da * dx;
  }
  const root = Math.sqrt(ssa * ssx);
  return ((root - sax) * (root + sax)) / (ssa * ssx);
}

function pValue(w: number, oneMinusW: number, n: number): number {
  if (n === 3) {
    // exact for n = 3: (6 / pi) (asin(sqrt(W)) - asin(sqrt(3/4)))
    return Math.max(0, (6 / Math.PI) * (Math.asin(Math.sqrt(w)) - Math.PI / 3));
  }
  let y = Math.log(oneMinusW);
  let mean: number;
  let sd: number;
  if (n <= 11) {
    const gamma = polynomial(SMALL_GAMMA, n);
    if (y >= gamma) return 1e-99; // AS R94's value where its transformation breaks down
    y = -Math.log(gamma - y);
    mean = polynomial(SMALL_MEAN, n);
    sd = Math.exp(polynomial(SMALL_LOG_SD, n));
  } else {
    const logN = Math.log(n);
    mean = polynomial(LARGE_MEAN, logN);
    sd = Math.exp(polynomial(LARGE_LOG_SD, logN));
  }
  return normalSf((y - mean) / sd);
}
