import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { collectEnvironment, finishRunReading, startRunReading } from '../src/environment.js';

describe('environment readings', () => {
  it('records the machine facts, null where the OS does not expose them', () => {
    const env = collectEnvironment();
    expect(env.cpuCount).toBeGreaterThan(0);
    for (const key of ['governor', 'turbo', 'container']) expect(env).toHaveProperty(key);
    expect(env.governor === null || typeof env.governor === 'string').toBe(true);
    expect(env.turbo === null || typeof env.turbo === 'boolean').toBe(true);
  });

  it('reads load and CPU steal around a run', () => {
    const start = startRunReading();
    // Busy for a few clock ticks (10 ms each) so /proc/stat moves.
    const until = Date.now() + 60;
    while (Date.now() < until);
    const reading = finishRunReading(start);
    expect(reading.loadAvg1).toBeGreaterThanOrEqual(0);
    if (existsSync('/proc/stat')) {
      // Linux: steal is a share of the CPU time that passed during the run.
      expect(reading.stealFraction).toBeGreaterThanOrEqual(0);
      expect(reading.stealFraction).toBeLessThanOrEqual(1);
    }
  });
});
