/**
 * The adaptive design's defaults, chosen by measurement (`npm run bench -- --only adaptive`,
 * docs/performance.md section 6).
 */
import type { AdaptiveDesign } from './design.js';
import type { AdaptiveBudget } from './driver.js';

export const ADAPTIVE_DESIGN: AdaptiveDesign = {
  alpha: 0.005,
  spending: 'obrien-fleming',
  test: 'mann-whitney',
  thresholdPct: 2,
  confLevel: 0.95,
};

export const ADAPTIVE_BUDGET: AdaptiveBudget = {
  minRounds: 10,
  lookEvery: 5,
  maxRounds: 30,
  maxTimeMs: 0,
};
