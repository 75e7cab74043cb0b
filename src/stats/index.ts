/** benchgate's statistics: pure functions, checked against scipy and R (tests/stats). */
export { StatsError } from './errors.js';
export { normalCdf, normalSf, normalQuantile } from './normal.js';
export { studentTQuantile, studentTSf } from './student-t.js';
export { maxSplitTSf } from './max-split-t.js';
export { fisherFSf } from './f-distribution.js';
export { createRng, type Rng } from './random.js';
export { mannWhitneyU, EXACT_MAX_N, type Alternative, type MannWhitneyOptions, type MannWhitneyResult } from './mann-whitney.js';
export { wilcoxonSignedRank, type SignedRankOptions, type SignedRankResult } from './signed-rank.js';
export { hodgesLehmann, percentChange, type ShiftEstimate } from './hodges-lehmann.js';
export { summarize, quantile, median, mad } from './summary.js';
export { shapiroWilk } from './shapiro-wilk.js';
export { holm, benjaminiHochberg, adjustPValues } from './adjust.js';
export { minDetectableEffectPct, roundsNeeded, mannWhitneyPower, ROUNDS_CAP } from './power.js';
export { geomeanChange } from './geomean.js';
