/**
 * Normality per side (Shapiro-Wilk), Welch's t-test as a second opinion when both sides look
 * normal, and a distribution tag. Mann-Whitney remains the test that decides the verdict;
 * these numbers say whether its answer and a mean-based answer would agree, and what shape
 * the median summarises.
 */
import type { NormalityNumbers, SideNormality, Warning } from '../model.js';
import { shapiroWilk } from '../stats/index.js';
import { distributionTag, shapeOf, worseTag } from './shape.js';
import type { Diagnosis } from './types.js';
import { welchTTest } from './welch.js';

/**
 * On opposite sides of alpha and at least this factor apart. Two valid tests of a plain shift
 * straddle alpha by a hair in 4-7% of comparisons of normal data (simulated, n = 10 and 20);
 * a factor of 3 leaves under 1% of those.
 */
const CLEAR_DISAGREEMENT = 3;

function clearlyDisagree(p1: number, p2: number, alpha: number): boolean {
  return p1 < alpha !== p2 < alpha && Math.max(p1, p2) >= CLEAR_DISAGREEMENT * Math.min(p1, p2);
}

function sideNormality(values: readonly number[], alpha: number): SideNormality {
  const shape = shapeOf(values);
  const distinct = new Set(values).size;
  if (values.length < 3 || distinct < 2) return { n: values.length, w: null, p: null, tag: null, ...shape };
  const sw = shapiroWilk(values.slice(0, 5000));
  return { n: values.length, w: sw.w, p: sw.p, tag: distributionTag(sw.p >= alpha, shape), ...shape };
}

/**
 * `alpha` is the level at which normality is rejected (0.05 is customary); `mannWhitneyP` is
 * the comparison's raw p, compared with Welch's at the same level.
 */
export function normalityDiagnostic(
  base: readonly number[],
  head: readonly number[],
  alpha: number,
  mannWhitneyP: number | null,
): Diagnosis<NormalityNumbers> {
  const numbers: NormalityNumbers = {
    base: sideNormality(base, alpha),
    head: sideNormality(head, alpha),
    welch: null,
    tag: null,
  };
  numbers.tag = worseTag(numbers.base.tag, numbers.head.tag);
  const warnings: Warning[] = [];
  if (numbers.base.tag === 'normal' && numbers.head.tag === 'normal') {
    numbers.welch = welchTTest(base, head);
    const welch = numbers.welch;
    if (welch && mannWhitneyP !== null && clearlyDisagree(welch.p, mannWhitneyP, alpha)) {
      warnings.push({
        code: 'welch-disagrees',
        message: `both sides look normal, yet Welch's t-test on the means (p = ${welch.p.toPrecision(2)}) and Mann-Whitney on the ranks (p = ${mannWhitneyP.toPrecision(2)}) disagree at ${alpha}: a change of spread or a few extreme values can move the mean and the ranks differently; look at the distribution (Mann-Whitney decides)`,
      });
    }
  }
  for (const side of ['base', 'head'] as const) {
    const s = numbers[side];
    if (s.tag !== 'bimodal/outliers') continue;
    const why = s.outliers > 0 ? `${s.outliers} far outlier${s.outliers > 1 ? 's' : ''}` : 'two separated clusters';
    warnings.push({
      code: 'bimodal-or-outliers',
      message: `${side} samples are bimodal or have outliers (${why}): the median can hide a second mode; look at the distribution`,
    });
  }
  return { numbers, warnings };
}
