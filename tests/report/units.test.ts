import { describe, expect, it } from '@jest/globals';
import { formatTicks, scaleFor } from '../../src/report/units.js';

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
