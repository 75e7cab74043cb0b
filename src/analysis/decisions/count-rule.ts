/**
 * The count rule: how per-op instruction counts of one harness's benchmarks are decided, by
 * repetitions rather than rounds (docs/counts.md).
 *
 * Noise model: a benchmark's log per-op count is normal around its true value, and the spread
 * on the log scale is shared by the harness's benchmarks where the data allow it. Δ is the
 * difference of the sides' means of log counts (the ratio of their geometric means): with 2 to 6
 * repetitions a median is no more robust than the mean and has no interval of its own, while the
 * mean of logs has Student's t interval with the pooled degrees of freedom, and a ratio is what a
 * percent threshold is about. The spread s is the standard error of Δ: from the pooled within-side
 * variance of every benchmark that passes the pooling guard (the larger of its own and the pool's,
 * with the pool's df), or from its own variance and df when it is far above the pool (an F test).
 *
 * With k the t quantile at the member's level: **changed** when the interval Δ ± k·s lies wholly
 * beyond ±threshold (|Δ| − k·s > threshold), **unchanged** when it lies wholly inside
 * (|Δ| + k·s < threshold), else **more** repetitions, and at the cap an honest **inconclusive**
 * with the interval.
 *
 * What it spends: the family level is min(alpha, COUNT_DEFAULTS.maxAlpha), split evenly over every
 * member and every look (Bonferroni: alpha / (members × looks)), two-sided. Under the model, the
 * chance that any benchmark whose true change is within ±threshold is called changed, at any
 * look, is at most that family level; an A/A run (true change 0) is far below it.
 *
 * Exactly repeating counts keep the exact rule (stats/deterministic.ts) outside the family.
 * Counts that do not repeat (log spread above COUNT_DEFAULTS.fallbackSpread, or a per-op count
 * ≤ 0) fall back to Mann-Whitney on the counts, run to the cap and tested once there at the
 * member's whole share (alpha / members), flagged with a `counts-do-not-repeat` warning. Never
 * timings: under valgrind they are meaningless.
 *
 * Counts are instructions: lower is better, so an increase is a regression.
 */
import { COUNT_DEFAULTS, countLooks } from '../../counts/defaults.js';
import type { Verdict, Warning } from '../../model.js';
import { DETERMINISTIC_TOLERANCE, deterministicOutcome } from '../../stats/deterministic.js';
import { percentChange } from '../../stats/hodges-lehmann.js';
import { allPositive, farAbovePool, logStats, pct, pooledSpread, tQuantile, type LogStats, type Spread } from '../../stats/log-counts.js';
import { mannWhitneyU } from '../../stats/mann-whitney.js';
import type { ComparisonDecision, FamilyPolicy, TestOutcome } from '../decision.js';

export interface CountMember {
  id: string;
  /** Per-op counts per repetition (src/counts/per-op.ts). */
  base: number[];
  head: number[];
  thresholdPct: number;
}

/** Where a member's spread came from. */
export type CountSpread = 'pooled' | 'own' | 'exact' | 'fallback' | 'none';

export type CountOutcome = TestOutcome & {
  verdict: Verdict | 'more';
  /** Point estimate of the percent change (ratio of geometric means; the exact ratio; Hodges-Lehmann). */
  changePct: number | null;
  spread: CountSpread;
  /** Repetitions per side the outcome used. */
  repetitions: { base: number; head: number };
  warning?: Warning;
};

export interface CountOptions {
  alpha: number;
  /** The last look (the cap or the time budget): undecided members are inconclusive, never 'more'. */
  final: boolean;
  /** Looks a member can get (default: COUNT_DEFAULTS' min to max repetitions). */
  looks?: number;
}

const verdictOf = (changePct: number): Verdict => (changePct > 0 ? 'regression' : 'improvement');

/** The level each member is held to at each look: the family level over members × looks (Bonferroni). */
export function countLevel(members: number, alpha: number, looks: number = countLooks()): number {
  return Math.min(alpha, COUNT_DEFAULTS.maxAlpha) / (Math.max(1, members) * Math.max(1, looks));
}

