import { StatsError } from './errors.js';
import { EXACT_MAX_N } from './mann-whitney.js';
import { normalQuantile, normalSf } from './normal.js';
import { studentTQuantile } from './student-t.js';

/*
 * Power of the two-sided Mann-Whitney test, n runs per side, for a change that multiplies
 * every value by the same factor (lognormal timing noise).
 *
 * Method (G*Power's "A.R.E." method for Wilcoxon-Mann-Whitney): the power of a two-sample
 * t-test with n scaled by the asymptotic relative efficiency of Mann-Whitney under
 * normality, 3/pi. The noncentral t tail comes from its normal approximation (Abramowitz &
 * Stegun, ch. 26.7); the far rejection tail is ignored. On the log scale the noise sd is the
 * robust cv (MAD * 1.4826 / median): for lognormal data the two agree within 0.2% up to a
 * cv of 0.1. Checked against a seeded simulation of the test in tests/stats/power.test.ts:
 * model vs simulation 0.870 vs 0.851 (n = 10, 1.5 sd, alpha 0.05), 0.672 vs 0.678 (n = 20,
 * 0.8 sd), 0.621 vs 0.640 (n = 30, 1 sd, alpha 0.001).
 *
 * One more limit is exact: with n <= 50 per side the test is exact and cannot produce a
 * p-value below 2 / C(2n, n), so no effect is detectable below that n.
 */

const MANN_WHITNEY_ARE = 3 / Math.PI;

/**
 * Rounds per side beyond which roundsNeeded stops searching and returns this value, so that
 * a report can say "more than 1000 rounds" instead of showing Infinity.
 */
export const ROUNDS_CAP = 1000;

interface PowerOptions {
  alpha: number;
  /** Probability of detecting the effect; default 0.8. */
  power?: number;
}

/**
 * Smallest slowdown, in percent, detectable with n runs per side (the matching speed-up is
 * 100 * (1 - 1 / (1 + e / 100)) on the log scale). Infinity when n is too small for the test
 * to ever reach alpha, or when cv is Infinity.
 */
export function minDetectableEffectPct(opts: PowerOptions & { cv: number; n: number }): number {
  const { cv, n } = opts;
  const { alpha, power } = checkPowerOptions(opts);
  requireCv(cv);
  if (!Number.isInteger(n) || n < 0) throw new StatsError(`n must be a non-negative integer, got ${n}`);
  if (!canReachAlpha(n, alpha)) return Infinity;
  return 100 * Math.expm1(detectableShiftInSd(n, alpha, power) * cv);
}

/**
 * Runs per side needed to detect a change of effectPct percent (either direction) with the
 * given power: an integer >= 2, at most ROUNDS_CAP (returned when even that is not enough,
 * e.g. for a zero effect).
 */
export function roundsNeeded(opts: PowerOptions & { cv: number; effectPct: number }): number {
  const { cv, effectPct } = opts;
  const { alpha, power } = checkPowerOptions(opts);
  requireCv(cv);
  if (!(effectPct > -100) || !Number.isFinite(effectPct)) {
    throw new StatsError(`effectPct must be finite and above -100, got ${effectPct}`);
  }
  const shift = Math.abs(Math.log1p(effectPct / 100)); // on the log scale
  const enough = (n: number): boolean => canReachAlpha(n, alpha) && detectableShiftInSd(n, alpha, power) * cv <= shift;
  if (!enough(ROUNDS_CAP)) return ROUNDS_CAP;
  let lo = 1; // not enough (one run per side cannot be tested)
  let hi = ROUNDS_CAP; // enough
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (enough(mid)) hi = mid;
    else lo = mid;
  }
  return Math.max(2, hi);
}

/** The shift, in noise standard deviations, that the test detects with the given power. */
function detectableShiftInSd(n: number, alpha: number, power: number): number {
  const { nEffective, threshold, spread } = tTestEquivalent(n, alpha);
  return (threshold + normalQuantile(power) * spread) / Math.sqrt(nEffective / 2);
}

/** Power of the test itself, exposed for checking the model against simulation. */
export function mannWhitneyPower(opts: { shiftInSd: number; n: number; alpha: number }): number {
  const { shiftInSd, n, alpha } = opts;
  if (!canReachAlpha(n, alpha)) return 0;
  const { nEffective, threshold, spread } = tTestEquivalent(n, alpha);
  return normalSf((threshold - Math.abs(shiftInSd) * Math.sqrt(nEffective / 2)) / spread);
}

interface TTestEquivalent {
  nEffective: number;
  threshold: number;
  spread: number;
}

/**
 * By "n alpha". The t quantile is a bisection of ~50 tail evaluations, and roundsNeeded asks for
 * ~10 values of n per inconclusive comparison; one analysis uses a handful of alphas and
 * n <= ROUNDS_CAP, so the cache stays small.
 */
const tTestEquivalents = new Map<string, TTestEquivalent>();

/**
 * The t-test with the same power: P(T' > critical) ~ Phi((noncentrality - threshold) / spread)
 * for the noncentral t with df degrees of freedom.
 */
function tTestEquivalent(n: number, alpha: number): TTestEquivalent {
  const key = `${n} ${alpha}`;
  let known = tTestEquivalents.get(key);
  if (!known) {
    known = computeTTestEquivalent(n, alpha);
    tTestEquivalents.set(key, known);
  }
  return known;
}

function computeTTestEquivalent(n: number, alpha: number): TTestEquivalent {
  const nEffective = n * MANN_WHITNEY_ARE;
  const df = 2 * nEffective - 2;
  const critical = studentTQuantile(1 - alpha / 2, df);
  return {
    nEffective,
    threshold: critical * (1 - 1 / (4 * df)),
    spread: Math.sqrt(1 + (critical * critical) / (2 * df)),
  };
}

/** Whether a two-sided test with n per side can produce p <= alpha at all. */
function canReachAlpha(n: number, alpha: number): boolean {
  if (n < 2) return false;
  if (n > EXACT_MAX_N) return true;
  let combinations = 1; // C(2n, n)
  for (let i = 1; i <= n; i++) combinations = (combinations * (n + i)) / i;
  return 2 / combinations <= alpha;
}

function checkPowerOptions(opts: PowerOptions): { alpha: number; power: number } {
  const power = opts.power ?? 0.8;
  if (!(opts.alpha > 0 && opts.alpha < 1)) throw new StatsError(`alpha must lie in (0, 1), got ${opts.alpha}`);
  if (!(power > 0 && power < 1)) throw new StatsError(`power must lie in (0, 1), got ${power}`);
  return { alpha: opts.alpha, power };
}

/** Infinity is allowed (a summary's cv when the median is 0): nothing is then detectable. */
function requireCv(cv: number): void {
  if (!(cv >= 0)) throw new StatsError(`cv must be >= 0, got ${cv}`);
}
