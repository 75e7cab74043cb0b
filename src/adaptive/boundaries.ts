/**
 * Group-sequential boundaries by alpha spending (Lan and DeMets 1983): a two-sided test looked at
 * several times as its data grows keeps its overall error rate when the rejection boundary of
 * each look spends only the part of alpha that a spending function assigns to that look's
 * information fraction t (here: rounds so far / the planned maximum).
 *
 * The boundary of look k is the z with
 *   P(|Z_1| < c_1, ..., |Z_{k-1}| < c_{k-1}, |Z_k| >= c) = spent(t_k) - spent(t_{k-1})
 * under the canonical joint distribution of a statistic with independent increments
 * (Corr(Z_j, Z_k) = sqrt(t_j / t_k)), computed by the recursive numerical integration of
 * Armitage, McPherson and Rowe (1969) (Jennison and Turnbull 2000, ch. 19) on a Simpson grid.
 * Looks may be unplanned or skipped: only the fractions actually looked at enter. Boundaries
 * ignore any stop for equivalence (non-binding), so such stops can only remove rejections.
 */
import { normalQuantile, normalSf, StatsError } from '../stats/index.js';

export type SpendingName = 'obrien-fleming' | 'pocock';

/** Cumulative two-sided alpha spent by information fraction t (clamped to [0, 1]). */
export function spent(spending: SpendingName, alpha: number, t: number): number {
  const f = Math.min(1, Math.max(0, t));
  if (f === 0) return 0;
  // O'Brien-Fleming type, applied to each side with alpha / 2 as gsDesign and ldbounds do:
  // almost nothing early, nearly the fixed-sample boundary at the end.
  if (spending === 'obrien-fleming') return 4 * normalSf(normalQuantile(1 - alpha / 4) / Math.sqrt(f));
  // Pocock type: nearly constant nominal levels across looks.
  return alpha * Math.log1p((Math.E - 1) * f);
}

/** Grid step of the integration: Simpson's error is far below the boundaries' 1e-6 tolerance. */
const STEP = 0.02;
/** The continuation region's grid never extends past this |z|: the normal density there is < 1e-31. */
const Z_CAP = 12;

interface Density {
  z: Float64Array;
  /** Simpson weight times the sub-density of Z at z (paths that have not crossed yet). */
  mass: Float64Array;
}

const SQRT_2PI = Math.sqrt(2 * Math.PI);
const phi = (z: number): number => Math.exp(-0.5 * z * z) / SQRT_2PI;

function simpsonGrid(limit: number): { z: Float64Array; w: Float64Array } {
  const intervals = 2 * Math.max(2, Math.ceil(limit / STEP));
  const h = (2 * limit) / intervals;
  const z = new Float64Array(intervals + 1);
  const w = new Float64Array(intervals + 1);
  for (let i = 0; i <= intervals; i++) {
    z[i] = -limit + i * h;
    w[i] = (h / 3) * (i === 0 || i === intervals ? 1 : i % 2 === 1 ? 4 : 2);
  }
  return { z, w };
}

/** Probability of crossing ±c at fraction t for paths still inside at fraction tPrev. */
function crossing(prev: Density | null, tPrev: number, t: number, c: number): number {
  if (prev === null) return 2 * normalSf(c);
  const sd = Math.sqrt(t - tPrev);
  const a = Math.sqrt(t);
  const b = Math.sqrt(tPrev);
  let p = 0;
  for (let i = 0; i < prev.z.length; i++) {
    const u = prev.z[i]! * b;
    p += prev.mass[i]! * (normalSf((c * a - u) / sd) + normalSf((c * a + u) / sd));
  }
  return p;
}

/** The sub-density at fraction t of paths that stayed inside every boundary so far, on (-c, c). */
function advance(prev: Density | null, tPrev: number, t: number, c: number): Density {
  const { z, w } = simpsonGrid(Math.min(c, Z_CAP));
  const mass = new Float64Array(z.length);
  if (prev === null) {
    for (let j = 0; j < z.length; j++) mass[j] = w[j]! * phi(z[j]!);
    return { z, mass };
  }
  const sd = Math.sqrt(t - tPrev);
  const a = Math.sqrt(t);
  const b = Math.sqrt(tPrev);
  for (let j = 0; j < z.length; j++) {
    const x = z[j]! * a;
    let f = 0;
    for (let i = 0; i < prev.z.length; i++) f += prev.mass[i]! * phi((x - prev.z[i]! * b) / sd);
    mass[j] = (w[j]! * f * a) / sd;
  }
  return { z, mass };
}

/** Smallest c with crossing(c) <= target, by bisection (crossing falls as c grows). */
function solveBoundary(prev: Density | null, tPrev: number, t: number, target: number): number {
  if (!(target > 0)) return Infinity;
  let lo = 0;
  let hi = 40;
  if (crossing(prev, tPrev, t, lo) <= target) return 0;
  for (let i = 0; i < 100 && hi - lo > 1e-8; i++) {
    const mid = (lo + hi) / 2;
    if (crossing(prev, tPrev, t, mid) > target) lo = mid;
    else hi = mid;
  }
  return hi;
}

const cache = new Map<string, number[]>();

/**
 * Two-sided z boundaries at the given increasing information fractions (each in (0, 1]) for a
 * test of overall level alpha. Infinity where a look has nothing left to spend. With
 * `lastSpendsAll`, the last look is the final analysis whatever its fraction: it spends all the
 * alpha left (a study stopped early for a reason unrelated to its data).
 */
export function boundaries(alpha: number, spending: SpendingName, fractions: readonly number[], lastSpendsAll = false): number[] {
  if (!(alpha > 0 && alpha < 1)) throw new StatsError(`alpha must lie in (0, 1), got ${alpha}`);
  fractions.forEach((t, i) => {
    if (!(t > 0 && t <= 1) || (i > 0 && !(t > fractions[i - 1]!))) {
      throw new StatsError(`information fractions must increase within (0, 1], got ${fractions.join(', ')}`);
    }
  });
  const key = `${alpha} ${spending} ${fractions.join(',')} ${lastSpendsAll}`;
  const known = cache.get(key);
  if (known) return known;
  const out: number[] = [];
  let density: Density | null = null;
  let tPrev = 0;
  for (const [k, t] of fractions.entries()) {
    const upTo = lastSpendsAll && k === fractions.length - 1 ? 1 : t;
    const target = spent(spending, alpha, upTo) - spent(spending, alpha, tPrev);
    const c = solveBoundary(density, tPrev, t, target);
    out.push(c);
    density = advance(density, tPrev, t, c);
    tPrev = t;
  }
  cache.set(key, out);
  return out;
}

/** A z boundary as the two-sided p-value a look's test must reach (p <= this) to reject. */
export function nominalP(z: number): number {
  return z === Infinity ? 0 : 2 * normalSf(z);
}
