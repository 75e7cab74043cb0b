/** Number parsing and unit normalisation shared by all parsers. */
import type { Better } from '../model.js';

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses a plain decimal (with optional exponent, including MSVC's 3-digit `1e-006`).
 * Unlike Number(), rejects "", hex, "Infinity" and surrounding spaces; returns undefined instead.
 */
export function parseDecimal(text: string): number | undefined {
  if (text.length > 64 || !DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Time units shorter than a second, as units per second: dividing keeps `12 ns` exactly 1.2e-8 s. */
const PER_SECOND: Record<string, number> = {
  ps: 1e12,
  ns: 1e9,
  us: 1e6,
  '\u00b5s': 1e6, // micro sign
  '\u03bcs': 1e6, // greek mu
  ms: 1e3,
  s: 1,
  sec: 1,
};
const SECONDS_PER: Record<string, number> = { min: 60, h: 3600 };

export function isTimeUnit(unit: string): boolean {
  return Object.hasOwn(PER_SECOND, unit) || Object.hasOwn(SECONDS_PER, unit);
}

/** Converts a time value to seconds; `unit` must satisfy isTimeUnit. */
export function toSeconds(value: number, unit: string): number {
  return Object.hasOwn(PER_SECOND, unit) ? value / PER_SECOND[unit]! : value * SECONDS_PER[unit]!;
}

const BYTES_PER: Record<string, number> = {
  B: 1,
  KB: 1e3,
  kB: 1e3,
  MB: 1e6,
  GB: 1e9,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
};

/** A value with its metric, normalised unit and direction. */
export interface Normalised {
  metric: string;
  unit: string;
  better: Better;
  value: number;
}

/**
 * Normalises a value printed with `unit`: time to "s", sizes to "B", byte rates to "B/s".
 * Other units are kept; anything per second is higher-is-better, everything else lower.
 */
export function normalise(value: number, unit: string): Normalised {
  if (isTimeUnit(unit)) return { metric: 'time', unit: 's', better: 'lower', value: toSeconds(value, unit) };
  if (Object.hasOwn(BYTES_PER, unit)) return { metric: 'memory', unit: 'B', better: 'lower', value: value * BYTES_PER[unit]! };
  const rate = unit.endsWith('/s') ? unit.slice(0, -2) : undefined;
  if (rate !== undefined && Object.hasOwn(BYTES_PER, rate)) {
    return { metric: 'throughput', unit: 'B/s', better: 'higher', value: value * BYTES_PER[rate]! };
  }
  if (rate !== undefined) return { metric: 'throughput', unit, better: 'higher', value };
  return { metric: unit, unit, better: 'lower', value };
}
