/** Number parsing and unit normalisation shared by all parsers. */
import type { Better } from '../model.js';
import { FormatError } from './types.js';

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

/** Digits grouped by commas in threes, with a point decimal: `78,120.88`, `1,234,567`. */
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** Only digits, points and commas, one comma at least: a number, but in which convention? */
const COMMA_NUMBER = /^[+-]?[\d.,]*\d[\d.,]*$/;

/**
 * A decimal that may group its digits with commas, as text reports print large numbers. Only
 * strict three-digit grouping with a point decimal is read; a comma elsewhere ("78,12": a
 * grouping or a decimal comma? "1,2345", "78.120,88") could be read 1000x wrong, so it is a
 * FormatError naming the fix. undefined: not a number at all (the caller says what it expected).
 */
export function parseGroupedDecimal(text: string, format: string, line: number): number | undefined {
  if (!text.includes(',')) return parseDecimal(text);
  if (text.length <= 64 && GROUPED.test(text)) return parseDecimal(text.replaceAll(',', ''));
  if (COMMA_NUMBER.test(text)) {
    throw new FormatError(
      format,
      `"${text}" is not a number benchgate can read without guessing (a digit grouping or a decimal comma?): run it with LC_ALL=C, or use the tool's JSON output`,
      line,
    );
  }
  return undefined;
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
