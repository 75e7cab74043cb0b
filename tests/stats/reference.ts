import { readFileSync } from 'node:fs';
import { expect } from '@jest/globals';

/** Loads one of the scipy / R reference files copied into tests/fixtures/reference. */
export function loadCases<T>(file: string): T[] {
  const url = new URL(`../fixtures/reference/${file}`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: T[] }).cases;
}

export function expectRelative(actual: number, expected: number, tolerance: number): void {
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  // written as !(<=) so that a NaN result fails too
  if (!(Math.abs(actual - expected) / scale <= tolerance)) {
    expect(actual).toBe(expected); // fails with both numbers in the message
  }
}

export function expectAbsolute(actual: number, expected: number, tolerance: number): void {
  if (!(Math.abs(actual - expected) <= tolerance)) expect(actual).toBe(expected);
}
