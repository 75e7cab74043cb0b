/** Markdown tables and number formats shared by every section of the bench. */

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
