/**
 * Drift over rounds: a Mann-Kendall trend test of each side's per-run values against round
 * order, Sen's slope for its size, and the same test on the per-round difference head - base.
 * Interleaving puts both sides in every round, so drift that hits both alike (a machine warming
 * up, a neighbour starting a job) cancels in the comparison; drift in the difference does not.
 */
import type { DriftNumbers, RoundSeries, SideDrift, Warning } from '../model.js';
import { median } from '../stats/index.js';
import { mannKendall, senSlope } from './mann-kendall.js';
import type { Diagnosis } from './types.js';

/** Fewer rounds than this cannot show a trend at any usual level. */
const MIN_ROUNDS = 5;
/**
 * The level for "the sides drifted differently". Deliberately lenient: it decides whether
 * benchgate may say interleaving protected the comparison, and doubt should say "not".
 */
const DIFFERENCE_ALPHA = 0.05;
/** Drift is "large" from this much over the run, or half the practical threshold when that is more. */
const LARGE_DRIFT_MIN_PCT = 1;

function sideDrift(series: RoundSeries): SideDrift | null {
  if (series.values.length < MIN_ROUNDS) return null;
  const centre = median(series.values);
  if (centre === 0) return null;
  const trend = mannKendall(series.values);
  const slopePctPerRound = (senSlope(series.rounds, series.values) / Math.abs(centre)) * 100;
  const span = series.rounds.at(-1)! - series.rounds[0]!;
  return { ...trend, slopePctPerRound, totalPct: slopePctPerRound * span };
}

/**
 * Per round, log(head / base) when every value is positive, else head - base. The log ratio
 * because drift is usually multiplicative (a slower clock slows both sides by the same factor),
 * which leaves the ratio flat but makes the difference of two unequal sides trend.
 */
function differenceSeries(base: RoundSeries, head: RoundSeries): number[] {
  const headByRound = new Map(head.rounds.map((r, i) => [r, head.values[i]!]));
  const pairs: [number, number][] = [];
  base.rounds.forEach((r, i) => {
    const h = headByRound.get(r);
    if (h !== undefined) pairs.push([base.values[i]!, h]);
  });
  const positive = pairs.every(([b, h]) => b > 0 && h > 0);
  return pairs.map(([b, h]) => (positive ? Math.log(h / b) : h - b));
}

/**
 * `alpha` is the level for each side's trend. Every benchmark has two sides tested, so at 0.05
 * about one in ten drift-free benchmarks would be flagged; the caller passes a corrected level.
 */
export function driftDiagnostic(base: RoundSeries, head: RoundSeries, thresholdPct: number, alpha: number): Diagnosis<DriftNumbers> {
  const sides = { base: sideDrift(base), head: sideDrift(head) };
  const diff = differenceSeries(base, head);
  const difference = diff.length >= MIN_ROUNDS ? mannKendall(diff) : null;
  const bar = Math.max(LARGE_DRIFT_MIN_PCT, thresholdPct / 2);
  const drifting = (['base', 'head'] as const).filter((s) => {
    const d = sides[s];
    return d !== null && d.p < alpha && Math.abs(d.totalPct) >= bar;
  });
  const large = drifting.length > 0;
  const protectedByInterleaving = large ? difference !== null && difference.p >= DIFFERENCE_ALPHA : null;
  const warnings: Warning[] = [];
  if (large) {
    const what = drifting
      .map(
        (s) =>
          `${s} ${sides[s]!.totalPct >= 0 ? '+' : ''}${sides[s]!.totalPct.toFixed(1)}% (Mann-Kendall p = ${sides[s]!.p.toPrecision(2)})`,
      )
      .join(', ');
    const verdict = protectedByInterleaving
      ? 'both sides drifted alike, so interleaving protected the comparison'
      : difference === null
        ? 'too few paired rounds to tell whether interleaving protected the comparison'
        : `the sides drifted differently (trend of head / base p = ${difference.p.toPrecision(2)}), so interleaving did not protect the comparison`;
    warnings.push({
      code: protectedByInterleaving ? 'drift' : 'drift-unprotected',
      message: `values drifted over the rounds: ${what}; ${verdict}`,
    });
  }
  return { numbers: { ...sides, difference, large, protectedByInterleaving }, warnings };
}
