/**
 * The decision rules compared in the tables. Each looks at one simulated job and says, per
 * benchmark, what it would report: +1 a slowdown, -1 a speed-up, 0 nothing.
 *
 * benchgate runs its real verdict path (compareRuns with the shipped defaults); the others are
 * what users would run instead, or the textbook reference.
 */
import { compareRuns } from '../../src/analysis/index.js';
import { DEFAULTS } from '../../src/config.js';
import type { AnalysisSettings, Side } from '../../src/model.js';
import { holm, mannWhitneyU, median, studentTSf, wilcoxonSignedRank } from '../../src/stats/index.js';
import { benchmarkName, toRuns, type Job } from './job.js';

export type Flag = -1 | 0 | 1;

export interface Method {
  name: string;
  flags(job: Job): Flag[];
}

export const ALPHA = DEFAULTS.alpha;

export const BENCHGATE_SETTINGS: AnalysisSettings = {
  alpha: DEFAULTS.alpha,
  thresholdPct: DEFAULTS.thresholdPct,
  correction: DEFAULTS.correction,
  sampling: DEFAULTS.sampling,
};

/** benchgate default: Mann-Whitney U, Holm over the suite, 2% practical threshold. */
export const BENCHGATE: Method = {
  name: 'benchgate',
  flags(job) {
    const index = new Map(job.values.map((_, b) => [benchmarkName(b), b]));
    const flags: Flag[] = job.values.map(() => 0);
    for (const c of compareRuns(toRuns(job), BENCHGATE_SETTINGS)) {
      const b = index.get(c.benchmark)!;
      if (c.verdict === 'regression') flags[b] = 1;
      else if (c.verdict === 'improvement') flags[b] = -1;
    }
    return flags;
  },
};

const direction = (base: readonly number[], head: readonly number[]): Flag => Math.sign(median(head) - median(base)) as Flag;

/** benchstat's rule: Mann-Whitney at alpha for each benchmark, no correction, no threshold. */
export const MWU_UNCORRECTED: Method = {
  name: 'MWU α=0.05, uncorrected',
  flags: (job) => job.values.map((v) => (mannWhitneyU(v.base, v.head).p < ALPHA ? direction(v.base, v.head) : 0)),
};

/**
 * github-action-benchmark's rule: one run each (the stored previous result vs this one), alert
 * when head / base reaches the ratio. It alerts on slowdowns only, so it never reports -1.
 */
export function ratioThreshold(ratio: number): Method {
  return {
    name: `ratio ≥ ${Math.round(ratio * 100)}%, one run each`,
    flags: (job) => job.values.map((v) => (v.head[0]! / v.base[0]! >= ratio ? 1 : 0)),
  };
}

/** Two-sample Student t-test on log times: the most powerful test when the noise is log-normal. */
function tTestP(base: readonly number[], head: readonly number[]): number {
  const x = base.map(Math.log);
  const y = head.map(Math.log);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const mx = mean(x);
  const my = mean(y);
  const ss = x.reduce((s, v) => s + (v - mx) ** 2, 0) + y.reduce((s, v) => s + (v - my) ** 2, 0);
  const df = x.length + y.length - 2;
  const se = Math.sqrt((ss / df) * (1 / x.length + 1 / y.length));
  if (se === 0) return my === mx ? 1 : 0;
  return Math.min(1, 2 * studentTSf(Math.abs(my - mx) / se, df));
}

function adjusted(p: number[], correction: 'holm' | 'none'): number[] {
  return correction === 'holm' ? holm(p) : p;
}

/** The t-test at the same alpha and n: with Holm it is the reference for benchgate's power. */
export function tTest(correction: 'holm' | 'none'): Method {
  return {
    name: correction === 'holm' ? 't-test, Holm (reference)' : 't-test α=0.05, uncorrected',
    flags(job) {
      const p = adjusted(
        job.values.map((v) => tTestP(v.base, v.head)),
        correction,
      );
      return job.values.map((v, b) => (p[b]! < ALPHA ? direction(v.base, v.head) : 0));
    },
  };
}

/** Per-round log(head / base): the paired view of a job, which cancels drift between rounds. */
function roundLogRatios(v: Record<Side, number[]>): number[] {
  return v.head.map((h, i) => Math.log(h / v.base[i]!));
}

/**
 * The paired alternative to benchgate's default: Wilcoxon signed-rank on per-round log ratios,
 * with the same Holm correction and the same practical threshold (on the median ratio).
 */
export const SIGNED_RANK: Method = {
  name: 'paired signed-rank, Holm + 2%',
  flags(job) {
    const d = job.values.map(roundLogRatios);
    const p = holm(d.map((x) => wilcoxonSignedRank(x, { alternative: 'two-sided', method: 'auto', correction: true }).p));
    return d.map((x, b) => {
      const changePct = 100 * Math.expm1(median(x));
      if (p[b]! >= ALPHA || Math.abs(changePct) < BENCHGATE_SETTINGS.thresholdPct) return 0;
      return Math.sign(changePct) as Flag;
    });
  },
};

/** Every method by a short key, so that a cell of work can name its methods as plain data. */
export const METHODS = {
  benchgate: BENCHGATE,
  mwu: MWU_UNCORRECTED,
  'ratio-110': ratioThreshold(1.1),
  'ratio-200': ratioThreshold(2),
  't-holm': tTest('holm'),
  t: tTest('none'),
  'signed-rank': SIGNED_RANK,
} satisfies Record<string, Method>;
export type MethodKey = keyof typeof METHODS;
