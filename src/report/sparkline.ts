/**
 * A compact Unicode sparkline of a comparison's per-run values in round order, base then head
 * on one shared scale ("▁▂▁▁▂ → ▆▇▆▇▆", the column headed by SPARKLINE_LEGEND): a shift between the sides shows as a step, drift as a
 * slope, a noisy side as jagged bars. For table cells where a plot cannot go (markdown).
 */
import type { Comparison, RoundSeries } from '../model.js';
import { median } from '../stats/index.js';

const BARS = '▁▂▃▄▅▆▇█';
/** Longer series are shown as this many bars per side, each the median of consecutive rounds. */
export const MAX_BARS = 12;

function buckets(values: readonly number[]): number[] {
  if (values.length <= MAX_BARS) return [...values];
  return Array.from({ length: MAX_BARS }, (_, i) =>
    median(values.slice(Math.floor((i * values.length) / MAX_BARS), Math.floor(((i + 1) * values.length) / MAX_BARS))),
  );
}

/** Bars for each series on the scale of all of them; '' for a series without values. */
export function sparklines(series: readonly (readonly number[])[]): string[] {
  const bucketed = series.map(buckets);
  const all = bucketed.flat().filter(Number.isFinite);
  if (all.length === 0) return series.map(() => '');
  const lo = Math.min(...all);
  const range = Math.max(...all) - lo;
  const bar = (v: number) => (range === 0 ? BARS[3]! : BARS[Math.round(((v - lo) / range) * (BARS.length - 1))]!);
  return bucketed.map((values) => values.filter(Number.isFinite).map(bar).join(''));
}

/** The column header that says which bars are which. */
export const SPARKLINE_LEGEND = 'per round: base → head';

/**
 * "base → head" bars of the comparison's per-round values; '' when it has none (added, removed,
 * failed). Diagnostics are not typed in the schema yet, so a results.json from elsewhere may
 * hold anything there: only lists are drawn.
 */
export function roundsSparkline(c: Comparison): string {
  const rounds = c.diagnostics?.rounds as Partial<Record<'base' | 'head', Partial<RoundSeries>>> | undefined;
  const base = rounds?.base?.values;
  const head = rounds?.head?.values;
  if (!Array.isArray(base) || !Array.isArray(head) || base.length === 0 || head.length === 0) return '';
  return sparklines([base, head]).join(' → ');
}
