/**
 * Percentile changes base -> head, and a flag for the case a median comparison hides: the tail
 * (p90 and p99) got worse while the median did not. It is a flag to look at, not a verdict:
 * with tens of samples p99 is close to the maximum, so it asks for the tail to move together
 * (p90 and p99) and by a clear margin over the benchmark's noise.
 */
import { PERCENTILES, type Better, type Percentile, type PercentileNumbers, type Summary, type Warning } from '../model.js';
import type { Diagnosis } from './types.js';

/** The tail must get worse by at least this much (or the threshold, when larger)... */
const TAIL_MIN_PCT = 5;
/**
 * ...and by this many times the noisier side's robust CV: the top values of two samples of the
 * same noisy benchmark differ by about the spread. Without it, 5-10% of unchanged benchmarks
 * with a CV of 5-20% were flagged at n = 10 (simulated); with it, under 0.5%.
 */
const TAIL_NOISE_CVS = 1.5;
/** Below this many samples per side p90/p99 are too close to single values to flag. */
const TAIL_MIN_N = 10;

function change(base: number, head: number): number | null {
  return base === 0 ? null : ((head - base) / Math.abs(base)) * 100;
}

export function percentileDiagnostic(base: Summary, head: Summary, better: Better, thresholdPct: number): Diagnosis<PercentileNumbers> {
  const changePct = Object.fromEntries(PERCENTILES.map((q) => [q, change(base[q], head[q])])) as Record<Percentile, number | null>;
  // "Worse" in the direction of the metric: larger is worse for time, smaller for throughput.
  const worsening = (pct: number | null) => (pct === null ? 0 : better === 'lower' ? pct : -pct);
  const noise = Math.max(base.cv, head.cv);
  const tailBarPct = Number.isFinite(noise) ? Math.max(thresholdPct, TAIL_MIN_PCT, TAIL_NOISE_CVS * 100 * noise) : null;
  const tailRegression =
    tailBarPct !== null &&
    Math.min(base.n, head.n) >= TAIL_MIN_N &&
    worsening(changePct.p90) >= tailBarPct &&
    worsening(changePct.p99) >= tailBarPct &&
    worsening(changePct.median) < thresholdPct;
  const warnings: Warning[] = [];
  if (tailRegression) {
    warnings.push({
      code: 'tail-regression',
      message: `the tail got worse while the median did not: p99 ${fmt(changePct.p99)}, p90 ${fmt(changePct.p90)}, median ${fmt(changePct.median)}`,
    });
  }
  return { numbers: { changePct, tailBarPct, tailRegression }, warnings };
}

function fmt(pct: number | null): string {
  return pct === null ? 'n/a' : `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}
