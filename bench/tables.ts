/** Markdown tables and number formats shared by every section of the bench. */
import { normalQuantile } from '../src/stats/index.js';

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A rate as a percentage with one decimal: 0.0423 -> "4.2%". */
export const pct = (rate: number): string => `${(100 * rate).toFixed(1)}%`;

export const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(value >= 10 ? 1 : 2)) + ' ms';

/** A ratio to a baseline or a target: 1.83 -> "1.83×". */
export const times = (ratio: number): string => `${ratio.toFixed(2)}×`;

export function medianOf(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** "median (min–max)" of repeated measurements, formatted by `format`. */
export function medianRange(values: readonly number[], format: (v: number) => string): string {
  return `${format(medianOf(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

/**
 * Wilson score interval for `k` successes in `n` trials (95% by default): unlike the normal
 * interval it stays inside [0, 1] and is not empty at k = 0, the usual case of an A/A count.
 */
export function wilsonInterval(k: number, n: number, level = 0.95): [number, number] {
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = k / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
