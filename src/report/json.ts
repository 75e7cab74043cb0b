/** results.json: the whole analysis as data, for other tools and for `benchgate report`. */
import type { ComparisonResult } from '../model.js';

export function renderJson(result: ComparisonResult): string {
  return JSON.stringify(result, null, 2) + '\n';
}
