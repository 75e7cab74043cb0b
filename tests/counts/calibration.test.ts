import { describe, expect, it } from '@jest/globals';
import { calibrateWork, judgeProbes, probeSize, RUN_MAX_INSTRUCTIONS, workFromProbes } from '../../src/counts/calibration.js';

/**
 * A stand-in benchmark's whole-run counts: start-up, then Go's first run at b.N = 1 and the
 * fixed count (`work` > 1), each op `perOp` instructions, plus seeded noise of at most `noise`.
 */
function standIn(startup: number, perOp: number, noise: number, seed = 7) {
  let state = seed;
  const jitter = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.round((state / 2 ** 31 - 0.5) * 2 * noise);
  };
  const probed: number[] = [];
  const count = async (work: number) => {
    probed.push(work);
    return startup + (work === 1 ? 1 : 1 + work) * perOp + jitter();
  };
  return { count, probed };
}

/** The large run's instructions at this calibration. */
const largeRun = (startup: number, perOp: number, large: number) => startup + (1 + large) * perOp;

describe('count calibration', () => {
  it('probes about 2 ms of native work, at least two iterations (Go runs b.N = 1 first unless the count is 1)', () => {
    expect(probeSize(1000)).toBe(2000);
    expect(probeSize(5e9)).toBe(2);
    expect(probeSize(0)).toBe(1e9);
    expect(probeSize(null)).toBe(2);
  });

  it('sizes the small work so the benchmark dominates: 20 M instructions, or 10 × the fixed cost', () => {
    const work = (p: number, c1: number, c2: number) => workFromProbes({ p, c1, c2 }, judgeProbes({ p, c1, c2 }, null)).work;
    // 1,000 instructions an iteration, 2.6 M fixed: 26 M / 1,000.
    expect(work(2000, 2_600_000 + 2_000_000, 2_600_000 + 4_000_000)).toEqual({ small: 26_000, large: 52_000 });
    // A tiny fixed cost: the 20 M floor.
    expect(work(100, 1000 + 100 * 50, 1000 + 200 * 50)).toEqual({ small: 400_000, large: 800_000 });
    // A huge iteration: never below the probe.
    expect(work(2, 3e9, 6e9)).toEqual({ small: 2, large: 4 });
  });

  it('a Parse/small-like benchmark whose first probes differ by noise is re-probed, never counted at 83 M iterations', async () => {
    // valyala/fastjson's Parse/small: ~3,800 instructions an op, ~8.3 M of start-up, one cold native iteration of 1 ms.
    const { count, probed } = standIn(8_300_000, 3800, 5000);
    // The old rule on the first probes (2 and 4 iterations, 7,600 apart): per-op floored at 1, 83 M iterations.
    expect(judgeProbes({ p: 2, c1: await count(2), c2: await count(4) }, 1e6)).toBe('noise');
    probed.length = 0;
    const calibrated = await calibrateWork(count, 1e6);
    // Resolved at 32 and 64. A cold native millisecond for 3,800 instructions (0.004 per ns) would
    // ask for a larger look, but 512 and 1,024 iterations would run over a second natively: the counts stand.
    expect(probed).toEqual([2, 4, 32, 64]);
    expect(calibrated).toMatchObject({ verdict: 'implausible', capped: false, reprobes: 1 });
    // 10 × the fixed cost (start-up and Go's first op) over 3,800, within the noise of the probes.
    const ideal = (10 * (8_300_000 + 3800)) / 3800;
    expect(calibrated.work.small / ideal).toBeGreaterThan(0.9);
    expect(calibrated.work.small / ideal).toBeLessThan(1.1);
    expect(largeRun(8_300_000, 3800, calibrated.work.large)).toBeLessThan(1e9);
  });

  it('a twitter-like benchmark (one op dwarfs start-up) is resolved at the first probes and counted at enough iterations', async () => {
    const { count, probed } = standIn(8_300_000, 100e6, 5000);
    const calibrated = await calibrateWork(count, 30e6);
    expect(probed).toEqual([2, 4]);
    expect(calibrated).toMatchObject({ verdict: 'resolved', capped: false });
    // Not 1 and 2: the op's difference is exact from 2 on, and 10 × the fixed cost (start-up and Go's first op) asks 11.
    expect(calibrated.work).toEqual({ small: 11, large: 22 });
  });

  it('a per-op count that never leaves the noise is counted at its upper bound, under the cap, and says so', async () => {
    // Half an instruction an op (an empty loop the compiler shrank), noise ±5,000 on 8.3 M.
    const { count, probed } = standIn(8_300_000, 0.5, 5000);
    const calibrated = await calibrateWork(count, 1e6);
    expect(calibrated.verdict).toBe('noise');
    expect(probed.length).toBeLessThanOrEqual(8);
    expect(largeRun(8_300_000, 0.5, calibrated.work.large)).toBeLessThanOrEqual(RUN_MAX_INSTRUCTIONS);
    expect(calibrated.work.small).toBeGreaterThan(2);
  });

  it('holds a run to the cap when the wanted work would pass it', () => {
    // 3 G of start-up and 1,000 an op: 10 × start-up asks 30 M iterations, a 63 G large run.
    const probes = { p: 100_000, c1: 3e9 + 1e8, c2: 3e9 + 2e8 };
    const calibrated = workFromProbes(probes, judgeProbes(probes, null));
    expect(calibrated.capped).toBe(true);
    expect(3e9 + calibrated.work.large * 1000).toBeLessThanOrEqual(RUN_MAX_INSTRUCTIONS);
    expect(calibrated.work.small).toBe(8_500_000);
  });

  it('cross-checks the per-op count against the native time per op', () => {
    const probes = { p: 1000, c1: 1e7 + 1e6, c2: 1e7 + 2e6 }; // 1,000 instructions an op
    expect(judgeProbes(probes, 100)).toBe('resolved'); // 10 per ns
    expect(judgeProbes(probes, 1)).toBe('implausible'); // 1,000 per ns: no core does that
    expect(judgeProbes(probes, 1e6)).toBe('implausible'); // 0.001 per ns: re-probed larger
    expect(judgeProbes({ p: 10, c1: 5e6, c2: 4e6 }, null)).toBe('noise'); // a negative difference
  });

  it('re-probes an implausible count while the probes stay small, then keeps what the counts say', async () => {
    // 1,000 instructions an op against 100 µs of (cold, native) time: 0.01 per ns.
    const { count, probed } = standIn(100_000, 1000, 0);
    const calibrated = await calibrateWork(count, 1e5);
    // The next probe (5,120 and 10,240 iterations) would run over a second natively: not taken.
    expect(probed).toEqual([20, 40, 320, 640]);
    expect(calibrated).toMatchObject({ verdict: 'implausible', reprobes: 1, work: { small: 20_000, large: 40_000 } });
  });
});
