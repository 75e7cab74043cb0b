import { describe, expect, it } from '@jest/globals';
import { wilsonInterval } from '../../bench/tables.js';

/** The interval the real A/A tables quote beside their counts (bench/sections/real-adaptive.ts). */
describe('wilsonInterval', () => {
  it('matches the published Wilson score interval (R: prop.test(5, 20, correct = FALSE))', () => {
    const [low, high] = wilsonInterval(5, 20);
    expect(low).toBeCloseTo(0.1119, 4);
    expect(high).toBeCloseTo(0.4687, 4);
  });

  it('is not empty when nothing was flagged: 0 of 20 rules out only rates above about 16%', () => {
    const [low, high] = wilsonInterval(0, 20);
    expect(low).toBeCloseTo(0, 12);
    expect(high).toBeCloseTo(0.1611, 4);
  });

  it('stays inside [0, 1] and narrows with more trials', () => {
    const [low, high] = wilsonInterval(20, 20);
    expect(high).toBe(1);
    expect(low).toBeCloseTo(0.8389, 4);
    const [, wide] = wilsonInterval(1, 20);
    const [, narrow] = wilsonInterval(50, 1000);
    expect(narrow).toBeLessThan(wide);
  });
});