/** The count rule's α spending as a family policy: every member at countLevel, whatever its p. */
export function countBoundPolicy(looks: number = countLooks()): FamilyPolicy {
  return {
    name: 'count-bound',
    levels: (members, alpha) => new Map(members.map((m) => [m.id, countLevel(members.length, alpha, looks)])),
  };
}

/**
 * The near-deterministic rule for one comparison, given the spread to use (the pool's, when the
 * member passes the guard; null: its own). `decide` returns 'inconclusive' where decideCounts
 * asks for more repetitions.
 */
export function countRule(pool: Spread | null): ComparisonDecision {
  return {
    name: 'count-rule',
    applies: (base, head) => base.length > 0 && head.length > 0 && allPositive(base, head) && deterministicOutcome(base, head) === null,
    decide: (base, head, at) => intervalOutcome(logStats(base, head), pool, at),
  };
}

/** The interval Δ ± k·s against ±threshold, with the pool's spread (null: the member's own). */
function intervalOutcome(
  stats: LogStats,
  pool: Spread | null,
  { thresholdPct, level }: { thresholdPct: number; level: number },
): TestOutcome & { verdict: Verdict } {
  const ownVariance = stats.df > 0 ? stats.ss / stats.df : 0;
  const spread: Spread | null =
    pool !== null
      ? { variance: Math.max(pool.variance, ownVariance), df: pool.df }
      : stats.df > 0
        ? { variance: ownVariance, df: stats.df }
        : null;
  const assumes = spread
    ? `log per-op counts are normal with ${pool ? `the spread pooled over the harness's benchmarks (df ${pool.df})` : `this benchmark's own spread (df ${spread.df})`}`
    : 'nothing yet: one repetition per side has no spread';
  if (spread === null) return { name: 'count-rule', statistic: null, p: null, interval: null, level, assumes, verdict: 'inconclusive' };
  const { d } = stats;
  const se = Math.sqrt(spread.variance * (1 / stats.nBase + 1 / stats.nHead));
  const k = tQuantile(1 - level / 2, spread.df);
  const [lo, hi] = [d - k * se, d + k * se];
  const up = Math.log1p(thresholdPct / 100);
  const down = thresholdPct < 100 ? Math.log1p(-thresholdPct / 100) : -Infinity;
  const verdict: Verdict = lo > up ? 'regression' : hi < down ? 'improvement' : lo > down && hi < up ? 'unchanged' : 'inconclusive';
  return {
    name: 'count-rule',
    statistic: { name: '|Δ| − k·s (log %)', value: (Math.abs(d) - k * se) * 100 },
    p: null,
    interval: [pct(lo), pct(hi)],
    level,
    assumes,
    verdict,
  };
}

/** Exactly repeating counts: today's exact rule (stats/deterministic.ts), outside the family. */
export const exactCountRule: ComparisonDecision = {
  name: 'exact-count',
  applies: (base, head) => deterministicOutcome(base, head) !== null,
  decide(base, head, { thresholdPct, level }) {
    const outcome = deterministicOutcome(base, head);
    const assumes = 'every repetition of a side counted the same: no chance of a false alarm to spend a level on';
    if (outcome === null || outcome.kind === 'equal') {
      return { name: 'exact-count', statistic: null, p: 1, interval: [0, 0], level, assumes, verdict: 'unchanged' };
    }
    const changePct = (outcome.ratio - 1) * 100;
    const verdict = Math.abs(changePct) >= thresholdPct ? verdictOf(changePct) : 'unchanged';
    return { name: 'exact-count', statistic: null, p: 0, interval: [changePct, changePct], level, assumes, verdict };
  },
};

