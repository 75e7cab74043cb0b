/** Readable values (src/report/units.ts): the one place every report takes a value's scale from. */
import { describe, expect, it } from '@jest/globals';
import { formatTicks, formatValue, scaleFor } from '../../src/report/units.js';

const shown = (value: number, unit: string) => formatValue(value, scaleFor(unit, value));

describe('scaleFor and formatValue', () => {
  it('print byte rates in decimal steps, as disks and networks are rated', () => {
    expect(shown(2_817_565_000, 'B/s')).toBe('2.82 GB/s');
    expect(shown(45_300_000, 'B/s')).toBe('45.3 MB/s');
    expect(shown(1500, 'bytes/s')).toBe('1.50 kB/s');
    expect(shown(12, 'B/s')).toBe('12.0 B/s');
    expect(shown(1200, 'MB/s')).toBe('1.20 GB/s');
    expect(shown(812, 'MB/s')).toBe('812 MB/s');
  });

  it('give other rates an SI prefix and keep their unit', () => {
    expect(shown(1_234_567, 'ops/s')).toBe('1.23 M ops/s');
    expect(shown(15_300, 'req/s')).toBe('15.3 k req/s');
    expect(shown(950, 'i/s')).toBe('950 i/s');
  });

  it('keep times and sizes as they were, and other units as they are', () => {
    expect(shown(1.31e-6, 's')).toBe('1.31 µs');
    expect(shown(3 * 1024 ** 2, 'B')).toBe('3.00 MiB');
    expect(shown(1200, 'allocs/op')).toBe('1200 allocs/op');
    expect(shown(1200, 'constructor')).toBe('1200 constructor');
  });

  it('scales base and head alike, from the one reference value', () => {
    const scale = scaleFor('B/s', 2_817_565_000);
    expect([formatValue(2_817_565_000, scale), formatValue(950_000_000, scale)]).toEqual(['2.82 GB/s', '0.950 GB/s']);
  });
});

describe('formatTicks', () => {
  it('writes ticks in the scale of the values, as formatValue does', () => {
    const scale = scaleFor('s', 1.31e-6);
    expect(formatTicks([1.2e-6, 1.3e-6, 1.4e-6], scale)).toEqual(['1.20 µs', '1.30 µs', '1.40 µs']);
  });

  it('adds the decimals the spacing needs where formatValue would print two ticks alike', () => {
    const scale = scaleFor('s', 1.31e-6);
    expect(formatTicks([1.305e-6, 1.31e-6, 1.315e-6], scale)).toEqual(['1.305 µs', '1.310 µs', '1.315 µs']);
  });

  it('keeps a unit it has no scale for', () => {
    expect(formatTicks([1200, 1300], scaleFor('ns/op', 1250))).toEqual(['1200 ns/op', '1300 ns/op']);
  });
});
