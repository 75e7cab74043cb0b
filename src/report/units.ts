/** Human-readable numbers for reports: values with a unit prefix, percentages, p-values (the one place they are formatted). */

const TIME_STEPS: [number, string][] = [
  [1, 's'],
  [1e-3, 'ms'],
  [1e-6, 'µs'],
  [1e-9, 'ns'],
];
const BYTE_STEPS: [number, string][] = [
  [1024 ** 3, 'GiB'],
  [1024 ** 2, 'MiB'],
  [1024, 'KiB'],
  [1, 'B'],
];
/** Byte rates in decimal steps, as disks and networks are rated (Go's MB/s is 10^6 B/s). */
const BYTE_RATE_STEPS: [number, string][] = [
  [1e12, 'TB/s'],
  [1e9, 'GB/s'],
  [1e6, 'MB/s'],
  [1e3, 'kB/s'],
  [1, 'B/s'],
];
/** Byte-rate units a harness prints, with their size in B/s. */
const BYTE_RATES = new Map([
  ['B/s', 1],
  ['bytes/s', 1],
  ['kB/s', 1e3],
  ['KB/s', 1e3],
  ['MB/s', 1e6],
  ['GB/s', 1e9],
]);
/** SI prefixes for other rates ("ops/s", "items/s", "req/s"): the count scales, the unit stays. */
const COUNT_PREFIXES: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];

function stepsFor(unit: string): [number, string][] | null {
  if (unit === 's') return TIME_STEPS;
  if (unit === 'B') return BYTE_STEPS;
  const byteRate = BYTE_RATES.get(unit);
  if (byteRate !== undefined) return BYTE_RATE_STEPS.map(([factor, name]) => [factor / byteRate, name]);
  if (unit.endsWith('/s')) return COUNT_PREFIXES.map(([factor, prefix]) => [factor, prefix === '' ? unit : `${prefix} ${unit}`]);
  return null;
}

function significant(v: number): string {
  const abs = Math.abs(v);
  if (abs === 0) return '0';
  if (abs >= 100) return v.toFixed(0);
  if (abs >= 10) return v.toFixed(1);
  if (abs >= 1) return v.toFixed(2);
  return v.toPrecision(3);
}

/**
 * Picks one scale for a row (from its reference value) so base and head read alike: times,
 * sizes and rates in readable steps (1.31 µs, 2.0 MiB, 2.82 GB/s, 1.20 M ops/s); other units as
 * they are. Every report that shows a value takes its scale from here.
 */
export function scaleFor(unit: string, reference: number): { factor: number; unit: string } {
  const steps = stepsFor(unit);
  if (!steps) return { factor: 1, unit };
  const abs = Math.abs(reference);
  const step = steps.find(([f]) => abs >= f) ?? steps[steps.length - 1]!;
  return { factor: step[0], unit: step[1] };
}

export function formatValue(value: number | null | undefined, scale: { factor: number; unit: string }): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return `${significant(value / scale.factor)} ${scale.unit}`.trim();
}

/**
 * Axis ticks in one scale: as formatValue writes values, with as many more decimals as the
 * spacing needs where that would print two ticks alike (1.305 and 1.310 µs are not both "1.31").
 */
export function formatTicks(ticks: readonly number[], scale: { factor: number; unit: string }): string[] {
  const plain = ticks.map((t) => formatValue(t, scale));
  if (new Set(plain).size === plain.length) return plain;
  const spacing = Math.min(...ticks.slice(1).map((t, i) => Math.abs(t - ticks[i]!))) / scale.factor;
  const decimals = Math.min(12, Math.max(0, Math.ceil(-Math.log10(spacing) - 1e-9)));
  return ticks.map((t) => `${(t / scale.factor).toFixed(decimals)} ${scale.unit}`.trim());
}

export function formatPct(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return '–';
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '±';
  return `${sign}${Math.abs(pct).toFixed(Math.abs(pct) >= 10 ? 1 : 2)}%`;
}

export function formatChange(pct: number | null, ci: [number, number] | null): string {
  if (pct === null) return '–';
  return ci ? `${formatPct(pct)} [${formatPct(ci[0])}, ${formatPct(ci[1])}]` : formatPct(pct);
}

export function formatP(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '–';
  if (p < 0.0001) return '<0.0001';
  return p.toFixed(4);
}