/** Mann-Whitney on the counts, for counts that do not repeat. */
function fallbackOutcome(m: CountMember, level: number, final: boolean, spreadPct: number | null): CountOutcome {
  const { base, head, thresholdPct } = m;
  const repetitions = { base: base.length, head: head.length };
  const positive = [...base, ...head].every((v) => v > 0);
  const change = positive && base.length > 0 && head.length > 0 ? percentChange(base, head, { confLevel: 1 - level }) : null;
  const why = spreadPct === null ? 'a per-op count at or below 0' : `a spread of ${spreadPct.toFixed(1)}% (log sd)`;
  const warning: Warning = {
    code: 'counts-do-not-repeat',
    message: `its per-op counts do not repeat (${why}): decided by Mann-Whitney on the counts at the cap, not by the count rule`,
  };
  const base_ = {
    name: 'mann-whitney' as const,
    statistic: null,
    p: null,
    interval: change?.ci ?? null,
    level,
    assumes: 'nothing about the shape: a rank test on the counts, whose noise is not the near-deterministic kind',
    changePct: change?.changePct ?? null,
    spread: 'fallback' as const,
    repetitions,
    warning,
  };
  if (!final) return { ...base_, verdict: 'more' };
  if (base.length < 2 || head.length < 2) return { ...base_, verdict: 'inconclusive' };
  const mw = mannWhitneyU(base, head);
  const statistic = { name: 'U of base', value: mw.u1 };
  const direction = change?.changePct ?? mw.u2 - mw.u1;
  let verdict: Verdict = 'inconclusive';
  if (mw.p < level && (change === null || Math.abs(change.changePct) >= thresholdPct)) verdict = verdictOf(direction);
  else if (change !== null && change.ci[0] > -thresholdPct && change.ci[1] < thresholdPct) verdict = 'unchanged';
  return { ...base_, statistic, p: mw.p, verdict };
}

/**
 * Decides a family of count comparisons at one look. Pass every member of the family at every
 * look (those decided earlier too, with the repetitions they were decided on): the family's size
 * sets the level and every member's spread feeds the pool. The caller keeps each member's first
 * verdict other than 'more' (replayCountLooks does exactly that).
 */
export function decideCounts(members: readonly CountMember[], opts: CountOptions): Map<string, CountOutcome> {
  const looks = opts.looks ?? countLooks();
  const level = countLevel(members.length, opts.alpha, looks);
  const out = new Map<string, CountOutcome>();
  const undecided = (verdict: Verdict): Verdict | 'more' => (verdict === 'inconclusive' && !opts.final ? 'more' : verdict);

  // Classify: exact, fallback, or a candidate for the pool.
  const candidates: { m: CountMember; stats: LogStats; ss: number; df: number }[] = [];
  for (const m of members) {
    const repetitions = { base: m.base.length, head: m.head.length };
    if (m.base.length === 0 || m.head.length === 0) {
      const none = {
        name: 'count-rule' as const,
        statistic: null,
        p: null,
        interval: null,
        level,
        changePct: null,
        spread: 'none' as const,
        repetitions,
      };
      out.set(m.id, { ...none, assumes: 'nothing: a side has no per-op count', verdict: undecided('inconclusive') });
      continue;
    }
    const positive = allPositive(m.base, m.head);
    const stats = positive ? logStats(m.base, m.head) : null;
    const sd = stats && stats.df > 0 ? Math.sqrt(stats.ss / stats.df) : 0;
    // Counts within the exact rule's tolerance have a log spread below it: only those are checked.
    if ((!positive || sd <= DETERMINISTIC_TOLERANCE) && exactCountRule.applies(m.base, m.head)) {
      const o = exactCountRule.decide(m.base, m.head, { thresholdPct: m.thresholdPct, level });
      out.set(m.id, { ...o, changePct: o.interval![0], spread: 'exact', repetitions });
      continue;
    }
    if (stats === null || sd > COUNT_DEFAULTS.fallbackSpread) {
      out.set(m.id, fallbackOutcome(m, level * looks, opts.final, stats === null ? null : sd * 100));
      continue;
    }
    candidates.push({ m, stats, ss: stats.ss, df: stats.df });
  }

  // The guard: a member whose own variance is far above the pool's is held to its own.
  const first = pooledSpread(candidates);
  const alone = new Set(candidates.filter((c) => farAbovePool(c, first, COUNT_DEFAULTS.poolGuard)));
  const pool = pooledSpread(candidates.filter((c) => !alone.has(c)));

  for (const c of candidates) {
    const { m } = c;
    const usePool = !alone.has(c) && pool !== null;
    const o = intervalOutcome(c.stats, usePool ? pool : null, { thresholdPct: m.thresholdPct, level });
    out.set(m.id, {
      ...o,
      verdict: undecided(o.verdict),
      changePct: pct(c.stats.d),
      spread: usePool ? 'pooled' : 'own',
      repetitions: { base: m.base.length, head: m.head.length },
    });
  }
  return out;
}
