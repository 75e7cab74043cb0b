/**
 * The exact Mann-Whitney test on its own, by seeded simulation (moved here from the unit tests,
 * issue 23: the same assertions, checked in `--quick` in CI):
 * - A/A: with the default correction, a 100-benchmark suite has a flag in at most α of suites;
 * - the power of one test (n = 10, 1.5 sd) sits where theory and scipy put it (about 0.855);
 * - the power model of src/stats/power.ts agrees with the simulated test within 0.04.
 */
import { DEFAULTS } from '../../src/config.js';
import { adjustPValues, createRng, mannWhitneyPower, mannWhitneyU, type Rng } from '../../src/stats/index.js';
import { markdownTable, pct } from '../tables.js';
import type { Check, SectionOutput } from './types.js';

function normalSample(rng: Rng, n: number, mean = 0): number[] {
  return Array.from({ length: n }, () => rng.normal(mean, 1));
}

/** Fraction of seeded trials in which the two-sided exact test rejects at alpha. */
function simulatedPower(opts: { seed: number; trials: number; n: number; shiftInSd: number; alpha: number }): number {
  const rng = createRng(opts.seed);
  let rejected = 0;
  for (let t = 0; t < opts.trials; t++) {
    const base = normalSample(rng, opts.n);
    const head = normalSample(rng, opts.n, opts.shiftInSd);
    if (mannWhitneyU(base, head, { method: 'exact' }).p <= opts.alpha) rejected++;
  }
  return rejected / opts.trials;
}

/** Share of seeded A/A suites of `benchmarks` exact tests with any adjusted p at or below alpha. */
function aaSuiteRate(suites: number, benchmarks: number): number {
  const rng = createRng(20261123);
  let withFlag = 0;
  for (let s = 0; s < suites; s++) {
    const p = Array.from({ length: benchmarks }, () => mannWhitneyU(normalSample(rng, 10), normalSample(rng, 10)).p);
    if (adjustPValues(p, DEFAULTS.correction).some((q) => q <= DEFAULTS.alpha)) withFlag++;
  }
  return withFlag / suites;
}

const POWER_SETTINGS = [
  { n: 10, shiftInSd: 1.5, alpha: 0.05 },
  { n: 20, shiftInSd: 0.8, alpha: 0.05 },
  { n: 30, shiftInSd: 1.0, alpha: 0.001 },
];

export function exactTest(): Promise<SectionOutput> {
  const suites = 2000;
  const aa = aaSuiteRate(suites, 100);
  // p plus three binomial standard errors: the most a simulated rate shows when the true one is p.
  const aaBound = DEFAULTS.alpha + 3 * Math.sqrt((DEFAULTS.alpha * (1 - DEFAULTS.alpha)) / suites);
  const single = simulatedPower({ seed: 7, trials: 4000, ...POWER_SETTINGS[0]! });
  const models = POWER_SETTINGS.map((s) => ({
    ...s,
    model: mannWhitneyPower(s),
    simulated: simulatedPower({ seed: 11, trials: 2000, ...s }),
  }));

  const checks: Check[] = [
    {
      claim: `A/A: ${DEFAULTS.correction} keeps any flag in a 100-benchmark suite at or below α`,
      holds: aa <= aaBound,
      detail: `${pct(aa)} of ${suites} suites, bound ${pct(aaBound)} (α + 3 SE)`,
    },
    {
      claim: 'power of one exact test, n = 10, 1.5 sd, α 0.05, in [0.82, 0.89) (theory and scipy: about 0.855)',
      holds: single >= 0.82 && single < 0.89,
      detail: `${single.toFixed(3)} over 4000 trials`,
    },
    ...models.map((m) => ({
      claim: `power model within 0.04 of the simulated exact test (n = ${m.n}, ${m.shiftInSd} sd, α ${m.alpha})`,
      holds: Math.abs(m.model - m.simulated) < 0.04,
      detail: `model ${m.model.toFixed(3)}, simulated ${m.simulated.toFixed(3)}`,
    })),
  ];
  const markdown = [
    '### The exact test alone',
    '',
    `A/A, 100 benchmarks per suite, n = 10, ${DEFAULTS.correction} at α ${DEFAULTS.alpha}: ${pct(aa)} of ${suites} suites had a flag.`,
    '',
    markdownTable(
      ['n', 'shift (sd)', 'α', 'model power', 'simulated power (2000 trials)'],
      models.map((m) => [m.n, m.shiftInSd, m.alpha, m.model.toFixed(3), m.simulated.toFixed(3)]),
    ),
    '',
  ].join('\n');
  return Promise.resolve({ markdown, checks });
}
